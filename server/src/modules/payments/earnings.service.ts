import { PAYOUT_MIN_CENTS, type EarningsOverviewDetailed } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import {
  creatorEarningsOf,
  feeDelta,
  grossDelta,
  refundedGrossDelta,
  shareDelta,
} from '../collaborations/collaborations.earnings.ts';
import { COLLAB_SPLIT_KIND } from '../collaborations/collaborations.split.ts';
import { REFERRAL_SHARE_KIND } from '../referrals/referrals.split.ts';
import { formatMoney, units } from '../ledger/money.ts';
import { owedCents, REVERSAL_KINDS } from '../ledger/reversals.ts';
import { payoutTotals } from './payouts.queries.ts';
import { earningsOverview } from './statements.service.ts';

/**
 * The creator's whole money picture, every figure explained: lifetime gross → platform fee →
 * refunds → net, and where the net is now: pending (with release dates) → available → in flight
 * → paid out, minus anything owed. Identity (tested): net = pending + available + inFlight +
 * paidOut − owed.
 */

/** The UTC day a held share becomes available: releases are listed and summed per day. */
const releaseDay = sql`(available_at at time zone 'UTC')::date`;

const money = (cents: number, explanation: string) => ({
  amount: units(cents),
  amountCents: cents,
  explanation,
});

export async function earningsOverviewDetailed(
  db: DbHandle,
  creatorId: string,
  now = new Date(),
): Promise<EarningsOverviewDetailed> {
  const splitPart = sql<number>`case when kind = ${COLLAB_SPLIT_KIND} then (metadata->>'partCents')::bigint else 0 end`;
  const earnings = (reversals: boolean) =>
    db
      .selectFrom('ledger_transactions')
      .select([
        sql<string>`coalesce(sum(${grossDelta(creatorId)}), 0)`.as('gross'),
        sql<string>`coalesce(sum(${refundedGrossDelta()}), 0)`.as('reversed'),
        sql<string>`coalesce(sum(${feeDelta(creatorId)}), 0)`.as('fees'),
        sql<string>`coalesce(sum(${shareDelta(creatorId)}), 0)`.as('share'),
        sql<string>`coalesce(sum(${splitPart}) filter (where metadata->>'payerId' = ${creatorId}), 0)`.as(
          'collabPaid',
        ),
        sql<string>`coalesce(sum(${splitPart}) filter (where metadata->>'creatorId' = ${creatorId}), 0)`.as(
          'collabReceived',
        ),
        sql<string>`coalesce(sum((metadata->>'partCents')::bigint) filter (where kind = ${REFERRAL_SHARE_KIND}), 0)`.as(
          'referralReceived',
        ),
      ])
      .where(creatorEarningsOf(creatorId, { reversals }))
      .$if(reversals, (q) => q.where('kind', 'in', REVERSAL_KINDS))
      .executeTakeFirstOrThrow();
  // charges and collaboration splits, then reversals (each side's part of a split charge's)
  const [base, charges, reversals, owed, payouts, releases] = await Promise.all([
    earningsOverview(db, creatorId, now),
    earnings(false),
    earnings(true),
    owedCents(db, creatorId),
    payoutTotals(db, creatorId),
    db
      .selectFrom('ledger_pending_releases')
      .select([
        sql<Date>`min(available_at)`.as('available_at'),
        sql<string>`sum(amount_cents)`.as('amount'),
      ])
      .where('creator_id', '=', creatorId)
      .where('released_transaction_id', 'is', null)
      .where('amount_cents', '>', 0)
      // one line per (UTC) day: every payment has its own hold, and a list of the same date
      // over and over (and "the next 8.00" of a day that frees 36.27) explained nothing
      .groupBy(releaseDay)
      .orderBy(sql`min(available_at)`)
      .limit(50)
      .execute(),
  ]);
  const gross = Number(charges.gross);
  const collabPaid = Number(charges.collabPaid);
  const collabReceived = Number(charges.collabReceived);
  const referralReceived = Number(charges.referralReceived);
  const collabNote = [
    collabPaid > 0 ? `after ${formatMoney(collabPaid)} paid to collaborators` : null,
    collabReceived > 0 ? `including ${formatMoney(collabReceived)} as a collaborator` : null,
    referralReceived > 0
      ? `including ${formatMoney(referralReceived)} in referral shares paid from the platform fee`
      : null,
  ]
    .filter(Boolean)
    .join(', ');
  // reversal deltas are negative: fees and share given back
  const fees = Number(charges.fees) + Number(reversals.fees);
  const refundedGross = Number(reversals.reversed);
  const refundedShare = -Number(reversals.share);
  const net = Number(charges.share) - refundedShare;
  const pct = base.feePercent;
  const { pendingCents, availableCents } = base;
  const next = releases[0];
  const canRequestPayout = owed === 0 && availableCents >= PAYOUT_MIN_CENTS;
  return {
    ...base,
    steps: {
      gross: money(
        gross,
        `Fans paid you ${formatMoney(gross)} in total for unlocks, tips and subscriptions${collabNote ? ` (${collabNote})` : ''}.`,
      ),
      fee: money(
        fees,
        `The platform keeps its ${pct}% fee (rounded down to the cent, so a rounding cent goes to you): ${formatMoney(fees)} after refunds.`,
      ),
      refunded: money(
        refundedShare,
        refundedGross > 0
          ? `${formatMoney(refundedGross)} was refunded or charged back to fans; ${formatMoney(refundedShare)} of it was your share and was taken back.`
          : 'Nothing was refunded or charged back.',
      ),
      net: money(net, `Your share after the fee and refunds: ${formatMoney(net)}.`),
      pending: money(
        pendingCents,
        next
          ? `${formatMoney(pendingCents)} is held for 7 days after each payment; the next ${formatMoney(Number(next.amount))} becomes available on ${next.available_at.toISOString().slice(0, 10)}.`
          : 'Nothing is on hold.',
      ),
      available: money(
        availableCents,
        `${formatMoney(availableCents)} finished its hold and can be paid out (minimum ${formatMoney(PAYOUT_MIN_CENTS)}).`,
      ),
      inFlight: money(
        payouts.inFlightCents,
        `${formatMoney(payouts.inFlightCents)} is in payout requests not yet sent to your bank.`,
      ),
      paidOut: money(payouts.paidCents, `${formatMoney(payouts.paidCents)} was sent to your bank.`),
      owed: money(
        owed,
        owed > 0
          ? `You owe ${formatMoney(owed)} because a refund or chargeback took back more than your available balance; it is repaid from your next earnings and payouts are paused until then.`
          : 'You owe nothing.',
      ),
    },
    releases: releases.map((r) => ({
      availableAt: r.available_at.toISOString(),
      amount: units(Number(r.amount)),
      amountCents: Number(r.amount),
    })),
    owed: units(owed),
    owedCents: owed,
    paidOut: units(payouts.paidCents),
    paidOutCents: payouts.paidCents,
    inFlight: units(payouts.inFlightCents),
    inFlightCents: payouts.inFlightCents,
    canRequestPayout,
    minimumPayout: units(PAYOUT_MIN_CENTS),
    minimumPayoutCents: PAYOUT_MIN_CENTS,
  };
}
