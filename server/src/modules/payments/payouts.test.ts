import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { releaseDuePending } from '../ledger/charges.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { owedCents, reverseCharge } from '../ledger/reversals.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { runScheduledPayouts } from './payouts.service.ts';
import { fund, paidPost, pay } from './payments.test-kit.ts';

let server: TestServer;
let admin: Actor;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createTestServer();
  admin = await actor(server, 'fan', {
    is_admin: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
    totp_enabled_at: new Date(),
  });
});
afterEach(async () => {
  const report = await verifyLedger(server.ctx.db);
  expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
});
afterAll(() => server.close());

async function bankDetails(creator: Actor) {
  const res = await pay(server, creator, 'PUT', '/users/me/payout-settings', {
    method: 'bank_transfer',
    accountHolder: 'Test Creator',
    country: 'DE',
    iban: 'DE89370400440532013000',
  });
  expect(res.status).toBe(200);
}

/** A fan tips `creator` gross cents; returns the tip's ledger transaction id. */
async function tip(fan: Actor, creator: Actor, cents: number): Promise<string> {
  const res = await pay(server, fan, 'POST', '/tips', {
    recipientUserId: creator.user.id,
    amount: cents / 100,
    tipType: 'profile',
  });
  expect(res.status).toBe(201);
  return res.body.transactionId as string;
}

const release = () => releaseDuePending(server.ctx.db, new Date(Date.now() + 8 * DAY));
const available = (c: Actor) => balanceOf(server.ctx.db, 'creator_available', c.user.id);
const pending = (c: Actor) => balanceOf(server.ctx.db, 'creator_pending', c.user.id);
const wallet = (f: Actor) => balanceOf(server.ctx.db, 'user_wallet', f.user.id);

/** A creator with bank details and `shareCents` available (20% fee: gross = share / 0.8). */
async function earningCreator(grossCents = 5000) {
  const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
  await bankDetails(creator);
  await fund(server, fan, grossCents / 100);
  const txId = await tip(fan, creator, grossCents);
  await release();
  return { fan, creator, txId };
}

describe('payout requests', () => {
  it('moves available to in flight, with every rule checked', async () => {
    const { creator } = await earningCreator(5000); // share 40.00
    expect(await available(creator)).toBe(4000);

    const low = await pay(server, creator, 'POST', '/earnings/payout', { amount: 19.99 });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM', minimumCents: 2000 });
    expect(low.body.message).toBe('The minimum payout is $20.00');

    const high = await pay(server, creator, 'POST', '/earnings/payout', { amount: 40.01 });
    expect(high.status).toBe(400);
    expect(high.body.code).toBe('PAYOUT_EXCEEDS_AVAILABLE');

    const odd = await pay(server, creator, 'POST', '/earnings/payout', { amount: 20.001 });
    expect(odd.status).toBe(400);

    const noKey = await pay(server, creator, 'POST', '/earnings/payout', { amount: 20 }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const ok = await pay(server, creator, 'POST', '/earnings/payout', { amount: 25 }, key);
    expect(ok.status).toBe(201);
    expect(ok.body.payout).toMatchObject({
      amountCents: 2500,
      status: 'requested',
      source: 'manual',
      destinationLast4: '3000',
    });
    expect(ok.body.availableCents).toBe(1500);
    const replay = await pay(server, creator, 'POST', '/earnings/payout', { amount: 25 }, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(ok.body);
    const reused = await pay(server, creator, 'POST', '/earnings/payout', { amount: 20 }, key);
    expect(reused.status).toBe(422);
    expect(await available(creator)).toBe(1500);
    expect(await balanceOf(server.ctx.db, 'payouts_in_flight', creator.user.id)).toBe(0);

    // 15.00 left: below the minimum now
    const rest = await pay(server, creator, 'POST', '/payments/payouts/request', {});
    expect(rest.status).toBe(400);
    expect(rest.body.code).toBe('PAYOUT_BELOW_MINIMUM');

    const history = await pay(server, creator, 'GET', '/payouts/history');
    expect(history.body).toMatchObject({
      total: 1,
      totalPages: 1,
      currentPage: 1,
      hasMore: false,
    });
    expect(history.body.payouts[0].id).toBe(ok.body.payout.id);
    const same = await pay(server, creator, 'GET', '/earnings/payouts?limit=1&page=1');
    expect(same.body.payouts).toEqual(history.body.payouts);
    // GET /payouts is the same history
    const root = await pay(server, creator, 'GET', '/payouts');
    expect(root.status).toBe(200);
    expect(root.body).toEqual(history.body);
  });

  it('defaults to the whole available balance and needs payout settings', async () => {
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 30);
    await tip(fan, creator, 3000);
    await release();
    const none = await pay(server, creator, 'POST', '/payments/payouts/request', {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('PAYOUT_SETTINGS_REQUIRED');
    await bankDetails(creator);
    // no body at all: everything available
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/payments/payouts/request',
      headers: { ...creator.headers, 'idempotency-key': randomUUID() },
    });
    const all = { status: res.statusCode, body: res.json() };
    expect(all.status).toBe(201);
    expect(all.body.payout.amountCents).toBe(2400);
    expect(await available(creator)).toBe(0);
  });

  it('is for creators; a fan cannot withdraw wallet funds, a creator withdraws earnings', async () => {
    const fan = await actor(server);
    await fund(server, fan, 50);
    expect((await pay(server, fan, 'POST', '/earnings/payout', { amount: 20 })).status).toBe(403);
    const w = await pay(server, fan, 'POST', '/wallet/withdraw', { amount: 20 });
    expect(w.status).toBe(403);
    expect(w.body.code).toBe('WALLET_WITHDRAW_UNAVAILABLE');
    expect(await wallet(fan)).toBe(5000);
    expect((await pay(server, null, 'POST', '/earnings/payout', { amount: 20 })).status).toBe(401);

    const { creator } = await earningCreator(3000);
    const cw = await pay(server, creator, 'POST', '/wallet/withdraw', { amount: 24 });
    expect(cw.status).toBe(201);
    expect(cw.body.payout.amountCents).toBe(2400);
  });

  it('only one of two concurrent requests for the whole balance succeeds', async () => {
    const { creator } = await earningCreator(5000);
    const results = await Promise.all(
      [1, 2].map(() => pay(server, creator, 'POST', '/earnings/payout', { amount: 40 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await available(creator)).toBe(0);
  });
});

describe('admin processing', () => {
  it('paid settles, failed returns the money, settled payouts are final, creator notified', async () => {
    const { creator } = await earningCreator(10000); // share 80.00
    const a = await pay(server, creator, 'POST', '/earnings/payout', { amount: 30 });
    const b = await pay(server, creator, 'POST', '/earnings/payout', { amount: 50 });
    expect(await available(creator)).toBe(0);

    const url = (id: string) => `/admin/payouts/${id}/process`;
    expect(
      (await pay(server, creator, 'POST', url(a.body.payout.id), { status: 'paid' })).status,
    ).toBe(403);
    const processing = await pay(
      server,
      admin,
      'POST',
      url(a.body.payout.id),
      { status: 'processing' },
      null,
    );
    expect(processing.body.status).toBe('processing');
    const paidKey = randomUUID();
    const paidBody = { status: 'paid', note: 'SEPA ref 123' };
    const paid = await pay(server, admin, 'POST', url(a.body.payout.id), paidBody, paidKey);
    expect(paid.status).toBe(200);
    // a retry with the same key replays instead of settling twice
    const replayed = await pay(server, admin, 'POST', url(a.body.payout.id), paidBody, paidKey);
    expect(replayed).toEqual(paid);
    expect(paid.body).toMatchObject({ status: 'paid', note: 'SEPA ref 123' });
    expect(paid.body.processedAt).not.toBeNull();
    const key = randomUUID();
    const again = await pay(
      server,
      admin,
      'POST',
      url(a.body.payout.id),
      { status: 'failed' },
      key,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PAYOUT_ALREADY_PROCESSED');

    const failed = await pay(server, admin, 'POST', url(b.body.payout.id), {
      status: 'failed',
      note: 'IBAN closed',
    });
    expect(failed.body.status).toBe('failed');
    expect(await available(creator)).toBe(5000);
    expect(
      (await pay(server, admin, 'POST', url(randomUUID()), { status: 'paid' })).body.code,
    ).toBe('PAYOUT_NOT_FOUND');

    const notes = await server.ctx.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', creator.user.id)
      .where('type', '=', 'payout')
      .execute();
    expect(notes.map((n) => n.data.status).sort()).toEqual(['failed', 'paid']);

    // the back office lists them, and every step is in the audit log
    const listed = await pay(server, admin, 'GET', '/admin/payouts?status=paid&limit=100');
    expect(listed.body.payouts.map((p: { id: string }) => p.id)).toContain(a.body.payout.id);
    expect((await pay(server, creator, 'GET', '/admin/payouts')).status).toBe(403);
    const audited = await server.ctx.db
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('target_id', 'in', [a.body.payout.id, b.body.payout.id])
      .orderBy('id')
      .execute();
    expect(audited.map((r) => r.action)).toEqual([
      'payout.processing',
      'payout.paid',
      'payout.failed',
    ]);

    const overview = await pay(server, creator, 'GET', '/earnings/overview');
    expect(overview.body).toMatchObject({
      paidOutCents: 3000,
      inFlightCents: 0,
      availableCents: 5000,
      owedCents: 0,
      canRequestPayout: true,
    });
    const fin = await pay(server, admin, 'GET', '/admin/financials');
    expect(fin.status).toBe(200);
    expect(fin.body.totalPayoutsCents).toBeGreaterThanOrEqual(3000);
    expect(fin.body.netRevenueCents).toBe(fin.body.totalRevenueCents - fin.body.totalPayoutsCents);
  });

  it('without a status processing pays it out, and a settled payout stays final', async () => {
    const { creator } = await earningCreator(5000); // share 40.00
    const a = await pay(server, creator, 'POST', '/earnings/payout', { amount: 40 });
    const url = `/admin/payouts/${a.body.payout.id}/process`;
    const paid = await pay(server, admin, 'POST', url, {});
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', note: null });
    expect(paid.body.processedAt).not.toBeNull();
    const again = await pay(server, admin, 'POST', url, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('PAYOUT_ALREADY_PROCESSED');
    const audited = await server.ctx.db
      .selectFrom('admin_audit_log')
      .select('action')
      .where('target_id', '=', a.body.payout.id)
      .execute();
    expect(audited.map((r) => r.action)).toEqual(['payout.paid']);
  });
});

describe('refunds and chargebacks', () => {
  it('refunds partially from pending, never above the original, replays by key', async () => {
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 20);
    const txId = await tip(fan, creator, 1001); // fee 200, share 801
    const url = `/admin/transactions/${txId}/refund`;
    expect((await pay(server, fan, 'POST', url, { reason: 'x' })).status).toBe(403);
    expect((await pay(server, admin, 'POST', url, { reason: 'x' }, null)).status).toBe(400);

    const key = randomUUID();
    const first = await pay(server, admin, 'POST', url, { amount: 3.33, reason: 'dup' }, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      amountCents: 333,
      totalRefundedCents: 333,
      refundableCents: 668,
    });
    const replay = await pay(server, admin, 'POST', url, { amount: 3.33, reason: 'dup' }, key);
    expect(replay.body).toEqual(first.body);
    expect(await wallet(fan)).toBe(2000 - 1001 + 333);

    const over = await pay(server, admin, 'POST', url, { amount: 6.69, reason: 'too much' });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('REFUND_EXCEEDS_ORIGINAL');
    const zero = await pay(server, admin, 'POST', url, { amount: 0, reason: 'nothing' });
    expect(zero.status).toBe(400);
    const rest = await pay(server, admin, 'POST', url, { reason: 'rest' });
    expect(rest.body).toMatchObject({
      amountCents: 668,
      totalRefundedCents: 1001,
      refundableCents: 0,
    });
    const done = await pay(server, admin, 'POST', url, { amount: 0.01, reason: 'more' });
    expect(done.status).toBe(409);

    const told = await server.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'data'])
      .where('user_id', 'in', [fan.user.id, creator.user.id])
      .where('type', '=', 'system')
      .execute();
    expect(
      told
        .filter((n) => n.user_id === fan.user.id)
        .map((n) => n.data.message)
        .sort(),
    ).toEqual([
      '$3.33 for a tip was refunded to your wallet.',
      '$6.68 for a tip was refunded to your wallet.',
    ]);
    expect(told.filter((n) => n.user_id === creator.user.id)).toHaveLength(2);
    // tapping one opens where the money went: the fan's wallet, the creator's earnings
    const urls = told.map((n) => [n.user_id, n.data.url]);
    expect(urls).toContainEqual([fan.user.id, '/wallet']);
    expect(urls).toContainEqual([creator.user.id, '/earnings']);
    expect(urls.every(([, url]) => url !== undefined)).toBe(true);

    // both sides see the refund explained in their statements
    const fanLines = (await pay(server, fan, 'GET', '/users/me/transactions')).body.transactions;
    expect(fanLines[0]).toMatchObject({ type: 'refund', direction: 'in', amountCents: 668 });
    expect(fanLines[0].explanation).toBe('$6.68 for a tip was refunded to your wallet.');
    const creatorLines = (await pay(server, creator, 'GET', '/users/me/transactions')).body
      .transactions;
    expect(creatorLines[0]).toMatchObject({ type: 'refund', direction: 'out' });
    expect(creatorLines[0].explanation).toMatch(/^\$6\.68 for a tip was refunded: /);

    // fee and share came back exactly; the hold is closed
    expect(await pending(creator)).toBe(0);
    const reversals = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('reverses_id', '=', txId)
      .execute();
    expect(reversals.reduce((s, r) => s + Number(r.metadata.feeCents), 0)).toBe(200);
    expect(reversals.reduce((s, r) => s + Number(r.metadata.shareCents), 0)).toBe(801);
    await release();
    expect(await available(creator)).toBe(0);
  });

  it('a full refund withdraws what was bought: the unlock, the subscription period', async () => {
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 50);
    const post = await paidPost(server, creator, 600);
    const unlock = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`);
    expect(unlock.status).toBe(200);
    const seen = async () =>
      (await pay(server, fan, 'GET', `/posts/${post.id}`)).body.isUnlockedForUser as boolean;
    expect(await seen()).toBe(true);
    const url = `/admin/transactions/${unlock.body.transactionId}/refund`;
    // a partial refund keeps the access
    await pay(server, admin, 'POST', url, { amount: 1, reason: 'goodwill' });
    expect(await seen()).toBe(true);
    await pay(server, admin, 'POST', url, { reason: 'not as described' });
    expect(await seen()).toBe(false);
    // and the fan may buy it again
    expect((await pay(server, fan, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);

    const sub = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(sub.status).toBe(200);
    const charge = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'subscription')
      .where(sql`metadata->>'payerId'`, '=', fan.user.id)
      .executeTakeFirstOrThrow();
    await pay(server, admin, 'POST', `/admin/transactions/${charge.id}/refund`, {
      reason: 'charged by mistake',
    });
    const row = await server.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'current_period_end', 'is_recurring'])
      .where('subscriber_id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(row.is_recurring).toBe(false);
    expect(row.current_period_end.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });

  it('only charges are refundable', async () => {
    const fan = await actor(server);
    const topUp = await fund(server, fan, 5);
    const res = await pay(
      server,
      admin,
      'POST',
      `/admin/transactions/${topUp.transactionId}/refund`,
      {
        reason: 'no',
      },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_REFUNDABLE');
    const missing = await pay(server, admin, 'POST', `/admin/transactions/${randomUUID()}/refund`, {
      reason: 'no',
    });
    expect(missing.status).toBe(404);
  });

  it('a chargeback after payout leaves the creator owing, which blocks payouts until repaid', async () => {
    const { fan, creator, txId } = await earningCreator(5000); // share 40.00 available
    await pay(server, creator, 'POST', '/earnings/payout', { amount: 30 });
    expect(await available(creator)).toBe(1000);
    const walletBefore = await wallet(fan);

    const ref = `dp_${randomUUID()}`;
    const cb = await withTransaction(server.ctx.db, (tx) =>
      reverseCharge(server.ctx, tx, { transactionId: txId, kind: 'chargeback', externalRef: ref }),
    );
    expect(cb.reversedCents).toBe(5000);
    const again = await withTransaction(server.ctx.db, (tx) =>
      reverseCharge(server.ctx, tx, { transactionId: txId, kind: 'chargeback', externalRef: ref }),
    );
    expect(again).toEqual(cb);
    // the bank returned the money: the wallet is not credited a second time
    expect(await wallet(fan)).toBe(walletBefore);
    expect(await available(creator)).toBe(0);
    expect(await owedCents(server.ctx.db, creator.user.id)).toBe(3000);

    const blocked = await pay(server, creator, 'POST', '/earnings/payout', { amount: 20 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('BALANCE_OWED');
    const overview = await pay(server, creator, 'GET', '/earnings/overview');
    expect(overview.body).toMatchObject({ owedCents: 3000, canRequestPayout: false });
    const s = overview.body.steps;
    expect(s.net.amountCents).toBe(
      s.pending.amountCents +
        s.available.amountCents +
        s.inFlight.amountCents +
        s.paidOut.amountCents -
        s.owed.amountCents,
    );

    // new earnings repay the debt first
    const other = await actor(server);
    await fund(server, other, 50);
    await tip(other, creator, 5000); // share 40.00
    await release();
    expect(await owedCents(server.ctx.db, creator.user.id)).toBe(0);
    expect(await available(creator)).toBe(1000);
  });

  it('concurrent full refunds of one charge reverse it once', async () => {
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 20);
    const txId = await tip(fan, creator, 2000);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        pay(server, admin, 'POST', `/admin/transactions/${txId}/refund`, { reason: 'race' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await wallet(fan)).toBe(2000);
  });
});

describe('schedule', () => {
  it('reads, sets and runs scheduled payouts for eligible creators', async () => {
    const { creator } = await earningCreator(5000);
    const initial = await pay(server, creator, 'GET', '/payments/payouts/schedule');
    expect(initial.body).toMatchObject({
      schedule: 'manual',
      nextRunAt: null,
      minimumPayoutCents: 2000,
      payoutSettingsConfigured: true,
    });
    const bad = await pay(server, creator, 'PUT', '/payments/payouts/schedule', {
      schedule: 'daily',
    });
    expect(bad.status).toBe(400);
    const set = await pay(server, creator, 'PUT', '/payments/payouts/schedule', {
      schedule: 'weekly',
    });
    expect(set.body.schedule).toBe('weekly');
    expect(set.body.nextRunAt).not.toBeNull();

    await runScheduledPayouts(server.ctx);
    const history = await pay(server, creator, 'GET', '/earnings/payouts');
    const mine = history.body.payouts.filter((p: { source: string }) => p.source === 'weekly');
    expect(mine).toHaveLength(1);
    expect(mine[0].amountCents).toBe(4000);
    // within the week nothing more happens
    await runScheduledPayouts(server.ctx);
    expect((await pay(server, creator, 'GET', '/earnings/payouts')).body.total).toBe(1);
  });
});

describe('admin financials', () => {
  it('computes revenue from the ledger', async () => {
    const before = (await pay(server, admin, 'GET', '/admin/financials')).body;
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 20);
    const txId = await tip(fan, creator, 1500);
    await pay(server, admin, 'POST', `/admin/transactions/${txId}/refund`, {
      amount: 5,
      reason: 'partial',
    });
    const after = (await pay(server, admin, 'GET', '/admin/financials')).body;
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(1000);
    expect(after.revenueByTypeCents.tip - before.revenueByTypeCents.tip).toBe(1000);
    expect(after.revenueLast30DaysCents - before.revenueLast30DaysCents).toBe(1000);
    expect(after.refundsCents - before.refundsCents).toBe(500);
    expect(after.dailyRevenue).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.dailyRevenue.at(-1).date).toBe(today);
    expect(after.revenueByType.tip).toBe(after.revenueByTypeCents.tip / 100);
    expect(Object.keys(after)).toEqual(
      expect.arrayContaining([
        'totalRevenue',
        'totalPayouts',
        'netRevenue',
        'revenueLast30Days',
        'dailyRevenue',
        'revenueByType',
      ]),
    );
    expect((await pay(server, fan, 'GET', '/admin/financials')).status).toBe(403);
  });
});

describe('earnings overview releases', () => {
  it('lists the holds one line per day, and the next release is that whole day', async () => {
    const [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
    await fund(server, fan, 30);
    const tips = [await tip(fan, creator, 1000), await tip(fan, creator, 500)];
    const later = await tip(fan, creator, 250);
    const holdAt = async (transactionId: string, at: string) =>
      server.ctx.db
        .updateTable('ledger_pending_releases')
        .set({ available_at: new Date(at) })
        .where('transaction_id', '=', transactionId)
        .execute();
    await holdAt(tips[0]!, '2099-03-04T08:00:00.000Z');
    await holdAt(tips[1]!, '2099-03-04T17:30:00.000Z');
    await holdAt(later, '2099-03-05T09:00:00.000Z');
    const res = await pay(server, creator, 'GET', '/earnings/overview');
    expect(res.status).toBe(200);
    expect(res.body.releases).toEqual([
      { availableAt: '2099-03-04T08:00:00.000Z', amount: 12, amountCents: 1200 },
      { availableAt: '2099-03-05T09:00:00.000Z', amount: 2, amountCents: 200 },
    ]);
    expect(res.body).toMatchObject({
      pendingCents: 1400,
      nextReleaseAt: '2099-03-04T08:00:00.000Z',
      nextReleaseAmountCents: 1200,
    });
    expect(res.body.steps.pending.explanation).toContain(
      'the next $12.00 becomes available on 2099-03-04',
    );
  });
});
