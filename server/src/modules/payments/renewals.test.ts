import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, pay } from './payments.test-kit.ts';
import { renewDueSubscriptions } from './renewals.service.ts';

let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

async function subscribedFan(amount: number) {
  const fan = await actor(server);
  await fund(server, fan, amount);
  const res = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
  expect(res.status).toBe(200);
  return { fan, id: res.body.subscription.id as string };
}

const row = (id: string) =>
  server.ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const renewals = (id: string) =>
  server.ctx.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('kind', '=', 'renewal')
    .where((eb) => eb(eb.ref('metadata', '->>').key('subscriptionId'), '=', id))
    .execute();

describe('subscription renewals', () => {
  it('charges one period once even when the job runs twice', async () => {
    const { fan, id } = await subscribedFan(30);
    const before = await row(id);
    const later = new Date(before.current_period_end.getTime() + 60_000);
    await renewDueSubscriptions(server.ctx, later);
    await renewDueSubscriptions(server.ctx, later);
    expect(await renewals(id)).toHaveLength(1);
    const after = await row(id);
    expect(after.status).toBe('active');
    expect(after.current_period_end.getTime() - before.current_period_end.getTime()).toBe(
      30 * 86_400_000,
    );
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(
      3000 - 2 * 999,
    );
  });

  it('expires a subscription whose renewal cannot be paid', async () => {
    const { fan, id } = await subscribedFan(10);
    const later = new Date((await row(id)).current_period_end.getTime() + 60_000);
    await renewDueSubscriptions(server.ctx, later);
    expect((await row(id)).status).toBe('expired');
    expect(await renewals(id)).toHaveLength(0);
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(1);
    // the fan is told why access ended
    const notes = await pay(server, fan, 'GET', '/notifications');
    expect(notes.body.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'subscription',
          relatedId: id,
          data: expect.objectContaining({ event: 'renewal_failed' }),
        }),
      ]),
    );
  });

  it('does not renew canceled or non-recurring subscriptions, and ends them', async () => {
    const { fan, id } = await subscribedFan(30);
    await pay(server, fan, 'DELETE', `/subscriptions/${id}`);
    const later = new Date((await row(id)).current_period_end.getTime() + 60_000);
    await renewDueSubscriptions(server.ctx, later);
    expect(await renewals(id)).toHaveLength(0);
    expect((await row(id)).status).toBe('expired');
  });
});
