import type { NotificationType } from '@fanspace/contracts';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import { withTransaction, type DatabaseHandle } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { requestFingerprint } from '../ledger/idempotency.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { ensureReferralCode, applySignupReferral } from '../referrals/referrals.service.ts';
import {
  MoneyBatcher,
  type MoneyAnswer,
  type MoneyBatchWork,
  type MoneyRequest,
} from './money-batcher.ts';
import { balanceCents, fund, paidPost, pay, unlockChargesFor } from './payments.test-kit.ts';
import { tipBatcher } from './tips.batch.ts';
import { unlockBatcher } from './unlock.batch.ts';

/**
 * Group commit of money requests (money-batcher.ts): requests arriving in one event-loop turn
 * share one transaction of 7 statements, and each is still judged, refused or answered alone.
 */

let database: DatabaseHandle;
let server: TestServer;
let statementsOf: SpiedDatabase['statementsOf'];
let creator: Actor;

beforeAll(async () => {
  ({ database, statementsOf } = await openSpiedTestDatabase());
  server = await createTestServer({ database });
  creator = await actor(server, 'creator');
  // steady state: the creator's pending account and this hour's release job exist
  const first = await actor(server);
  await fund(server, first, 10);
  await pay(server, first, 'POST', '/tips', tipTo(creator, 1));
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

const tipTo = (who: Actor, amount: number, extra: Record<string, unknown> = {}) => ({
  recipientUserId: who.user.id,
  amount,
  tipType: 'profile' as const,
  ...extra,
});

/** A request as the route hands it to a batcher: its key and the HTTP request's fingerprint. */
function request<I>(
  payer: Actor,
  url: string,
  body: unknown,
  input: I,
  key: string = randomUUID(),
) {
  return {
    payerId: payer.user.id,
    key,
    fingerprint: requestFingerprint('POST', `/api${url}`, body),
    input,
  };
}
const tipRequest = (payer: Actor, body: ReturnType<typeof tipTo>, key?: string) =>
  request(payer, '/tips', body, body, key);
const unlockRequest = (payer: Actor, postId: string, key?: string) =>
  request(payer, `/posts/${postId}/unlock`, undefined, { postId }, key);

/** Every answer of requests submitted together, fulfilled or refused, in order. */
const settled = <T>(promises: Array<Promise<T>>) =>
  Promise.allSettled(promises).then((all) =>
    all.map((r) =>
      r.status === 'fulfilled'
        ? { ok: true as const, value: r.value }
        : { ok: false as const, error: r.reason as { statusCode?: number; code?: string } },
    ),
  );

const noticesOf = async (userId: string, type: NotificationType) =>
  (
    await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .execute()
  ).length;

const keyRow = (who: Actor, key: string) =>
  server.ctx.db
    .selectFrom('idempotency_keys')
    .select(['status_code', 'response'])
    .where('user_id', '=', who.user.id)
    .where('key', '=', key)
    .executeTakeFirst();

describe('tips in one turn', () => {
  it('share one transaction of 7 statements, each with its own charge and answer', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => actor(server)));
    for (const fan of fans) await fund(server, fan, 20);
    const noticesBefore = await noticesOf(creator.user.id, 'tip');
    const requests = fans.map((fan, i) => tipRequest(fan, tipTo(creator, i + 1)));
    const tips = tipBatcher(server.ctx);
    const { count, value, statements } = await statementsOf(() =>
      Promise.all(requests.map((r) => tips.submit(r))),
    );
    expect(count, statements.join('\n')).toBeLessThanOrEqual(7);
    expect(value.map((a) => a.status)).toEqual(fans.map(() => 201));
    expect(new Set(value.map((a) => a.body.transactionId)).size).toBe(fans.length);
    value.forEach((a, i) => {
      expect(a.replayed).toBe(false);
      expect(a.body).toMatchObject({
        recipientUserId: creator.user.id,
        amountCents: (i + 1) * 100,
      });
      expect(a.body.split).toMatchObject({ grossCents: (i + 1) * 100, feeCents: (i + 1) * 20 });
    });
    for (const [i, fan] of fans.entries())
      expect(await balanceCents(server, fan)).toBe(2000 - (i + 1) * 100);
    // one notice per tip (the creator's), and the same answer again under the same key
    expect(await noticesOf(creator.user.id, 'tip')).toBe(noticesBefore + fans.length);
    const replay = await pay(
      server,
      fans[2]!,
      'POST',
      '/tips',
      tipTo(creator, 3),
      requests[2]!.key,
    );
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(value[2]!.body);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });

  it('judges each tip as alone: refusals free their key, referred creators run alone', async () => {
    const [rich, poor, other] = await Promise.all([actor(server), actor(server), actor(server)]);
    const aFan = await actor(server);
    const referred = await actor(server, 'creator');
    const referrer = await actor(server, 'creator');
    const code = await ensureReferralCode(server.ctx.db, referrer.user.id);
    await withTransaction(server.ctx.db, (tx) => applySignupReferral(tx, referred.user, code));
    await fund(server, rich, 50);
    await fund(server, other, 50);
    const tips = tipBatcher(server.ctx);
    const requests = [
      tipRequest(rich, tipTo(creator, 2)),
      tipRequest(poor, tipTo(creator, 2)),
      tipRequest(other, tipTo(aFan, 2)),
      tipRequest(referred, tipTo(referred, 2)),
      tipRequest(aFan, tipTo(referred, 2)),
    ];
    await fund(server, aFan, 10);
    const answers = await settled(requests.map((r) => tips.submit(r)));
    expect(answers[0]).toMatchObject({ ok: true, value: { status: 201 } });
    expect(answers[1]).toMatchObject({ ok: false, error: { statusCode: 402 } });
    expect(answers[2]).toMatchObject({ ok: false, error: { code: 'RECIPIENT_NOT_CREATOR' } });
    expect(answers[3]).toMatchObject({ ok: false, error: { code: 'CANNOT_TARGET_SELF' } });
    // the referred creator's sale pays the referrer out of the fee, on its own path
    expect(answers[4]).toMatchObject({ ok: true, value: { status: 201 } });
    const referral = await server.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('kind', '=', 'creator_pending')
      .where('owner_id', '=', referrer.user.id)
      .executeTakeFirst();
    expect(referral?.balance_cents).toBeGreaterThan(0);
    // a refused tip left no key behind: funded, the same key makes the tip
    expect(await keyRow(poor, requests[1]!.key)).toBeUndefined();
    await fund(server, poor, 10);
    const retried = await pay(server, poor, 'POST', '/tips', tipTo(creator, 2), requests[1]!.key);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body.transactionId).not.toBe(
      answers[0]!.ok ? answers[0]!.value.body.transactionId : '',
    );
    expect(await balanceCents(server, poor)).toBe(800);
  });

  it("runs one payer's tips of one turn one transaction after the other", async () => {
    const fan = await actor(server);
    await fund(server, fan, 5);
    const tips = tipBatcher(server.ctx);
    const answers = await settled(
      [3, 3].map((amount) => tips.submit(tipRequest(fan, tipTo(creator, amount)))),
    );
    // the first takes 3.00 of 5.00; the second, judged after it, finds 2.00
    expect(answers[0]).toMatchObject({ ok: true, value: { status: 201 } });
    expect(answers[1]).toMatchObject({ ok: false, error: { statusCode: 402 } });
    expect(await balanceCents(server, fan)).toBe(200);
  });
});

describe('unlocks in one turn', () => {
  it('share one transaction and judge each unlock alone', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => actor(server)));
    for (const fan of fans.slice(0, 5)) await fund(server, fan, 20);
    const [post, other] = [await paidPost(server, creator, 700), await paidPost(server, creator)];
    const free = await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'free', access_level: 'public' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const own = await paidPost(server, fans[4]!);
    await pay(server, fans[1]!, 'POST', `/posts/${other.id}/unlock`);
    const unlocks = unlockBatcher(server.ctx);
    const requests = [
      unlockRequest(fans[0]!, post.id),
      unlockRequest(fans[1]!, other.id), // bought before
      unlockRequest(fans[2]!, free.id), // not for sale
      unlockRequest(fans[3]!, randomUUID()), // no such post
      unlockRequest(fans[4]!, own.id), // one's own
      unlockRequest(fans[5]!, post.id), // no funds
    ];
    const { count, value: answers } = await statementsOf(() =>
      settled(requests.map((r) => unlocks.submit(r))),
    );
    expect(count).toBeLessThanOrEqual(7);
    expect(answers[0]).toMatchObject({ ok: true, value: { status: 200 } });
    expect(answers.slice(1).map((a) => (a.ok ? a.value.status : a.error.statusCode))).toEqual([
      409, 400, 404, 400, 402,
    ]);
    // one purchase and one charge for the post: the refused buyer's purchase row is gone
    const purchases = await server.ctx.db
      .selectFrom('content_purchases')
      .select(['buyer_id', 'ledger_transaction_id'])
      .where('post_id', '=', post.id)
      .execute();
    expect(purchases).toEqual([
      {
        buyer_id: fans[0]!.user.id,
        ledger_transaction_id: answers[0]!.ok ? answers[0]!.value.body.transactionId : null,
      },
    ]);
    expect(await unlockChargesFor(server, 'postId', post.id)).toHaveLength(1);
    expect(await balanceCents(server, fans[0]!)).toBe(2000 - 700);
    // the refused one may buy with the same key once funded
    await fund(server, fans[5]!, 10);
    const again = await pay(
      server,
      fans[5]!,
      'POST',
      `/posts/${post.id}/unlock`,
      undefined,
      requests[5]!.key,
    );
    expect(again.status, again.text).toBe(200);
    expect(await unlockChargesFor(server, 'postId', post.id)).toHaveLength(2);
  });
});

describe('a batch that fails', () => {
  const log = { warn: vi.fn() };
  const work = (run: MoneyBatchWork<string, { by: string }>['run']) => {
    const alone = vi.fn(async (r: MoneyRequest<string>) => ({
      status: 200,
      body: { by: `alone ${r.input}` },
      replayed: false,
    }));
    return { work: { name: 'test', run, alone }, alone };
  };
  const requests = (fans: Actor[]) =>
    fans.map((fan, i) => ({
      payerId: fan.user.id,
      key: randomUUID(),
      fingerprint: 'f',
      input: `${i}`,
    }));

  it('runs every request alone when the database refuses a statement, with nothing kept', async () => {
    const fans = await Promise.all([actor(server), actor(server)]);
    const { work: w, alone } = work(async (tx) => {
      await sql`select 1 / 0`.execute(tx);
      return [];
    });
    const batcher = new MoneyBatcher(server.ctx.db, w, log);
    const rs = requests(fans);
    const answers = await Promise.all(rs.map((r) => batcher.submit(r)));
    expect(answers.map((a) => a.body.by)).toEqual(['alone 0', 'alone 1']);
    expect(alone).toHaveBeenCalledTimes(2);
    for (const [i, fan] of fans.entries()) expect(await keyRow(fan, rs[i]!.key)).toBeUndefined();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('runs every request alone, and says so, when its own code fails before commit', async () => {
    const fans = await Promise.all([actor(server), actor(server)]);
    const { work: w, alone } = work(async () => {
      throw new TypeError('a bug');
    });
    const batcher = new MoneyBatcher(server.ctx.db, w, log);
    const answers = await Promise.all(requests(fans).map((r) => batcher.submit(r)));
    expect(answers.map((a) => a.body.by)).toEqual(['alone 0', 'alone 1']);
    expect(alone).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('stores an answer under its key and gives a refused key back', async () => {
    const fans = await Promise.all([actor(server), actor(server), actor(server)]);
    const { work: w, alone } = work(async (_tx, rs) =>
      rs.map((r) =>
        r.input === '0'
          ? { result: { status: 201, body: { by: 'batch' } } }
          : r.input === '1'
            ? { refused: new BadRequestError('no') }
            : { alone: true as const },
      ),
    );
    const batcher = new MoneyBatcher(server.ctx.db, w, log);
    const rs = requests(fans);
    const answers = await settled(rs.map((r) => batcher.submit(r)));
    expect(answers[0]).toMatchObject({ ok: true, value: { status: 201, body: { by: 'batch' } } });
    expect(answers[1]).toMatchObject({ ok: false, error: { statusCode: 400 } });
    expect(answers[2]).toMatchObject({ ok: true, value: { body: { by: 'alone 2' } } });
    expect(alone).toHaveBeenCalledOnce();
    expect(await keyRow(fans[0]!, rs[0]!.key)).toEqual({
      status_code: 201,
      response: { by: 'batch' },
    });
    expect(await keyRow(fans[1]!, rs[1]!.key)).toBeUndefined();
    expect(await keyRow(fans[2]!, rs[2]!.key)).toBeUndefined();
  });
});

describe('batches of any mix', () => {
  it('answer and charge exactly as the requests made one after the other would', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, () => actor(server)));
    const posts = await Promise.all([300, 450, 800].map((c) => paidPost(server, creator, c)));
    const prices = [300, 450, 800];
    const wallet = new Map<string, number>();
    const bought = new Set<string>();
    for (const fan of fans) {
      await fund(server, fan, 20);
      wallet.set(fan.user.id, 2000);
    }
    const tips = tipBatcher(server.ctx);
    const unlocks = unlockBatcher(server.ctx);
    // Tips and unlocks go through two batchers, whose transactions may take a wallet's lock in
    // either order, so one fan's tip and unlock have no order to model: fans 0 and 2 tip, 1 and
    // 3 unlock, and each fan's requests are judged in arrival order.
    const step = fc
      .record({ fan: fc.nat(3), units: fc.integer({ min: 1, max: 9 }), post: fc.nat(2) })
      .map((s) => ({ ...s, kind: s.fan % 2 === 0 ? ('tip' as const) : ('unlock' as const) }));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (round) => {
        // the model: each payer's requests in arrival order, each against what is left
        const expected = round.map((s) => {
          const payer = fans[s.fan]!.user.id;
          const left = wallet.get(payer)!;
          if (s.kind === 'tip') {
            if (left < s.units * 100) return 402;
            wallet.set(payer, left - s.units * 100);
            return 201;
          }
          const key = `${payer} ${s.post}`;
          if (bought.has(key)) return 409;
          if (left < prices[s.post]!) return 402;
          wallet.set(payer, left - prices[s.post]!);
          bought.add(key);
          return 200;
        });
        const answers = await settled(
          round.map((s) =>
            s.kind === 'tip'
              ? (tips.submit as (r: MoneyRequest<unknown>) => Promise<MoneyAnswer<unknown>>)(
                  tipRequest(fans[s.fan]!, tipTo(creator, s.units)),
                )
              : unlocks.submit(unlockRequest(fans[s.fan]!, posts[s.post]!.id)),
          ),
        );
        expect(answers.map((a) => (a.ok ? a.value.status : a.error.statusCode))).toEqual(expected);
        for (const fan of fans)
          expect(await balanceCents(server, fan)).toBe(wallet.get(fan.user.id));
        const purchases = await server.ctx.db
          .selectFrom('content_purchases')
          .select(['buyer_id', 'post_id', 'ledger_transaction_id'])
          .where(
            'post_id',
            'in',
            posts.map((p) => p.id),
          )
          .execute();
        expect(
          new Set(
            purchases.map((p) => `${p.buyer_id} ${posts.findIndex((q) => q.id === p.post_id)}`),
          ),
        ).toEqual(bought);
        expect(purchases.every((p) => p.ledger_transaction_id !== null)).toBe(true);
        expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
