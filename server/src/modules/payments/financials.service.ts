import { CURRENCY, type AdminFinancials } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import { units } from '../ledger/money.ts';
import { REVERSAL_KINDS } from '../ledger/reversals.ts';

/**
 * Admin financials (SPEC §3), all from the ledger (scans use ledger_transactions_kind_created_idx
 * and payouts_status_idx):
 * - totalRevenue: gross fans paid for unlocks, tips, subscriptions and renewals, minus refunds
 *   and chargebacks; revenueByType splits it by charge kind (reversals count against the kind
 *   they reversed);
 * - totalPayouts: payouts marked paid; netRevenue = totalRevenue − totalPayouts;
 * - platformFees: the platform's fee income net of reversals and referral shares;
 *   pendingPayouts: requested or processing; revenueLast30Days and dailyRevenue (30 UTC days, oldest first, zero-filled).
 */

const DAY_MS = 86_400_000;
const DAYS = 30;
const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export async function adminFinancials(db: DbHandle, now = new Date()): Promise<AdminFinancials> {
  const kinds = [...CHARGE_KINDS, ...REVERSAL_KINDS];
  const firstDay = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (DAYS - 1) * DAY_MS);
  // signed revenue of a row: + gross for a charge, − reversed for a refund/chargeback
  const signed = sql<string>`sum(case when kind in ('refund', 'chargeback')
      then -(metadata->>'reversedCents')::bigint else (metadata->>'grossCents')::bigint end)`;
  const signedFee = sql<string>`sum(case when kind in ('refund', 'chargeback')
      then -(metadata->>'feeCents')::bigint else (metadata->>'feeCents')::bigint end)`;
  const typeOf = sql<string>`case when kind in ('refund', 'chargeback')
      then coalesce(metadata->>'originalKind', kind) else kind end`;
  const [byType, daily, payouts] = await Promise.all([
    db
      .selectFrom('ledger_transactions')
      .select([typeOf.as('type'), signed.as('revenue'), signedFee.as('fees')])
      .where('kind', 'in', kinds)
      .groupBy(typeOf)
      .execute(),
    db
      .selectFrom('ledger_transactions')
      .select([
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        signed.as('revenue'),
      ])
      .where('kind', 'in', kinds)
      .where('created_at', '>=', firstDay)
      .groupBy(sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`)
      .execute(),
    db
      .selectFrom('payouts')
      .select(['status', sql<string>`sum(amount_cents)`.as('total')])
      .where('status', 'in', ['paid', 'requested', 'processing'])
      .groupBy('status')
      .execute(),
  ]);
  const revenueByTypeCents: Record<string, number> = Object.fromEntries(
    CHARGE_KINDS.map((k) => [k, 0]),
  );
  let total = 0;
  let fees = 0;
  for (const row of byType) {
    revenueByTypeCents[row.type] = (revenueByTypeCents[row.type] ?? 0) + Number(row.revenue ?? 0);
    total += Number(row.revenue ?? 0);
    fees += Number(row.fees ?? 0);
  }
  // referrers' parts are paid out of the fee: the platform keeps the fee net of them
  const referralRow = await db
    .selectFrom('referral_earnings')
    .select(sql<string>`coalesce(sum(amount_cents - reversed_cents), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  fees -= Number(referralRow.n);
  const refundsRow = await db
    .selectFrom('ledger_transactions')
    .select(sql<string>`coalesce(sum((metadata->>'reversedCents')::bigint), 0)`.as('n'))
    .where('kind', 'in', REVERSAL_KINDS)
    .executeTakeFirstOrThrow();
  const perDay = new Map(daily.map((d) => [d.day, Number(d.revenue ?? 0)]));
  const dailyRevenue = Array.from({ length: DAYS }, (_, i) => {
    const date = dayKey(new Date(firstDay.getTime() + i * DAY_MS));
    const cents = perDay.get(date) ?? 0;
    return { date, amount: units(cents), amountCents: cents };
  });
  const last30 = dailyRevenue.reduce((s, d) => s + d.amountCents, 0);
  const paid = Number(payouts.find((p) => p.status === 'paid')?.total ?? 0);
  const open = payouts
    .filter((p) => p.status !== 'paid')
    .reduce((s, p) => s + Number(p.total ?? 0), 0);
  const refunds = Number(refundsRow.n);
  return {
    currency: CURRENCY,
    totalRevenue: units(total),
    totalRevenueCents: total,
    totalPayouts: units(paid),
    totalPayoutsCents: paid,
    netRevenue: units(total - paid),
    netRevenueCents: total - paid,
    revenueLast30Days: units(last30),
    revenueLast30DaysCents: last30,
    dailyRevenue,
    revenueByType: Object.fromEntries(
      Object.entries(revenueByTypeCents).map(([k, v]) => [k, units(v)]),
    ),
    revenueByTypeCents,
    platformFees: units(fees),
    platformFeesCents: fees,
    refunds: units(refunds),
    refundsCents: refunds,
    pendingPayouts: units(open),
    pendingPayoutsCents: open,
    generatedAt: now.toISOString(),
  };
}
