import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

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

type Keyed = { k_at: string; k_id: string };
type Column<T extends keyof Database> = keyof Database[T] & string;

/**
 * The keyset fetch of one user's own rows of one table (for paged()): every column, where
 * `ownerColumn` is the user, ordered by (`at`, id), created_at unless named; `live` leaves out
 * soft-deleted rows (deleted_at). The table is chosen at run time, so the SQL is written out;
 * the rows are typed as the table's.
 */
export function ownedRows<T extends keyof Database & string>(
  db: DbHandle,
  table: T,
  ownerColumn: Column<T>,
  userId: string,
  options: { at?: Column<T>; live?: boolean } = {},
): (after: { at: string; id: string } | null) => Promise<Array<Selectable<Database[T]> & Keyed>> {
  const atColumn = `o.${options.at ?? 'created_at'}`;
  return async (after) => {
    const { rows } = await sql<Selectable<Database[T]> & Keyed>`
      select o.*, ${sql.ref(atColumn)}::text as k_at, o.id::text as k_id
      from ${sql.table(table)} as o
      where ${sql.ref(`o.${ownerColumn}`)} = ${userId}
        and ${options.live ? sql`o.deleted_at is null` : sql`true`}
        and ${afterKey(atColumn, 'o.id', after)}
      order by ${sql.ref(atColumn)}, o.id
      limit ${PAGE}`.execute(db);
    return rows;
  };
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
