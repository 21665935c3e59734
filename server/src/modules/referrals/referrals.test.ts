import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokenFor, bearer } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { LedgerAccountKind } from '../../platform/db/schema.ts';
import { call as authCall, nextIp, STRONG_PASSWORD } from '../auth/auth.test-helpers.ts';
import { releaseDuePending } from '../ledger/charges.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { reverseCharge } from '../ledger/reversals.ts';
import { fund, paidPost, pay, unlockChargesFor } from '../payments/payments.test-kit.ts';
import { actor, call, type Actor } from '../posts/posts.test-kit.ts';
import { referralSections } from './referrals.export.ts';
import { applySignupReferral, ensureReferralCode } from './referrals.service.ts';
import { insertCode } from './referrals.queries.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  // every referral movement below keeps the ledger's invariants
  const report = await verifyLedger(server.ctx.db);
  expect(report.invariants.filter((i) => !i.ok)).toEqual([]);
  await server.close();
});

const db = () => server.ctx.db;

/** An account's balance; a system account's is the sum of its shards. */
async function balance(kind: LedgerAccountKind, ownerId: string | null) {
  let q = db()
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.sum<number>('balance_cents').as('balance_cents'))
    .where('kind', '=', kind);
  q = ownerId ? q.where('owner_id', '=', ownerId) : q.where('owner_id', 'is', null);
  return Number((await q.executeTakeFirst())?.balance_cents ?? 0);
}

/** `referred` signed up with `referrer`'s code (the signup step, in a transaction). */
async function refer(referrer: Actor, referred: Actor) {
  const code = await ensureReferralCode(db(), referrer.user.id);
  return withTransaction(db(), (tx) => applySignupReferral(tx, referred.user, code));
}

/** A fan unlocks a post of `creator` for `priceCents`; returns the charge's transaction id. */
async function unlock(creator: Actor, priceCents: number) {
  const fan = await actor(server);
  await fund(server, fan, 50);
  const post = await paidPost(server, creator, priceCents);
  const res = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`);
  expect(res.status).toBe(200);
  const [charge] = await unlockChargesFor(server, 'postId', post.id);
  return charge!.id;
}

describe('referral codes', () => {
  it('gives every user one stable, unique code and a signup link', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const first = await call(server, a, 'GET', '/referrals');
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^[2-9A-Z]{8}$/);
    expect(first.body.link).toMatch(new RegExp(`/signup\\?ref=${first.body.code}$`));
    expect((await call(server, a, 'GET', '/referrals')).body.code).toBe(first.body.code);
    const other = await call(server, b, 'GET', '/referrals');
    expect(other.body.code).not.toBe(first.body.code);
    // a taken code is refused by the unique index, and allocation draws another
    const c = await actor(server);
    expect(await insertCode(db(), c.user.id, first.body.code)).toBeUndefined();
    expect(await ensureReferralCode(db(), c.user.id)).not.toBe(first.body.code);
  });

  it('checks a code publicly: 200 with the referrer, 404 when unknown, 400 when malformed', async () => {
    const a = await actor(server, 'fan', { display_name: 'Ada' });
    const code = await ensureReferralCode(db(), a.user.id);
    const ok = await call(server, null, 'GET', `/referrals/code/${code.toLowerCase()}`);
    expect(ok).toMatchObject({
      status: 200,
      body: { code, valid: true, referrer: { username: a.user.username, displayName: 'Ada' } },
    });
    expect(ok.body.referrer.email).toBeUndefined();
    const unknown = await call(server, null, 'GET', '/referrals/code/ZZZZZZZ9');
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'This referral code does not exist' },
    });
    expect((await call(server, null, 'GET', '/referrals/code/bad!code')).status).toBe(400);
    // a banned account's code refers nobody
    await db().updateTable('users').set({ status: 'banned' }).where('id', '=', a.user.id).execute();
    expect((await call(server, null, 'GET', `/referrals/code/${code}`)).status).toBe(404);
  });
});

describe('signup with a referral code', () => {
  let n = 0;
  const fresh = () => {
    n += 1;
    const id = `${n}${Math.random().toString(36).slice(2, 7)}`;
    return {
      username: `ref_user.${id}`,
      email: `ref.${id}@example.test`,
      password: STRONG_PASSWORD,
    };
  };
  const signup = (body: Record<string, unknown>) =>
    authCall(server, 'POST', '/auth/signup', body, { ip: nextIp() });
  const referralOf = (email: string) =>
    db()
      .selectFrom('referrals as r')
      .innerJoin('users as u', 'u.id', 'r.referred_id')
      .select(['r.referrer_id', 'r.code'])
      .where('u.email', '=', email)
      .executeTakeFirst();

  it('records the referral of a valid code and notifies the referrer', async () => {
    const referrer = await actor(server);
    const code = await ensureReferralCode(db(), referrer.user.id);
    const body = fresh();
    const res = await signup({ ...body, referralCode: code.toLowerCase() });
    expect(res.statusCode).toBe(201);
    expect(await referralOf(body.email)).toEqual({ referrer_id: referrer.user.id, code });
    const notice = await db()
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', referrer.user.id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({
      type: 'system',
      data: {
        kind: 'referral_signup',
        message: `@${body.username} signed up with your referral link.`,
      },
    });
    const mine = await call(server, referrer, 'GET', '/referrals');
    expect(mine.body.counts).toEqual({ signedUp: 1, becameCreators: 0 });
    expect(mine.body.referred).toEqual([
      expect.objectContaining({ username: body.username, isCreator: false, earnedCents: 0 }),
    ]);
    expect(JSON.stringify(mine.body)).not.toContain(body.email);
  });

  it('signs up without a code, with an unknown or malformed one, and ignores them', async () => {
    for (const referralCode of [undefined, null, '', 'ZZZZZZZ9', '../../x']) {
      const body = fresh();
      const res = await signup(referralCode === undefined ? body : { ...body, referralCode });
      expect(res.statusCode).toBe(201);
      expect(await referralOf(body.email)).toBeUndefined();
    }
  });

  it('never refers oneself and refers a user at most once', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const own = await ensureReferralCode(db(), a.user.id);
    expect(await withTransaction(db(), (tx) => applySignupReferral(tx, a.user, own))).toBe(false);
    expect(await refer(b, a)).toBe(true);
    const c = await actor(server);
    expect(await refer(c, a)).toBe(false);
    const row = await db()
      .selectFrom('referrals')
      .select('referrer_id')
      .where('referred_id', '=', a.user.id)
      .execute();
    expect(row).toEqual([{ referrer_id: b.user.id }]);
    // the database refuses a self-referral even past the service
    await expect(
      db()
        .insertInto('referrals')
        .values({ referrer_id: c.user.id, referred_id: c.user.id, code: 'X' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('referral earnings through the ledger', () => {
  it("pays 5 % of the gross out of the platform fee, never the creator's share", async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const feesBefore = await balance('platform_fees', null);
    const chargeId = await unlock(creator, 999);
    // gross 9.99, fee 20 % = 1.99, share 8.00; referral floor(49.95) = 0.49 from the fee
    expect(await balance('creator_pending', creator.user.id)).toBe(800);
    expect(await balance('creator_pending', referrer.user.id)).toBe(49);
    expect((await balance('platform_fees', null)) - feesBefore).toBe(150);
    const share = await db()
      .selectFrom('ledger_transactions')
      .select(['kind', 'metadata'])
      .where('idempotency_ref', '=', `referral_share:${chargeId}`)
      .executeTakeFirstOrThrow();
    expect(share).toMatchObject({
      kind: 'referral_share',
      metadata: { partCents: 49, grossCents: 999, feeCents: 199, referrerId: referrer.user.id },
    });
    const mine = await call(server, referrer, 'GET', '/referrals');
    expect(mine.body.counts).toEqual({ signedUp: 1, becameCreators: 1 });
    expect(mine.body.earnings).toMatchObject({
      totalCents: 49,
      pendingCents: 49,
      availableCents: 0,
      total: 0.49,
      ratePercent: 5,
      windowMonths: 12,
    });
    expect(mine.body.referred[0]).toMatchObject({ isCreator: true, earnedCents: 49 });

    // the release job frees it with the creator's share
    await releaseDuePending(db(), new Date(Date.now() + 8 * 86_400_000));
    expect(await balance('creator_pending', referrer.user.id)).toBe(0);
    expect(await balance('creator_available', referrer.user.id)).toBe(49);
    const after = await call(server, referrer, 'GET', '/referrals');
    expect(after.body.earnings).toMatchObject({
      totalCents: 49,
      pendingCents: 0,
      availableCents: 49,
    });
  });

  it("explains referral money in the referrer's history and earnings, refunds included", async () => {
    const referrer = await actor(server, 'creator');
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const chargeId = await unlock(creator, 1000);
    const history = await call(server, referrer, 'GET', '/users/me/transactions');
    expect(history.status).toBe(200);
    expect(history.body.transactions[0]).toMatchObject({
      type: 'referral_share',
      amountCents: 50,
      direction: 'in',
      counterparty: { id: creator.user.id },
    });
    expect(history.body.transactions[0].explanation).toMatch(/paid out of the platform's fee/);
    const overview = await call(server, referrer, 'GET', '/earnings/overview');
    // net = pending + available + in flight + paid out − owed holds with referral money in it
    expect(overview.body).toMatchObject({ pendingCents: 50, steps: { net: { amountCents: 50 } } });
    await withTransaction(db(), (t) =>
      reverseCharge(server.ctx, t, { transactionId: chargeId, kind: 'refund', amountCents: 500 }),
    );
    const after = await call(server, referrer, 'GET', '/users/me/transactions');
    expect(after.body.transactions[0]).toMatchObject({
      type: 'refund',
      amountCents: 25,
      direction: 'out',
    });
    const overview2 = await call(server, referrer, 'GET', '/earnings/overview');
    expect(overview2.body).toMatchObject({ pendingCents: 25, steps: { net: { amountCents: 25 } } });
    // the referred creator's own figures are untouched by the referral
    const theirs = await call(server, creator, 'GET', '/earnings/overview');
    expect(theirs.body.steps.net.amountCents).toBe(800 - 400);
  });

  it('pays only within the window after the referred user signed up', async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const backdate = (iso: string) =>
      sql`update referrals set created_at = ${iso}::timestamptz
          where referred_id = ${creator.user.id}`.execute(db());
    const day = 86_400_000;
    await backdate(new Date(Date.now() - 360 * day).toISOString());
    await unlock(creator, 1000);
    expect(await balance('creator_pending', referrer.user.id)).toBe(50);
    await backdate(new Date(Date.now() - 370 * day).toISOString());
    await unlock(creator, 1000);
    expect(await balance('creator_pending', referrer.user.id)).toBe(50);
    const earned = await db()
      .selectFrom('referral_earnings')
      .select('amount_cents')
      .where('referrer_id', '=', referrer.user.id)
      .execute();
    expect(earned).toEqual([{ amount_cents: 50 }]);
  });

  it('follows the admin settings and never pays more than the fee', async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const admin = await createAdmin(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, admin));
    const put = async (payload: Record<string, unknown>) =>
      server.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload });
    const set = await put({ referralPercent: 10, referralMonths: 6 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ referralPercent: 10, referralMonths: 6 });
    expect((await put({ referralPercent: 2.555 })).statusCode).toBe(400);
    try {
      await unlock(creator, 1000);
      expect(await balance('creator_pending', referrer.user.id)).toBe(100);
      // a 3 % fee is less than the 10 % rate: the referrer gets the whole fee, the creator 97 %
      expect((await put({ feePercent: 3 })).statusCode).toBe(200);
      await unlock(creator, 1000);
      expect(await balance('creator_pending', referrer.user.id)).toBe(130);
      expect(await balance('creator_pending', creator.user.id)).toBe(800 + 970);
    } finally {
      await put({ feePercent: 20, referralPercent: 5, referralMonths: 12 });
    }
  });

  it('takes the referral part back on refunds, proportionally, and keeps the ledger exact', async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const chargeId = await unlock(creator, 1000);
    expect(await balance('creator_pending', referrer.user.id)).toBe(50);
    const feesBefore = await balance('platform_fees', null);
    // a partial refund of 3.00: fee back floor(300 × 200 / 1000) = 60, referral back 15
    const partial = await withTransaction(db(), (tx) =>
      reverseCharge(server.ctx, tx, { transactionId: chargeId, kind: 'refund', amountCents: 300 }),
    );
    expect(await balance('creator_pending', referrer.user.id)).toBe(35);
    expect((await balance('platform_fees', null)) - feesBefore).toBe(-(60 - 15));
    const tx = await db()
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('id', '=', partial.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx.metadata).toMatchObject({ referralCents: 15, referrerId: referrer.user.id });

    // released, then the rest refunded: taken from available
    await releaseDuePending(db(), new Date(Date.now() + 8 * 86_400_000));
    expect(await balance('creator_available', referrer.user.id)).toBe(35);
    await withTransaction(db(), (t) =>
      reverseCharge(server.ctx, t, { transactionId: chargeId, kind: 'chargeback' }),
    );
    expect(await balance('creator_available', referrer.user.id)).toBe(0);
    expect((await balance('platform_fees', null)) - feesBefore).toBe(-(200 - 50));
    const row = await db()
      .selectFrom('referral_earnings')
      .select(['amount_cents', 'reversed_cents'])
      .where('charge_transaction_id', '=', chargeId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount_cents: 50, reversed_cents: 50 });
    const mine = await call(server, referrer, 'GET', '/referrals');
    expect(mine.body.earnings).toMatchObject({ totalCents: 0, pendingCents: 0, availableCents: 0 });
    expect((await verifyLedger(db())).ok).toBe(true);
  });

  it('records a debt when released referral earnings were already spent', async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    const chargeId = await unlock(creator, 2000);
    await releaseDuePending(db(), new Date(Date.now() + 8 * 86_400_000));
    expect(await balance('creator_available', referrer.user.id)).toBe(100);
    // the referrer's available money leaves (as a payout would): a real balanced movement
    await withTransaction(db(), async (t) =>
      postTransaction(t, {
        kind: 'test_transfer',
        entries: [
          {
            accountId: await accountId(t, 'creator_available', referrer.user.id),
            amountCents: -100,
          },
          { accountId: await accountId(t, 'payouts_clearing', null), amountCents: 100 },
        ],
      }),
    );
    await withTransaction(db(), (t) =>
      reverseCharge(server.ctx, t, { transactionId: chargeId, kind: 'refund' }),
    );
    expect(await balance('creator_available', referrer.user.id)).toBe(0);
    expect(await balance('creator_owed', referrer.user.id)).toBe(-100);
  });

  it('shows in the data export and the admin user detail', async () => {
    const referrer = await actor(server);
    const creator = await actor(server, 'creator');
    await refer(referrer, creator);
    await unlock(creator, 1000);
    const sections = referralSections(db(), referrer.user.id);
    const read = async (name: string) => {
      const out = [];
      for await (const row of sections.find((s) => s.name === name)!.rows()) out.push(row);
      return out;
    };
    expect(await read('referrals')).toEqual([
      { username: creator.user.username, joinedAt: expect.any(String) },
    ]);
    expect(await read('referral_earnings')).toEqual([
      expect.objectContaining({ referred: creator.user.username, gross: 10, amount: 0.5 }),
    ]);
    const theirs = referralSections(db(), creator.user.id).find((s) => s.name === 'referral_code')!;
    const rows = [];
    for await (const row of theirs.rows()) rows.push(row);
    expect(rows).toEqual([
      expect.objectContaining({ code: null, referredBy: referrer.user.username }),
    ]);

    const admin = await createAdmin(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, admin));
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/admin/users/${referrer.user.id}/referrals`,
      headers,
    });
    expect(res.json()).toMatchObject({
      signedUp: 1,
      becameCreators: 1,
      earnedCents: 50,
      referredBy: null,
    });
  });
});

describe('GET /referrals paging', () => {
  it('pages the referred users newest first with a keyset cursor', async () => {
    const referrer = await actor(server);
    const people: Actor[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await actor(server);
      await refer(referrer, p);
      people.push(p);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/referrals?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(server, referrer, 'GET', url);
      expect(page.status).toBe(200);
      seen.push(...page.body.referred.map((r: { username: string }) => r.username));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(people.map((p) => p.user.username).reverse());
    expect((await call(server, referrer, 'GET', '/referrals?cursor=nope')).status).toBe(400);
    expect((await call(server, null, 'GET', '/referrals')).status).toBe(401);
  });
});
