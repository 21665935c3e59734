import {
  ErrorCodes,
  NotificationPaging,
  SYSTEM_ACTOR_ID,
  type ActorsResponse,
  type Notification,
  type NotificationCheckResponse,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationsChangedResponse,
} from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { isCursorTime } from '../../platform/db/exact-time.ts';
import type { NotificationRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { parseSince } from '../../platform/since-param.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import * as q from './notifications.queries.ts';

/** Reading and managing one's own notifications. Creating them is notify.ts. */

const notFound = () =>
  new NotFoundError('Notification not found', ErrorCodes.NOTIFICATION_NOT_FOUND);

export function presentNotification(
  row: NotificationRow,
  actor: UserRow | undefined,
): Notification {
  return {
    id: row.id,
    notificationId: row.id,
    type: row.type,
    actorId: row.actor_id ?? SYSTEM_ACTOR_ID,
    actor: actor ? presentPublicUser(actor) : null,
    relatedId: row.related_id,
    relatedType: row.related_type,
    data: row.data ?? {},
    isRead: row.is_read,
    createdAt: row.created_at.toISOString(),
  };
}

async function presentAll(db: DbHandle, userId: string, rows: NotificationRow[]) {
  const actorIds = rows.flatMap((r) => (r.actor_id ? [r.actor_id] : []));
  const actors = await q.liveUsersByIds(db, actorIds, userId);
  return rows.map((r) => presentNotification(r, r.actor_id ? actors.get(r.actor_id) : undefined));
}

/**
 * Keyset cursor "time|id", base64url so it travels in a query string untouched. The time is
 * the row's exact created_at (microseconds: platform/db/exact-time.ts); a cursor handed out
 * before, with milliseconds, is still read.
 */
function encodeCursor(row: { cursor_at: string; id: string }) {
  return Buffer.from(`${row.cursor_at}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !isCursorTime(at) || !id || !isUuid(id))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'before' });
  return { at, id };
}

/** GET /notifications: newest first; fetching the first page moves the "last fetch" mark. */
export async function listNotifications(
  db: DbHandle,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const before = query.before ? decodeCursor(query.before) : undefined;
  const offset = (query.page - 1) * query.limit;
  const [rows, total, unreadCount] = await Promise.all([
    q.listNotifications(db, userId, {
      limit: query.limit + 1,
      offset,
      before,
      unreadOnly: query.unreadOnly,
    }),
    q.countNotifications(db, userId, query.unreadOnly ?? false),
    q.countNotifications(db, userId, true),
  ]);
  if (!before && query.page === 1) await q.touchFetchedAt(db, userId);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    notifications: await presentAll(db, userId, page),
    unreadCount,
    nextCursor: hasMore && last ? encodeCursor(last) : null,
    currentPage: before ? 1 : query.page,
    totalPages: Math.ceil(total / query.limit),
    hasMore,
  };
}

/** `since` as a date (ISO date-time or epoch milliseconds); none given: null. */
const sinceOrNull = (since: string | undefined): Date | null => (since ? parseSince(since) : null);

/** GET /notifications/check: anything since `since`, else since the last fetch of the list. */
export async function checkNotifications(
  db: DbHandle,
  userId: string,
  since: string | undefined,
): Promise<NotificationCheckResponse> {
  const from = sinceOrNull(since) ?? (await q.fetchedAt(db, userId));
  const [hasNew, unreadCount] = await Promise.all([
    q.hasNotificationSince(db, userId, from),
    q.countNotifications(db, userId, true),
  ]);
  return { hasNew, unreadCount };
}

export async function newNotifications(db: DbHandle, userId: string, since: string | undefined) {
  const serverTime = new Date().toISOString();
  const from = sinceOrNull(since) ?? (await q.fetchedAt(db, userId)) ?? new Date(0);
  const rows = await q.notificationsSince(db, userId, from, NotificationPaging.maxNew);
  return { notifications: await presentAll(db, userId, rows), serverTime };
}

export async function unreadCount(db: DbHandle, userId: string) {
  return { count: await q.countNotifications(db, userId, true) };
}

/** GET /notifications/actors?ids=a,b: public profiles; unknown, hidden or malformed ids drop out. */
export async function actors(
  db: DbHandle,
  userId: string,
  idsParam: readonly string[],
): Promise<ActorsResponse> {
  // `ids=a,b` and repeated `ids=a&ids=b` alike: joined, then split
  const parts = idsParam.join(',').split(',');
  const ids = [...new Set(parts.map((s) => s.trim().toLowerCase()))].filter(isUuid).slice(0, 100);
  const users = await q.liveUsersByIds(db, ids, userId);
  return { users: ids.flatMap((id) => users.get(id) ?? []).map((u) => presentPublicUser(u)) };
}

export async function markRead(db: DbHandle, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  const [notification] = await presentAll(db, userId, [row]);
  return { notification: notification! };
}

export async function markAllRead(
  db: DbHandle,
  userId: string,
): Promise<NotificationsChangedResponse> {
  const rows = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .returning('id')
    .execute();
  return { ok: true, count: rows.length };
}

export async function deleteNotification(db: DbHandle, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ok: true as const, count: 1 };
}

export async function deleteAllNotifications(
  db: DbHandle,
  userId: string,
): Promise<NotificationsChangedResponse> {
  const rows = await db
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  return { ok: true, count: rows.length };
}
