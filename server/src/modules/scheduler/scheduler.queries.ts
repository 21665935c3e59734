import { sql } from 'kysely';
import type { ScheduledStatus, ScheduledType } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { ScheduledItemRow, ScheduledItemsTable } from '../../platform/db/schema.ts';
import type { Updateable } from 'kysely';

/** SQL of the scheduler (Kysely only; the rules live in scheduler.service.ts). */

export interface NewScheduledItem {
  userId: string;
  type: ScheduledType;
  payload: Record<string, unknown>;
  scheduledFor: Date;
}

export function insertItems(tx: DbHandle, items: NewScheduledItem[]) {
  return tx
    .insertInto('scheduled_items')
    .values(
      items.map((item) => ({
        user_id: item.userId,
        type: item.type,
        payload: JSON.stringify(item.payload),
        scheduled_for: item.scheduledFor,
      })),
    )
    .returningAll()
    .execute();
}

/** The row, locked until the transaction ends: publishing and edits serialise on it. */
export function lockItem(tx: DbHandle, id: string) {
  return tx
    .selectFrom('scheduled_items')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The caller's items among `ids`, locked, in id order (a fixed order avoids deadlocks). */
export function lockOwnItems(tx: DbHandle, userId: string, ids: readonly string[]) {
  return tx
    .selectFrom('scheduled_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function updateItem(
  tx: DbHandle,
  id: string,
  values: Omit<Updateable<ScheduledItemsTable>, 'revision'>,
) {
  return tx
    .updateTable('scheduled_items')
    .set({ ...values, revision: sql<number>`revision + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Publishing's bookkeeping: does not bump the revision (the job that runs keeps its claim). */
export function recordOutcome(
  tx: DbHandle,
  id: string,
  values: Pick<
    Updateable<ScheduledItemsTable>,
    'status' | 'attempts' | 'last_error' | 'result_id' | 'published_at'
  >,
) {
  return tx
    .updateTable('scheduled_items')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteOwnItems(tx: DbHandle, userId: string, ids: readonly string[]) {
  return tx
    .deleteFrom('scheduled_items')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
}

export async function countPending(db: DbHandle, userId: string) {
  const row = await db
    .selectFrom('scheduled_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ListFilter {
  type?: ScheduledType | undefined;
  status?: ScheduledStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  after?: { scheduledFor: Date; id: string } | null;
  limit: number;
}

/**
 * The caller's items, soonest first, keyset on (scheduled_for, id): scheduled_items_user_time_idx,
 * or scheduled_items_user_status_idx with a status filter.
 */
export function listItems(db: DbHandle, userId: string, filter: ListFilter) {
  return listItemsQuery(db, userId, filter).execute() as Promise<ScheduledItemRow[]>;
}

export function listItemsQuery(db: DbHandle, userId: string, filter: ListFilter) {
  const after = filter.after ?? null;
  return db
    .selectFrom('scheduled_items')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(filter.type !== undefined, (q) => q.where('type', '=', filter.type!))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.from !== undefined, (q) => q.where('scheduled_for', '>=', filter.from!))
    .$if(filter.to !== undefined, (q) => q.where('scheduled_for', '<', filter.to!))
    .$if(after !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('scheduled_for', '>', after!.scheduledFor),
          eb.and([eb('scheduled_for', '=', after!.scheduledFor), eb('id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('scheduled_for')
    .orderBy('id')
    .limit(filter.limit);
}
