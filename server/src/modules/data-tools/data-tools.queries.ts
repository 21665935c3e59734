import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

/** SQL of the export and import jobs (Kysely only; rules live in the services). */

export type JobTable = 'data_exports' | 'data_imports';

/** A worker that has not moved the heartbeat for this long is presumed gone. */
export const HEARTBEAT_STALE_MS = 2 * 60_000;

export interface JobCursor {
  createdAt: string;
  id: string;
}

/** Opaque keyset cursor: the exact created_at text (microseconds) and the id. */
export function encodeCursor(cursor: JobCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string | undefined): JobCursor | null {
  if (!raw) return null;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const [createdAt, id] = text.split('|');
  if (!createdAt || !id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(Date.parse(createdAt)))
    return null;
  return { createdAt, id };
}

/** The owner's jobs, newest first, one page past `cursor`. */
export async function listJobs<T extends JobTable>(
  db: DbHandle,
  table: T,
  userId: string,
  limit: number,
  cursor: JobCursor | null,
) {
  const rows = await db
    .selectFrom(table as 'data_exports')
    .selectAll()
    .select(sql<string>`created_at::text`.as('created_at_text'))
    .where('user_id', '=', userId)
    .$if(cursor !== null, (qb) =>
      qb.where(
        sql<boolean>`(created_at, id) < (${cursor!.createdAt}::timestamptz, ${cursor!.id}::uuid)`,
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page as unknown as Array<Selectable<Database[T]> & { created_at_text: string }>,
    next:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.created_at_text, id: last.id })
        : null,
  };
}

/**
 * Takes a job row for this run: a pending one, or one whose previous worker went silent. Two
 * workers never both get it (the UPDATE's row lock decides), so an export or import runs once.
 */
export async function claimJobRow(db: DbHandle, table: JobTable, id: string) {
  const stale = new Date(Date.now() - HEARTBEAT_STALE_MS);
  return db
    .updateTable(table as 'data_exports')
    .set({
      status: 'processing',
      heartbeat_at: new Date(),
      started_at: sql`coalesce(started_at, now())`,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'processing'), eb('heartbeat_at', '<', stale)]),
      ]),
    )
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/** Progress and heartbeat; false when the row is no longer processing (cancelled). */
export async function touchJobRow(
  db: DbHandle,
  table: JobTable,
  id: string,
  progress: number,
): Promise<boolean> {
  const row = await db
    .updateTable(table as 'data_exports')
    .set({ progress: Math.max(0, Math.min(99, Math.floor(progress))), heartbeat_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function failJobRow(db: DbHandle, table: JobTable, id: string, error: string) {
  await db
    .updateTable(table as 'data_exports')
    .set({ status: 'failed', error: error.slice(0, 500), completed_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'processing'])
    .execute();
}
