import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { balanceCents, fund, paidPost, pay } from './payments.test-kit.ts';

/**
 * Statements per money request and per login (docs/PERFORMANCE.md "Write paths"): every
 * statement is a round trip on a held connection, so a change that adds one to every unlock,
 * tip or login shows up here. Counted at the driver, begin and commit included. Since 13/12:
 * the referral terms of the creator (+1), the system accounts' move before commit (+1, it
 * keeps payments from queueing on platform_fees), the session cache (−1 once warm).
 *
 * Tip and unlock are 7 since (was 13 and 14): (1) begin, (2) the idempotency claim, (3) the
 * checks – the tips switch, the recipient or the visible post, the content, the creator's
 * referral terms, automation and collaboration rows, and for an unlock the purchase row –
 * (4) the accounts' lock with the fee setting, (5) the ledger write with the release job, the
 * creator's notification and (unlock) the purchase's link to the transaction, (6) the system
 * accounts' move with the stored idempotent response, (7) commit. A new subscription is 8 (was
 * 15): the same with the subscription row's own statement after the wallet's lock.
 */

let database: DatabaseHandle;
let server: TestServer;
let fan: Actor;
let creator: Actor;
let statementsOf: SpiedDatabase['statementsOf'];

beforeAll(async () => {
  ({ database, statementsOf } = await openSpiedTestDatabase());
  server = await createTestServer({ database });
  [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
  await fund(server, fan, 100);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

const noticesOf = async (type: 'purchase' | 'tip' | 'subscription', relatedId: string) =>
  (
    await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', creator.user.id)
      .where('type', '=', type)
      .where('related_id', '=', relatedId)
      .execute()
  ).length;

const balanceOf = (who: Actor) => balanceCents(server, who);

const COMMIT_WITHOUT_FLUSH = "set_config('synchronous_commit', 'off', true)";

describe('round trips of the write paths', () => {
  it('unlock: 7 statements (was 25, then 14), and the money moved exactly once', async () => {
    // the first charge creates the creator's pending account; count a steady-state one
    await pay(server, fan, 'POST', `/posts/${(await paidPost(server, creator)).id}/unlock`);
    const post = await paidPost(server, creator, 700);
    const before = await balanceOf(fan);
    const { count, value, statements } = await statementsOf(() =>
      pay(server, fan, 'POST', `/posts/${post.id}/unlock`),
    );
    expect(value.status, value.text).toBe(200);
    expect(count, statements.join('\n')).toBeLessThanOrEqual(7);
    expect(await balanceOf(fan)).toBe(before - 700);
    // what rode along was written: the link, the notice, the release job
    const bought = await server.ctx.db
      .selectFrom('content_purchases')
      .select('ledger_transaction_id')
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(bought.ledger_transaction_id).toBe(value.body.transactionId);
    expect(await noticesOf('purchase', post.id)).toBe(1);
  });

  it('tip: 7 statements (was 24, then 13)', async () => {
    const before = await balanceOf(fan);
    const { count, value, statements } = await statementsOf(() =>
      pay(server, fan, 'POST', '/tips', {
        recipientUserId: creator.user.id,
        amount: 2,
        tipType: 'profile',
      }),
    );
    expect(value.status, value.text).toBe(201);
    expect(value.body.split).toMatchObject({
      grossCents: 200,
      feeCents: 40,
      creatorShareCents: 160,
    });
    expect(count, statements.join('\n')).toBeLessThanOrEqual(7);
    expect(await balanceOf(fan)).toBe(before - 200);
  });

  it('subscribe: 8 statements (was 15), charged and counted once, renewal scheduled', async () => {
    // steady state: the creator's pending account exists (the unlock above made it)
    await server.ctx.db
      .updateTable('users')
      .set({ subscription_price_cents: 900 })
      .where('id', '=', creator.user.id)
      .execute();
    const subscribers = async () =>
      (
        await server.ctx.db
          .selectFrom('users')
          .select('subscriber_count')
          .where('id', '=', creator.user.id)
          .executeTakeFirstOrThrow()
      ).subscriber_count;
    const [before, countBefore] = [await balanceOf(fan), await subscribers()];
    const { count, value, statements } = await statementsOf(() =>
      pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id }),
    );
    expect(value.status, value.text).toBe(200);
    // (1) begin, (2) the idempotency claim, (3) the checks – the creator as payableCreator
    // finds them, their referral terms, the new_subscriber rule – with the fan's wallet locked,
    // (4) the subscription row locked with its upsert, (5) the accounts' lock with the fee
    // setting, (6) the ledger write with the release and renewal jobs, the creator's
    // notification, the subscriber count (and an automation job when a rule exists), (7) the
    // system accounts' move with the stored idempotent response, (8) commit
    expect(count, statements.join('\n')).toBeLessThanOrEqual(8);
    expect(value.body).toMatchObject({ charged: true, subscription: { status: 'active' } });
    expect(await balanceOf(fan)).toBe(before - 900);
    expect(await subscribers()).toBe(countBefore + 1);
    const periodEnd = new Date(value.body.subscription.currentPeriodEnd as string);
    const hour = new Date(Math.ceil(periodEnd.getTime() / 3_600_000) * 3_600_000);
    const renewal = await server.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('dedupe_key', '=', `subscriptions.renew:${hour.toISOString()}`)
      .executeTakeFirst();
    expect(renewal?.run_at.toISOString()).toBe(hour.toISOString());
    expect(await noticesOf('subscription', value.body.subscription.id as string)).toBe(1);
  });

  it('login: 2 statements around the argon2 verify (was 10, then 9, then 3)', async () => {
    // the account with the attempt counted and recorded, then one statement for the session,
    // the login on the account, the failures cleared and the user's own lists
    const { count, value, statements, texts } = await statementsOf(() =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: fan.user.email, password: TEST_PASSWORD },
      }),
    );
    expect(value.statusCode, value.body).toBe(200);
    expect(count, statements.join('\n')).toBeLessThanOrEqual(2);
    expect(value.json().user.id).toBe(fan.user.id);
    // both commit without waiting for the disk (auth.queries.ts `commitWithoutFlush`)
    for (const text of texts) expect(text).toContain(COMMIT_WITHOUT_FLUSH);
  });

  it('failed login: 1 statement besides the argon2 verify (was 3)', async () => {
    const { count, value, statements, texts } = await statementsOf(() =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: fan.user.email, password: 'not the password' },
      }),
    );
    expect(value.statusCode, value.body).toBe(401);
    expect(count, statements.join('\n')).toBeLessThanOrEqual(1);
    expect(texts[0]).toContain(COMMIT_WITHOUT_FLUSH);
  });
});
