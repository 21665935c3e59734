import { sql, type RawBuilder } from 'kysely';

/** The element types batched statements pass as arrays. */
export type ArrayElement = 'uuid' | 'text' | 'bigint' | 'int' | 'jsonb' | 'timestamptz' | 'boolean';

type Value = string | number | boolean | Date | null;

/**
 * An array parameter the planner cannot look into (a scalar subquery, run once): a plan then
 * costs the same whatever the array's length, so a prepared statement settles on its generic
 * plan. Given the value, PostgreSQL estimates `unnest` and `= any` by the array's length, and
 * a batch of one (the common case at low rates) would never look as cheap as the generic plan
 * estimated for ten rows: it was planned afresh on every run (pg_prepared_statements: 18 custom
 * plans of 18, against 13 generic of 18 with mixed batch sizes; docs/PERFORMANCE.md "Group
 * commit of text sends").
 */
export const opaque = (values: readonly Value[], type: ArrayElement): RawBuilder<unknown> =>
  sql`(select ${[...values]}::${sql.raw(type)}[])::${sql.raw(type)}[]`;
