import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Server-side sorting of page-numbered lists (the back office): a list names its sortable
 * fields (the contract's whitelist) and the SQL each one orders by; `sortClauses` turns the
 * request's `sortBy`/`order` into ORDER BY items, always ending with the row id in the same
 * direction so equal values keep one stable order and no row repeats or vanishes between pages.
 *
 * Nullable columns sort nulls as the smallest value (desc: nulls last, asc: nulls first), which
 * is what an index on `(column desc nulls last, id desc)` gives in both scan directions.
 */
export type SortDirection = 'asc' | 'desc';

export interface SortColumn {
  /** a column reference ('u.created_at') or any SQL expression */
  expr: string | Expression<unknown>;
  nullable?: boolean;
}

/** Per field: a column reference, an SQL expression, or either with `nullable`. */
export type SortColumns<K extends string> = Record<K, string | Expression<unknown> | SortColumn>;

export interface SortRequest<K extends string> {
  sortBy?: K | undefined;
  order?: SortDirection | undefined;
}

const toExpression = (expr: string | Expression<unknown>) =>
  typeof expr === 'string' ? sql.ref(expr) : expr;

/** The ORDER BY items for `request` (falling back to `fallback`), then `idColumn`. */
export function sortClauses<K extends string>(
  columns: SortColumns<K>,
  request: SortRequest<K>,
  fallback: { sortBy: K; order: SortDirection },
  idColumn: string,
): RawBuilder<unknown>[] {
  const sortBy = request.sortBy ?? fallback.sortBy;
  const order = request.order ?? fallback.order;
  const spec: string | Expression<unknown> | SortColumn = columns[sortBy];
  const column: SortColumn = typeof spec === 'string' || !('expr' in spec) ? { expr: spec } : spec;
  const direction = sql.raw(order);
  const nulls = column.nullable
    ? sql.raw(order === 'desc' ? ' nulls last' : ' nulls first')
    : sql``;
  return [
    sql`${toExpression(column.expr)} ${direction}${nulls}`,
    sql`${sql.ref(idColumn)} ${direction}`,
  ];
}

/** Appends `clauses` to a query's ORDER BY. */
export function orderByAll<Q extends { orderBy(expr: RawBuilder<unknown>): Q }>(
  query: Q,
  clauses: RawBuilder<unknown>[],
): Q {
  return clauses.reduce((q, clause) => q.orderBy(clause), query);
}
