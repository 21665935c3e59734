import { sql, type RawBuilder } from 'kysely';
import type { PayoutStatus } from '../../platform/db/schema.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import { orderByAll } from '../../platform/http/page-sorting.ts';

/** Payout rows (Kysely only). Lists are newest first, index payouts_creator_idx / status_idx. */

export interface PayoutListFilter {
  creatorId?: string;
  status?: PayoutStatus;
  page: number;
  limit: number;
  /** ORDER BY items replacing newest first (the admin's sortable payout queue) */
  order?: RawBuilder<unknown>[];
}

export async function listPayoutRows(db: DbHandle, filter: PayoutListFilter) {
  let base = db.selectFrom('payouts');
  if (filter.creatorId) base = base.where('payouts.creator_id', '=', filter.creatorId);
  if (filter.status) base = base.where('payouts.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    orderByAll(
      base
        .innerJoin('users', 'users.id', 'payouts.creator_id')
        .selectAll('payouts')
        .select(['users.username', 'users.display_name']),
      filter.order ?? [sql`payouts.requested_at desc`, sql`payouts.id desc`],
    )
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function lockPayout(db: DbHandle, id: string) {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Paid and in-flight totals of one creator. */
export async function payoutTotals(db: DbHandle, creatorId: string) {
  const rows = await db
    .selectFrom('payouts')
    .select(['status', (eb) => eb.fn.sum<string>('amount_cents').as('total')])
    .where('creator_id', '=', creatorId)
    .groupBy('status')
    .execute();
  const of = (...s: PayoutStatus[]) =>
    rows.filter((r) => s.includes(r.status)).reduce((sum, r) => sum + Number(r.total ?? 0), 0);
  return { paidCents: of('paid'), inFlightCents: of('requested', 'processing') };
}
