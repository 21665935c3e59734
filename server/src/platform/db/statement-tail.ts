import { sql, type RawBuilder } from 'kysely';

/**
 * Work that rides in another statement instead of costing a round trip of its own: extra items
 * of its `with` list and extra columns of its result. Each writer names its CTEs and columns
 * with its own prefix so several tails can join one statement. A CTE may read the host
 * statement's own CTEs where the host documents them (a ledger posting's `t`: the new
 * transaction row).
 */
export interface StatementTail {
  /** `name as (insert …)` items of the `with` list */
  ctes: RawBuilder<unknown>[];
  /** `expression as name` columns of the statement's one result row */
  columns: RawBuilder<unknown>[];
}

/** The tails' CTEs as `, a as (…), b as (…)` (empty when there are none). */
export function tailCtes(tails: readonly StatementTail[]): RawBuilder<unknown> {
  const ctes = tails.flatMap((t) => t.ctes);
  return ctes.length > 0 ? sql`, ${sql.join(ctes)}` : sql``;
}

/** The tails' columns as `, x as a, y as b` (empty when there are none). */
export function tailColumns(tails: readonly StatementTail[]): RawBuilder<unknown> {
  const columns = tails.flatMap((t) => t.columns);
  return columns.length > 0 ? sql`, ${sql.join(columns)}` : sql``;
}
