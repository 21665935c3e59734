import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';

/**
 * The building blocks of an export: a section is one table of the user's data (a JSON array or
 * a CSV file in the zip, one key of the personal-data document), read page by page so a
 * section of any size streams in bounded memory.
 */
export type Row = Record<string, unknown>;

export interface DataSection {
  /** file name in the zip without extension, key in the personal-data document */
  name: string;
  /** CSV columns, in order */
  columns: readonly string[];
  rows(): AsyncGenerator<Row>;
}

export const PAGE = 500;

export const iso = (d: Date | string | null | undefined) =>
  d === null || d === undefined ? null : new Date(d).toISOString();

/**
 * Keyset pages over (created_at, id) ascending: `fetch(after)` returns up to PAGE rows after
 * the given key, each with `k_at` (created_at as exact text) and `k_id`.
 */
export async function* keyset<R extends { k_at: string; k_id: string }>(
  fetch: (after: { at: string; id: string } | null) => Promise<R[]>,
): AsyncGenerator<R> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await fetch(after);
    for (const row of rows) yield row;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.k_at, id: last.k_id };
  }
}

/** `(createdCol, idCol) > after` for keyset(); true when there is no key yet. */
export function afterKey(
  createdCol: string,
  idCol: string,
  after: { at: string; id: string } | null,
): Expression<SqlBool> {
  if (!after) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(createdCol)}, ${sql.ref(idCol)}::text) > (${after.at}::timestamptz, ${after.id})`;
}

/** The key columns keyset() needs, from the query's created-at and id columns. */
export function keyColumns(createdCol: string, idCol: string) {
  return [
    sql<string>`${sql.ref(createdCol)}::text`.as('k_at'),
    sql<string>`${sql.ref(idCol)}::text`.as('k_id'),
  ] as const;
}

/** A section made of one row (account, settings). */
export function single(name: string, columns: readonly string[], load: () => Promise<Row | null>) {
  return {
    name,
    columns,
    async *rows() {
      const row = await load();
      if (row) yield row;
    },
  } satisfies DataSection;
}

/** A section of rows loaded page by page; `present` drops the key columns. */
export function paged<R extends { k_at: string; k_id: string }>(
  name: string,
  columns: readonly string[],
  fetch: (after: { at: string; id: string } | null) => Promise<R[]>,
  present: (row: R) => Row,
): DataSection {
  return {
    name,
    columns,
    async *rows() {
      for await (const row of keyset(fetch)) yield present(row);
    },
  };
}

/** Usernames of a set of ids, one query (no N+1). */
export async function usernamesOf(db: DbHandle, ids: Iterable<string>) {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', list)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
