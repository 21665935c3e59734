import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { actor, block, type Actor } from '../posts/posts.test-kit.ts';
import { balanceCents, fund, pay, rowCount } from './payments.test-kit.ts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * The statements of a new subscription (subscribe.queries.ts: the checks with the fan's wallet
 * lock, then the row read under that lock with its upsert): each refusal must still be its own
 * status, code and message, in the order they always came (self, recipient, free creator,
 * already subscribed, funds), and change nothing: no ledger row, subscription, notification,
 * job or stored idempotency key, the same balance and subscriber count. Concurrent subscribes
 * still charge once.
 */

let server: TestServer;
let fan: Actor;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator] = await Promise.all([
    actor(server),
    actor(server, 'creator', { subscription_price_cents: 900 }),
  ]);
  await fund(server, fan, 100);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const count = (table: keyof Database) => rowCount(server, table);

const balanceOf = (who: Actor) => balanceCents(server, who);

const subscribersOf = async (who: Actor) =>
  (
    await server.ctx.db
      .selectFrom('users')
      .select('subscriber_count')
      .where('id', '=', who.user.id)
      .executeTakeFirstOrThrow()
  ).subscriber_count;

/** What a refused subscribe must leave as it was. */
async function state(who: Actor, to: Actor) {
  return {
    transactions: await count('ledger_transactions'),
    subscriptions: await count('subscriptions'),
    notifications: await count('notifications'),
    jobs: await count('jobs'),
    keys: await count('idempotency_keys'),
    balance: await balanceOf(who),
    subscribers: await subscribersOf(to),
  };
}

const subscribe = (who: Actor, to: Actor | string) =>
  pay(server, who, 'POST', '/subscriptions', {
    creatorId: typeof to === 'string' ? to : to.user.id,
  });

/** The subscribe is refused with exactly this answer, and the database is unchanged. */
async function refused(
  who: Actor,
  to: Actor | string,
  status: number,
  code: string,
  message: string,
) {
  const target = typeof to === 'string' ? creator : to;
  const before = await state(who, target);
  const res = await subscribe(who, to);
  expect(res.status, res.text).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.message).toBe(message);
  expect(await state(who, target)).toEqual(before);
}

const SELF = [400, 'CANNOT_TARGET_SELF', 'You cannot pay yourself'] as const;
const MISSING = [404, 'NOT_FOUND', 'User not found'] as const;
const NOT_CREATOR = [400, 'RECIPIENT_NOT_CREATOR', 'Only creators can receive payments'] as const;
const FREE = [
  400,
  'SUBSCRIPTION_FREE',
  'This creator is free to follow; there is nothing to subscribe to',
] as const;
const ALREADY = [409, 'ALREADY_SUBSCRIBED', 'You are already subscribed'] as const;
const POOR = [402, 'INSUFFICIENT_FUNDS', 'Insufficient funds'] as const;

describe('subscribe checks', () => {
  it('refuses oneself, a missing or hidden account and a fan account, in that order', async () => {
    const free = await actor(server, 'creator', { subscription_price_cents: 0 });
    await refused(free, free, ...SELF);
    await refused(creator, creator, ...SELF);
    await refused(fan, '00000000-0000-4000-8000-000000000000', ...MISSING);
    const other = await actor(server);
    await refused(fan, other, ...NOT_CREATOR);
    const blocker = await actor(server, 'creator', { subscription_price_cents: 500 });
    await block(server, blocker, fan);
    await refused(fan, blocker, ...MISSING);
    const blocked = await actor(server, 'creator', { subscription_price_cents: 500 });
    await block(server, fan, blocked);
    await refused(fan, blocked, ...MISSING);
    await refused(fan, free, ...FREE);
  });

  it('a free creator is refused before a live subscription is found', async () => {
    const paid = await actor(server, 'creator', { subscription_price_cents: 500 });
    const res = await subscribe(fan, paid);
    expect(res.status, res.text).toBe(200);
    await refused(fan, paid, ...ALREADY);
    await server.ctx.db
      .updateTable('users')
      .set({ subscription_price_cents: 0 })
      .where('id', '=', paid.user.id)
      .execute();
    await refused(fan, paid, ...FREE);
  });

  it('a wallet short of the price (or none at all) rolls the subscription back', async () => {
    const dear = await actor(server, 'creator', { subscription_price_cents: 15_000 });
    await refused(fan, dear, ...POOR);
    const walletless = await actor(server);
    await refused(walletless, creator, ...POOR);
    // and nothing kept them from subscribing later
    await fund(server, walletless, 20);
    expect((await subscribe(walletless, creator)).status).toBe(200);
  });

  it('a canceled subscription inside its period resumes without a charge', async () => {
    const resumer = await actor(server);
    await fund(server, resumer, 20);
    const first = await subscribe(resumer, creator);
    expect(first.status, first.text).toBe(200);
    const id = first.body.subscription.id as string;
    expect((await pay(server, resumer, 'DELETE', `/subscriptions/${id}`)).status).toBe(200);
    const before = await state(resumer, creator);
    const resumed = await subscribe(resumer, creator);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body).toMatchObject({
      charged: false,
      transactionId: null,
      subscription: { id, status: 'active', isRecurring: true },
    });
    const after = await state(resumer, creator);
    expect(after).toEqual({ ...before, keys: before.keys + 1 });
  });

  it('an ended subscription starts a new period, charged, counted again', async () => {
    const returning = await actor(server);
    await fund(server, returning, 20);
    const first = await subscribe(returning, creator);
    expect(first.status, first.text).toBe(200);
    const id = first.body.subscription.id as string;
    await server.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'expired', current_period_end: new Date(Date.now() - 86_400_000) })
      .where('id', '=', id)
      .execute();
    await server.ctx.db
      .updateTable('users')
      .set((eb) => ({ subscriber_count: eb('subscriber_count', '-', 1) }))
      .where('id', '=', creator.user.id)
      .execute();
    const subscribers = await subscribersOf(creator);
    const balance = await balanceOf(returning);
    const again = await subscribe(returning, creator);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ charged: true, subscription: { id, status: 'active' } });
    expect(new Date(again.body.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(
      Date.now(),
    );
    expect(await balanceOf(returning)).toBe(balance - 900);
    expect(await subscribersOf(creator)).toBe(subscribers + 1);
  });

  it('concurrent subscribes of one fan charge once and count once', async () => {
    const n = inject('testDb').kind === 'pg' ? 20 : 6;
    const racer = await actor(server);
    const target = await actor(server, 'creator', { subscription_price_cents: 700 });
    await fund(server, racer, 20);
    const results = await Promise.all(Array.from({ length: n }, () => subscribe(racer, target)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(n - 1);
    expect(await balanceOf(racer)).toBe(2000 - 700);
    expect(await subscribersOf(target)).toBe(1);
  });
});
