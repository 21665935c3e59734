import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { releaseDuePending } from '../ledger/charges.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { paidPost } from './payments.test-kit.ts';
import { testProvider } from './provider.ts';
import { renewDueSubscriptions } from './renewals.service.ts';
import { subscribe } from './subscriptions.service.ts';
import { sendTip } from './tips.service.ts';
import { unlockPost } from './unlock.service.ts';
import { addFunds } from './wallet.service.ts';
import { reverseCharge } from '../ledger/reversals.ts';
import { savePayoutSettings } from '../users/payout-settings.service.ts';
import { processPayout, requestPayout } from './payouts.service.ts';
import { earningsOverviewDetailed } from './earnings.service.ts';

/**
 * Random sequences of money operations through the services; after every step each ledger
 * invariant (balanced transactions, balances = entries, no negative wallet, gross = fee +
 * share, reversals within the original, payouts in flight = open requests) must hold. Steps
 * include refunds/chargebacks (partial or full) and payout requests settled paid or failed. Refusals (402, 409, 400) are fine; anything else fails the run.
 */

let server: TestServer;
let fans: Actor[];
let creators: Actor[];
let posts: Array<{ id: string }>;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createTestServer();
  fans = await Promise.all([actor(server), actor(server), actor(server)]);
  creators = await Promise.all([
    actor(server, 'creator', { subscription_price_cents: 499 }),
    actor(server, 'creator', { subscription_price_cents: 1337 }),
  ]);
  posts = [];
  for (const c of creators)
    for (const price of [300, 777]) posts.push(await paidPost(server, c, price));
  for (const c of creators)
    await savePayoutSettings(server.ctx, c.user.id, {
      method: 'bank_transfer',
      accountHolder: 'Property Creator',
      country: 'DE',
      iban: 'DE89370400440532013000',
    });
});
afterAll(() => server.close());

type Step =
  | { op: 'fund'; fan: number; cents: number }
  | { op: 'tip'; fan: number; creator: number; cents: number }
  | { op: 'unlock'; fan: number; post: number }
  | { op: 'subscribe'; fan: number; creator: number }
  | { op: 'renew'; days: number }
  | { op: 'release'; days: number }
  | { op: 'refund'; pick: number; kind: 'refund' | 'chargeback'; part: number }
  | { op: 'payout'; creator: number; cents: number }
  | { op: 'settle'; pick: number; paid: boolean };

const fan = fc.nat(2);
const creator = fc.nat(1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('fund' as const), fan, cents: fc.integer({ min: 100, max: 5000 }) }),
  fc.record({
    op: fc.constant('tip' as const),
    fan,
    creator,
    cents: fc.integer({ min: 100, max: 3000 }),
  }),
  fc.record({ op: fc.constant('unlock' as const), fan, post: fc.nat(3) }),
  fc.record({ op: fc.constant('subscribe' as const), fan, creator }),
  fc.record({ op: fc.constant('renew' as const), days: fc.integer({ min: 0, max: 90 }) }),
  fc.record({ op: fc.constant('release' as const), days: fc.integer({ min: 0, max: 30 }) }),
  fc.record({
    op: fc.constant('refund' as const),
    pick: fc.nat(1000),
    kind: fc.constantFrom('refund' as const, 'chargeback' as const),
    // 0: whatever is left; otherwise a part of the gross in percent
    part: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    op: fc.constant('payout' as const),
    creator,
    cents: fc.integer({ min: 1800, max: 4000 }),
  }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(1000), paid: fc.boolean() }),
);

async function nth(kinds: string[], pick: number) {
  const rows = await server.ctx.db
    .selectFrom('ledger_transactions')
    .select(['id', 'metadata'])
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.length ? rows[pick % rows.length] : undefined;
}

async function run(s: Step) {
  const { ctx } = server;
  const now = Date.now();
  try {
    switch (s.op) {
      case 'fund':
        return await withTransaction(ctx.db, (tx) =>
          addFunds(tx, testProvider, fans[s.fan]!.user.id, s.cents, `p-${Math.random()}`),
        );
      case 'tip':
        return await withTransaction(ctx.db, (tx) =>
          sendTip(ctx, tx, fans[s.fan]!.user.id, {
            recipientUserId: creators[s.creator]!.user.id,
            amount: s.cents / 100,
            tipType: 'post',
          }),
        );
      case 'unlock':
        return await withTransaction(ctx.db, (tx) =>
          unlockPost(ctx, tx, fans[s.fan]!.user.id, posts[s.post]!.id),
        );
      case 'subscribe':
        return await withTransaction(ctx.db, (tx) =>
          subscribe(ctx, tx, fans[s.fan]!.user.id, creators[s.creator]!.user.id),
        );
      case 'renew':
        return await renewDueSubscriptions(ctx, new Date(now + s.days * DAY));
      case 'release':
        return await releaseDuePending(ctx.db, new Date(now + s.days * DAY));
      case 'refund': {
        const charge = await nth(['unlock', 'tip', 'subscription', 'renewal'], s.pick);
        if (!charge) return;
        const gross = Number(charge.metadata.grossCents);
        const amount = s.part === 0 ? undefined : Math.max(1, Math.floor((gross * s.part) / 100));
        return await withTransaction(ctx.db, (tx) =>
          reverseCharge(ctx, tx, {
            transactionId: charge.id,
            kind: s.kind,
            ...(amount === undefined ? {} : { amountCents: amount }),
          }),
        );
      }
      case 'payout':
        return await withTransaction(ctx.db, (tx) =>
          requestPayout(tx, creators[s.creator]!.user.id, s.cents),
        );
      case 'settle': {
        const open = await ctx.db
          .selectFrom('payouts')
          .select('id')
          .where('status', 'in', ['requested', 'processing'])
          .orderBy('requested_at')
          .orderBy('id')
          .execute();
        if (!open.length) return;
        return await processPayout(
          ctx.db,
          null,
          open[s.pick % open.length]!.id,
          s.paid ? 'paid' : 'failed',
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError && [400, 402, 409, 422].includes(error.statusCode)) return;
    throw error;
  }
}

describe('ledger invariants under random operations', () => {
  it('hold after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          await run(s);
          const report = await verifyLedger(server.ctx.db);
          if (!report.ok)
            throw new Error(
              `after ${JSON.stringify(s)}: ${JSON.stringify(report.invariants.filter((i) => !i.ok))}`,
            );
        }
      }),
      { numRuns: 15 },
    );
    const charges = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('kind', 'in', ['unlock', 'tip', 'subscription', 'renewal'])
      .execute();
    for (const { metadata: m } of charges)
      expect(Number(m.grossCents)).toBe(Number(m.feeCents) + Number(m.shareCents));
    // every reversal splits exactly too, and the creator's money adds up per creator:
    // net share = pending + available + in flight + paid out − owed
    const reversals = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('metadata')
      .where('kind', 'in', ['refund', 'chargeback'])
      .execute();
    for (const { metadata: m } of reversals)
      expect(Number(m.reversedCents)).toBe(Number(m.feeCents) + Number(m.shareCents));
    for (const c of creators) {
      const o = await earningsOverviewDetailed(server.ctx.db, c.user.id);
      expect(o.steps.net.amountCents).toBe(
        o.pendingCents + o.availableCents + o.inFlightCents + o.paidOutCents - o.owedCents,
      );
    }
  });
});
