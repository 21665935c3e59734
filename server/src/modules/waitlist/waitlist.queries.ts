import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';

/** SQL of the waitlist. The serial id is the queue order. */

/** Inserts unless the email is already listed; returns the new id or undefined. */
export async function insertEntry(
  db: DbHandle,
  email: string,
  userType: 'fan' | 'creator',
): Promise<number | undefined> {
  const row = await db
    .insertInto('waitlist_entries')
    .values({ email, user_type: userType })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findEntryId(db: DbHandle, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** Position = entries at or before this one; one pass over the primary key index. */
export async function positionOf(
  db: DbHandle,
  id: number,
): Promise<{ position: number; total: number }> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select([
      sql<number>`count(*) filter (where id <= ${id})`.as('position'),
      sql<number>`count(*)`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { position: Number(row.position), total: Number(row.total) };
}
