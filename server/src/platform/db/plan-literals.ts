import { sql, type RawBuilder } from 'kysely';

/**
 * An integer written into the SQL text instead of being bound, for LIMIT and OFFSET of hot
 * page queries. PostgreSQL plans a prepared statement with `LIMIT $n` afresh on every run: the
 * generic plan, which must assume any limit, never looks cheaper than a custom one, so the
 * statement is planned each time (the home feed: 30 of 30 runs; docs/PERFORMANCE.md). With the
 * numbers in the text, the generic plan is kept after five runs. Each window is its own
 * statement text; page sizes and early offsets repeat, deep offsets stay unnamed
 * (platform/db/prepared-statements.ts only names texts seen repeatedly).
 */
export function planLiteral(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`planLiteral: ${String(value)} is not a non-negative integer`);
  }
  return sql.lit(value);
}
