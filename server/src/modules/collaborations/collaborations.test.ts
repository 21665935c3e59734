import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { LedgerAccountKind } from '../../platform/db/schema.ts';
import { releaseDuePending } from '../ledger/charges.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';
import { reverseCharge } from '../ledger/reversals.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, paidPost, pay, unlockChargesFor } from '../payments/payments.test-kit.ts';
import { actor, call, type Actor } from '../posts/posts.test-kit.ts';
import { collaboratorPart } from './collaborations.split.ts';

let server: TestServer;
let owner: Actor;
let partner: Actor;
beforeAll(async () => {
  server = await createTestServer();
  owner = await actor(server, 'creator');
  partner = await actor(server, 'creator');
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const invite = (who: Actor, body: Record<string, unknown>) =>
  call(server, who, 'POST', '/collaborations', body);

async function balance(kind: LedgerAccountKind, userId: string) {
  const row = await server.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('kind', '=', kind)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance_cents ?? 0);
}
const pending = (userId: string) => balance('creator_pending', userId);

describe('collaboration invites', () => {
  it('invites, lists both sides, accepts once and ends', async () => {
    const post = await paidPost(server, owner);
    const sent = await invite(owner, {
      postId: post.id,
      collaboratorId: partner.user.id,
      splitPercent: 30,
    });
    expect(sent).toMatchObject({
      status: 201,
      body: {
        status: 'pending',
        splitPercent: 30,
        direction: 'sent',
        earnedCents: 0,
        postCaption: 'paid',
      },
    });
    const id = sent.body.id as string;
    const again = await invite(owner, {
      postId: post.id,
      collaboratorId: partner.user.id,
      splitPercent: 10,
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'COLLABORATION_EXISTS' } });

    const theirs = await call(server, partner, 'GET', '/collaborations');
    expect(theirs.body.sent).toEqual([]);
    expect(theirs.body.received[0]).toMatchObject({
      id,
      direction: 'received',
      owner: { id: owner.user.id },
    });

    // only the invitee answers
    expect((await call(server, owner, 'POST', `/collaborations/${id}/accept`)).status).toBe(404);
    const accepted = await call(server, partner, 'POST', `/collaborations/${id}/accept`);
    expect(accepted.body).toMatchObject({ status: 'accepted' });
    const twice = await call(server, partner, 'POST', `/collaborations/${id}/decline`);
    expect(twice).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });

    // read by id: each side sees the list's item from their side; anyone else 404
    const fromOwner = await call(server, owner, 'GET', `/collaborations/${id}`);
    const ownerList = await call(server, owner, 'GET', '/collaborations');
    expect(fromOwner).toMatchObject({
      status: 200,
      body: ownerList.body.sent.find((c: { id: string }) => c.id === id),
    });
    const fromPartner = await call(server, partner, 'GET', `/collaborations/${id}`);
    expect(fromPartner.body).toMatchObject({ id, direction: 'received', status: 'accepted' });

    const stranger = await actor(server, 'creator');
    for (const path of [`/collaborations/${id}`, '/collaborations/not-a-uuid'])
      expect(await call(server, stranger, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'COLLABORATION_NOT_FOUND', message: 'Collaboration not found' },
      });
    expect((await call(server, stranger, 'DELETE', `/collaborations/${id}`)).status).toBe(404);
    expect((await call(server, stranger, 'GET', '/collaborations')).body).toEqual({
      sent: [],
      received: [],
    });
    expect((await call(server, partner, 'DELETE', `/collaborations/${id}`)).status).toBe(200);
    expect((await call(server, owner, 'GET', '/collaborations')).body.sent).toEqual([]);
  });

  it("refuses other people's posts, fans, self, unknown users and bad splits", async () => {
    const post = await paidPost(server, owner);
    const fan = await actor(server);
    const notMine = await invite(partner, {
      postId: post.id,
      collaboratorId: owner.user.id,
      splitPercent: 10,
    });
    expect(notMine.status).toBe(404);
    const toFan = await invite(owner, {
      postId: post.id,
      collaboratorId: fan.user.id,
      splitPercent: 10,
    });
    expect(toFan).toMatchObject({ status: 400, body: { field: 'collaboratorId' } });
    const self = await invite(owner, {
      postId: post.id,
      collaboratorId: owner.user.id,
      splitPercent: 10,
    });
    expect(self.body.code).toBe('CANNOT_TARGET_SELF');
    expect(
      (await invite(owner, { postId: post.id, collaboratorId: randomUUID(), splitPercent: 10 }))
        .status,
    ).toBe(404);
    expect(
      (await invite(owner, { postId: post.id, collaboratorId: partner.user.id, splitPercent: 95 }))
        .status,
    ).toBe(400);
    expect(
      (await invite(owner, { postId: post.id, collaboratorId: partner.user.id, splitPercent: 0 }))
        .status,
    ).toBe(400);
    expect(
      (await invite(fan, { postId: post.id, collaboratorId: partner.user.id, splitPercent: 5 }))
        .body.code,
    ).toBe('ONLY_CREATORS');
    const none = await server.ctx.db
      .selectFrom('collaborations')
      .select('id')
      .where('post_id', '=', post.id)
      .execute();
    expect(none).toEqual([]);
  });
});

describe('collaboration notifications', () => {
  const collabNotices = async (who: Actor) => {
    const res = await call(server, who, 'GET', '/notifications?limit=100');
    expect(res.status).toBe(200);
    return (res.body.notifications as { type: string }[]).filter((n) => n.type === 'collaboration');
  };

  it('tells the invitee about an invite and the inviter about the answer', async () => {
    const o = await actor(server, 'creator');
    const p = await actor(server, 'creator');
    const post = await paidPost(server, o);
    const made = await invite(o, { postId: post.id, collaboratorId: p.user.id, splitPercent: 20 });
    expect(made.status).toBe(201);
    expect(await collabNotices(p)).toEqual([
      expect.objectContaining({
        actorId: o.user.id,
        relatedId: made.body.id,
        relatedType: 'collaboration',
        data: expect.objectContaining({ event: 'invited', postId: post.id, splitPercent: 20 }),
      }),
    ]);
    expect(await collabNotices(o)).toEqual([]);

    await call(server, p, 'POST', `/collaborations/${made.body.id}/accept`);
    expect(await collabNotices(o)).toEqual([
      expect.objectContaining({
        actorId: p.user.id,
        relatedId: made.body.id,
        data: expect.objectContaining({ event: 'accepted' }),
      }),
    ]);
    // a refused second answer tells nobody
    await call(server, p, 'POST', `/collaborations/${made.body.id}/decline`);
    expect(await collabNotices(o)).toHaveLength(1);

    const other = await paidPost(server, o);
    const second = await invite(o, {
      postId: other.id,
      collaboratorId: p.user.id,
      splitPercent: 10,
    });
    await call(server, p, 'POST', `/collaborations/${second.body.id}/decline`);
    const told = await collabNotices(o);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({ relatedId: second.body.id, data: { event: 'declined' } });
    expect(await collabNotices(p)).toHaveLength(2);
  });
});

describe('revenue split', () => {
  it('rounds down for the collaborator', () => {
    expect(collaboratorPart(400, 30)).toBe(120);
    expect(collaboratorPart(399, 33)).toBe(131);
    expect(collaboratorPart(1, 50)).toBe(0);
  });

  it('splits unlocks and post tips of an accepted collaboration through the ledger', async () => {
    const o = await actor(server, 'creator');
    const p = await actor(server, 'creator');
    const post = await paidPost(server, o, 500);
    const made = await invite(o, { postId: post.id, collaboratorId: p.user.id, splitPercent: 25 });
    const buyerBefore = await actor(server);
    await fund(server, buyerBefore, 20);
    // not accepted yet: no split
    expect((await pay(server, buyerBefore, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    expect(await pending(p.user.id)).toBe(0);
    expect(await pending(o.user.id)).toBe(400);

    await call(server, p, 'POST', `/collaborations/${made.body.id}/accept`);
    const buyer = await actor(server);
    await fund(server, buyer, 20);
    expect((await pay(server, buyer, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    // share 400 (20 % fee of 500), collaborator floor(400 × 25 %) = 100
    expect(await pending(p.user.id)).toBe(100);
    expect(await pending(o.user.id)).toBe(700);

    const tip = await pay(server, buyer, 'POST', '/tips', {
      recipientUserId: o.user.id,
      amount: 3.33,
      tipType: 'post',
      contentId: post.id,
    });
    expect(tip.status).toBe(201);
    // tip 333: fee 66, share 267, collaborator floor(66.75) = 66
    expect(await pending(p.user.id)).toBe(166);
    expect(await pending(o.user.id)).toBe(901);

    const listed = await call(server, p, 'GET', '/collaborations');
    expect(listed.body.received[0]).toMatchObject({ earnedCents: 166, earned: 1.66 });
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);

    // both shares are released by the usual job
    await releaseDuePending(server.ctx.db, new Date(Date.now() + 8 * 86_400_000));
    expect(await pending(p.user.id)).toBe(0);
    const available = await server.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('kind', '=', 'creator_available')
      .where('owner_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(available.balance_cents)).toBe(166);
    const report = await verifyLedger(server.ctx.db);
    expect(report.invariants.filter((i) => !i.ok)).toEqual([]);

    const statement = await pay(server, p, 'GET', '/users/me/transactions?limit=10');
    expect(statement.status).toBe(200);
  });
});

describe('refunds and chargebacks of a split charge', () => {
  /** A 5.00 post of a fresh owner with an accepted 25 % split, unlocked once: share 400, part 100. */
  async function splitUnlock() {
    const o = await actor(server, 'creator');
    const p = await actor(server, 'creator');
    const post = await paidPost(server, o, 500);
    const made = await invite(o, { postId: post.id, collaboratorId: p.user.id, splitPercent: 25 });
    await call(server, p, 'POST', `/collaborations/${made.body.id}/accept`);
    const buyer = await actor(server);
    await fund(server, buyer, 10);
    expect((await pay(server, buyer, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    const [charge] = await unlockChargesFor(server, 'postId', post.id);
    expect(await pending(p.user.id)).toBe(100);
    expect(await pending(o.user.id)).toBe(300);
    return { o, p, buyer, chargeId: charge!.id, collaborationId: made.body.id as string };
  }
  const invariantsOk = async () =>
    expect((await verifyLedger(server.ctx.db)).invariants.filter((i) => !i.ok)).toEqual([]);

  it('an admin refund before the release takes the parts back from both holds, proportionally', async () => {
    const admin = await actor(server, 'fan', {
      is_admin: true,
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_enabled_at: new Date(),
    });
    const { o, p, buyer, chargeId, collaborationId } = await splitUnlock();
    const url = `/admin/transactions/${chargeId}/refund`;
    // 2.50 of 5.00: fee 50, share 200 back; collaborator floor(100 × 200 / 400) = 50
    const half = await pay(server, admin, 'POST', url, { amount: 2.5, reason: 'half' });
    expect(half.status, half.text).toBe(200);
    expect(await pending(p.user.id)).toBe(50);
    expect(await pending(o.user.id)).toBe(150);
    await invariantsOk();
    // the yearly earnings statements agree with the balances: the share counts for the
    // collaborator and not for the owner, and so does its part of the refund
    const summary = async (who: Actor) =>
      (await pay(server, who, 'GET', '/tax-documents/statements')).body.years[0];
    expect(await summary(o)).toMatchObject({
      grossCents: 400,
      feesCents: 50,
      refundsCents: 200,
      netCents: 150,
    });
    expect(await summary(p)).toMatchObject({
      grossCents: 100,
      feesCents: 0,
      refundsCents: 50,
      netCents: 50,
    });

    const rest = await pay(server, admin, 'POST', url, { reason: 'rest' });
    expect(rest.status, rest.text).toBe(200);
    expect(await pending(p.user.id)).toBe(0);
    expect(await pending(o.user.id)).toBe(0);
    expect(await balance('user_wallet', buyer.user.id)).toBe(1000);
    // exactly once: nothing more to take back from anyone
    expect((await pay(server, admin, 'POST', url, { amount: 0.01, reason: 'more' })).status).toBe(
      409,
    );
    expect(await pending(p.user.id)).toBe(0);
    expect(await balance('creator_owed', p.user.id)).toBe(0);
    const holds = await server.ctx.db
      .selectFrom('ledger_pending_releases')
      .select('amount_cents')
      .where('creator_id', '=', p.user.id)
      .where('released_transaction_id', 'is', null)
      .execute();
    expect(holds).toEqual([]);
    const listed = await call(server, p, 'GET', '/collaborations');
    expect(listed.body.received[0]).toMatchObject({ id: collaborationId, earnedCents: 0 });
    const told = await server.ctx.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', p.user.id)
      .where('type', '=', 'system')
      .execute();
    expect(told.map((n) => n.data.amountCents).sort()).toEqual([50, 50]);
    // each side's statement shows what was taken back from them
    const lines = async (who: Actor) =>
      (await pay(server, who, 'GET', '/users/me/transactions?limit=10')).body.transactions;
    expect((await lines(p))[0]).toMatchObject({
      type: 'refund',
      direction: 'out',
      amountCents: 50,
    });
    expect((await lines(o))[0]).toMatchObject({
      type: 'refund',
      direction: 'out',
      amountCents: 150,
    });
    await invariantsOk();
  });

  it('a chargeback after the release takes the parts from both available balances, once', async () => {
    const { o, p, chargeId } = await splitUnlock();
    await releaseDuePending(server.ctx.db, new Date(Date.now() + 8 * 86_400_000));
    expect(await balance('creator_available', p.user.id)).toBe(100);
    expect(await balance('creator_available', o.user.id)).toBe(300);

    const dispute = (amountCents?: number) =>
      withTransaction(server.ctx.db, (tx) =>
        reverseCharge(server.ctx, tx, {
          transactionId: chargeId,
          kind: 'chargeback',
          externalRef: 'dp_collab_1',
          ...(amountCents ? { amountCents } : {}),
        }),
      );
    const first = await dispute();
    expect(first.reversedCents).toBe(500);
    expect(await balance('creator_available', p.user.id)).toBe(0);
    expect(await balance('creator_available', o.user.id)).toBe(0);
    expect(await balance('creator_owed', p.user.id)).toBe(0);
    // the same dispute delivered again changes nothing
    expect((await dispute()).transactionId).toBe(first.transactionId);
    expect(await balance('creator_available', p.user.id)).toBe(0);
    await invariantsOk();
  });

  it('a collaborator who already spent their part owes it', async () => {
    const { o, p, chargeId } = await splitUnlock();
    await releaseDuePending(server.ctx.db, new Date(Date.now() + 8 * 86_400_000));
    // the collaborator's available balance was already paid out
    await withTransaction(server.ctx.db, async (tx) => {
      const from = await accountId(tx, 'creator_available', p.user.id);
      const to = await accountId(tx, 'payouts_clearing', null);
      await postTransaction(tx, {
        kind: 'payout',
        entries: [
          { accountId: from, amountCents: -100 },
          { accountId: to, amountCents: 100 },
        ],
        metadata: {},
      });
    });
    await withTransaction(server.ctx.db, (tx) =>
      reverseCharge(server.ctx, tx, { transactionId: chargeId, kind: 'refund' }),
    );
    expect(await balance('creator_available', o.user.id)).toBe(0);
    expect(await balance('creator_available', p.user.id)).toBe(0);
    expect(await balance('creator_owed', p.user.id)).toBe(-100);
    await invariantsOk();
  });
});

describe('earnings overview and analytics of a split post', () => {
  it("shows the owner's figures net of the collaborator's share and the collaborator's with it", async () => {
    const o = await actor(server, 'creator');
    const p = await actor(server, 'creator');
    const admin = await actor(server, 'fan', {
      is_admin: true,
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_enabled_at: new Date(),
    });
    const post = await paidPost(server, o, 500);
    const made = await invite(o, { postId: post.id, collaboratorId: p.user.id, splitPercent: 25 });
    await call(server, p, 'POST', `/collaborations/${made.body.id}/accept`);
    const buyer = await actor(server);
    await fund(server, buyer, 10);
    expect((await pay(server, buyer, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    const [charge] = await unlockChargesFor(server, 'postId', post.id);

    const overview = async (who: Actor) => {
      const res = await pay(server, who, 'GET', '/earnings/overview');
      expect(res.status, res.text).toBe(200);
      const b = res.body;
      // the overview's identity holds for both sides
      expect(b.steps.net.amountCents).toBe(
        b.pendingCents + b.availableCents + b.inFlightCents + b.paidOutCents - b.owedCents,
      );
      return b;
    };
    // 5.00: fee 100, share 400; the collaborator's 25 % is 100
    const mine = await overview(o);
    expect(mine).toMatchObject({ grossCents: 400, feesCents: 100, netCents: 300 });
    expect(mine.lifetimeCents).toBe(300);
    expect(mine.steps.net.amountCents).toBe(300);
    expect(mine.steps.gross.explanation).toContain('1.00 paid to collaborators');
    const theirs = await overview(p);
    expect(theirs).toMatchObject({ grossCents: 100, feesCents: 0, netCents: 100 });
    expect(theirs.steps.net.amountCents).toBe(100);
    expect(theirs.steps.gross.explanation).toContain('1.00 as a collaborator');

    const analytics = async (who: Actor) => {
      const res = await call(server, who, 'GET', '/analytics');
      expect(res.status, res.text).toBe(200);
      return res.body.totals.earningsCents as number;
    };
    expect(await analytics(o)).toBe(300);
    expect(await analytics(p)).toBe(100);
    const content = await call(server, o, 'GET', '/analytics/content?sort=earnings');
    expect(content.body.items.find((i: { postId: string }) => i.postId === post.id)).toMatchObject({
      earningsCents: 300,
    });

    // a full refund takes each side's part back, in each side's figures
    const refund = await pay(server, admin, 'POST', `/admin/transactions/${charge!.id}/refund`, {
      reason: 'all',
    });
    expect(refund.status, refund.text).toBe(200);
    const after = await overview(o);
    expect(after.steps.refunded.amountCents).toBe(300);
    expect(after.steps.net.amountCents).toBe(0);
    expect(after.steps.fee.amountCents).toBe(0);
    const afterP = await overview(p);
    expect(afterP.steps.refunded.amountCents).toBe(100);
    expect(afterP.steps.net.amountCents).toBe(0);
  });
});
