import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { NotificationRow, NotificationType, UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';

/** SQL of the notifications module; every list probe runs on notifications_user_idx. */

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId: string | null;
  relatedId: string | null;
  relatedType: string | null;
  data: Record<string, unknown>;
}

export function insertNotification(db: DbHandle, n: NewNotification): Promise<NotificationRow> {
  return db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type: n.type,
      actor_id: n.actorId,
      related_id: n.relatedId,
      related_type: n.relatedType,
      data: JSON.stringify(n.data),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An unread notification of this kind about the same thing (message coalescing). */
export async function unreadExists(
  db: DbHandle,
  userId: string,
  type: NotificationType,
  relatedId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('related_id', '=', relatedId)
    .where('is_read', '=', false)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A blocked actor's notifications disappear with the block, like their content does: from the
 * list, the counts and /check alike, so the badge never counts what the list does not show.
 */
function actorVisibleTo(userId: string) {
  return sql<boolean>`(notifications.actor_id is null or ${notHiddenFrom(userId, 'notifications.actor_id')})`;
}

export interface ListWindow {
  limit: number;
  offset: number;
  before?: { createdAt: Date; id: string } | undefined;
  unreadOnly?: boolean | undefined;
}

export function listNotifications(db: DbHandle, userId: string, w: ListWindow) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where(actorVisibleTo(userId));
  if (w.unreadOnly) query = query.where('is_read', '=', false);
  if (w.before) {
    const { createdAt, id } = w.before;
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  } else query = query.offset(w.offset);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(w.limit).execute();
}

export async function countNotifications(db: DbHandle, userId: string, unreadOnly: boolean) {
  let query = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where(actorVisibleTo(userId));
  if (unreadOnly) query = query.where('is_read', '=', false);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export function notificationsSince(db: DbHandle, userId: string, since: Date, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where(actorVisibleTo(userId))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function hasNotificationSince(db: DbHandle, userId: string, since: Date | null) {
  let query = db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where(actorVisibleTo(userId));
  query = since ? query.where('created_at', '>', since) : query.where('is_read', '=', false);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function fetchedAt(db: DbHandle, userId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('notification_cursors')
    .select('fetched_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.fetched_at ?? null;
}

export async function touchFetchedAt(db: DbHandle, userId: string) {
  await db
    .insertInto('notification_cursors')
    .values({ user_id: userId, fetched_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ fetched_at: sql<Date>`now()` }))
    .execute();
}

export function findOwnNotification(db: DbHandle, userId: string, id: string) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Live accounts by id (deleted and banned ones are left out, as public lookups do). */
export async function liveUsersByIds(db: DbHandle, ids: readonly string[], viewerId: string) {
  if (ids.length === 0) return new Map<string, UserRow>();
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('status', 'in', ['active', 'suspended'])
    .where(notHiddenFrom(viewerId, 'users.id'))
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}
