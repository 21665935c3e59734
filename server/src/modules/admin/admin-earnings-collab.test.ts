import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, paidPost, pay, unlockChargesFor } from '../payments/payments.test-kit.ts';
import { actor, call, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

interface AdminEarningsRow {
  creator: { id: string };
  gross: number;
  fees: number;
  net: number;
  pending: number;
  available: number;
  owed: number;
  paidOut: number;
}

describe('admin earnings of a collaboration split', () => {
  it("count the split as the collaborator's: the creators' own overview figures", async () => {
    const owner = await actor(server, 'creator');
    const partner = await actor(server, 'creator');
    const admin = await actor(server, 'fan', {
      is_admin: true,
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_enabled_at: new Date(),
    });
    const post = await paidPost(server, owner, 500);
    const made = await call(server, owner, 'POST', '/collaborations', {
      postId: post.id,
      collaboratorId: partner.user.id,
      splitPercent: 25,
    });
    expect(made.status, made.text).toBe(201);
    await call(server, partner, 'POST', `/collaborations/${made.body.id}/accept`);
    const buyer = await actor(server);
    await fund(server, buyer, 10);
    expect((await pay(server, buyer, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);

    const adminRows = async () => {
      const res = await pay(server, admin, 'GET', '/admin/earnings?limit=100');
      expect(res.status, res.text).toBe(200);
      const rows = res.body.creators as AdminEarningsRow[];
      return (who: Actor) => rows.find((r) => r.creator.id === who.user.id);
    };
    /** The admin row of `who` holds the figures of their own earnings overview. */
    const agrees = async (who: Actor) => {
      const own = await pay(server, who, 'GET', '/earnings/overview');
      expect(own.status, own.text).toBe(200);
      const steps = own.body.steps;
      const row = (await adminRows())(who);
      expect(row).toEqual({
        creator: expect.objectContaining({ id: who.user.id }),
        gross: steps.gross.amount,
        fees: steps.fee.amount,
        net: steps.net.amount,
        pending: steps.pending.amount,
        available: steps.available.amount,
        owed: steps.owed.amount,
        paidOut: steps.paidOut.amount,
      });
      return row!;
    };

    // 5.00: fee 1.00, creator share 4.00, of which the collaborator's 25 % is 1.00
    expect(await agrees(owner)).toMatchObject({ gross: 4, fees: 1, net: 3, pending: 3 });
    expect(await agrees(partner)).toMatchObject({ gross: 1, fees: 0, net: 1, pending: 1 });
    const rows = await adminRows();
    // the buyer and the admin earned nothing and are not listed
    expect(rows(buyer)).toBeUndefined();
    expect(rows(admin)).toBeUndefined();

    // a full refund takes each side's part back, in the admin figures as in their own
    const [charge] = await unlockChargesFor(server, 'postId', post.id);
    const refund = await pay(server, admin, 'POST', `/admin/transactions/${charge!.id}/refund`, {
      reason: 'all',
    });
    expect(refund.status, refund.text).toBe(200);
    expect(await agrees(owner)).toMatchObject({ gross: 4, fees: 0, net: 0 });
    expect(await agrees(partner)).toMatchObject({ gross: 1, fees: 0, net: 0 });
  });
});
