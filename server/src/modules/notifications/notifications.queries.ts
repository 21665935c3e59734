import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { exactTime } from '../../platform/db/exact-time.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { opaque } from '../../platform/db/array-parameter.ts';
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
  /** the last row of the page before: its created_at as `exactTime` text, and its id */
  before?: { at: string; id: string } | undefined;
  unreadOnly?: boolean | undefined;
}

export function listNotifications(db: DbHandle, userId: string, w: ListWindow) {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .select(exactTime('created_at').as('cursor_at'))
    .where('user_id', '=', userId)
    .where(actorVisibleTo(userId));
  if (w.unreadOnly) query = query.where('is_read', '=', false);
  if (w.before) {
    const { at, id } = w.before;
    query = query.where(sql<boolean>`(created_at, id) < (${at}::timestamptz, ${id}::uuid)`);
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

/** A notification written by `insertWantedNotification`, with what push delivery needs. */
export interface WantedNotification {
  row: NotificationRow;
  preferences: Record<string, unknown> | null;
  hasPushSubscription: boolean;
}

/** What `wantedNotificationCtes` returns besides its SQL: the written row's facts, if any. */
export interface WantedNotificationTail extends StatementTail {
  /** from the host statement's result row: the notification written, or null when skipped */
  read(row: Record<string, unknown>): WrittenNotice | null;
}

/** A notification written as part of another statement: what delivery needs. */
export interface WrittenNotice {
  id: string;
  preferences: Record<string, unknown> | null;
  hasPushSubscription: boolean;
}

/**
 * notify's statement as CTEs (names and columns prefixed with `prefix`): the recipient's
 * preferences, the block check either way, the coalescing probe and the insert, which skips
 * when the recipient is gone, turned the type off (`preferences.notifications.<type> ===
 * false`), the two users block each other, or (coalesce) an unread one about the same thing
 * by the same actor exists. The columns say what was written, with the recipient's preferences
 * and whether they have a web push subscription. A charge's ledger write carries these (one
 * round trip less).
 */
export function wantedNotificationCtes(
  n: NewNotification,
  coalesce: boolean,
  prefix: string,
): WantedNotificationTail {
  const target = sql.id(`${prefix}target`);
  const wanted = sql.id(`${prefix}wanted`);
  const written = sql.id(`${prefix}written`);
  const notBlocked = n.actorId
    ? sql`and not exists (select 1 from blocks b
        where (b.blocker_id = ${n.userId}::uuid and b.blocked_id = ${n.actorId}::uuid)
           or (b.blocker_id = ${n.actorId}::uuid and b.blocked_id = ${n.userId}::uuid))`
    : sql``;
  const notUnread =
    coalesce && n.relatedId
      ? sql`and not exists (select 1 from notifications u
          where u.user_id = ${n.userId}::uuid and u.type = ${n.type}
            and u.related_id = ${n.relatedId} and not u.is_read
            and u.actor_id is not distinct from ${n.actorId ?? null}::uuid)`
      : sql``;
  const idColumn = `${prefix}id`;
  const preferencesColumn = `${prefix}preferences`;
  const pushColumn = `${prefix}push`;
  return {
    ctes: [
      sql`${target} as (
        select preferences, status from users where id = ${n.userId}::uuid
      ), ${wanted} as (
        select 1 from ${target}
        where status <> 'deleted'
          and (preferences -> 'notifications' -> ${n.type}::text) is distinct from 'false'::jsonb
          ${notBlocked}
          ${notUnread}
      ), ${written} as (
        insert into notifications (user_id, type, actor_id, related_id, related_type, data)
        select ${n.userId}::uuid, ${n.type}, ${n.actorId}::uuid, ${n.relatedId}::text,
          ${n.relatedType}::text, ${JSON.stringify(n.data)}::jsonb
        from ${wanted}
        returning *
      )`,
    ],
    columns: [
      sql`(select id from ${written}) as ${sql.id(idColumn)}`,
      sql`(select preferences from ${target}) as ${sql.id(preferencesColumn)}`,
      sql`exists (select 1 from push_subscriptions p where p.user_id = ${n.userId}::uuid) as ${sql.id(pushColumn)}`,
    ],
    read: (row) => {
      const id = row[idColumn];
      if (typeof id !== 'string') return null;
      return {
        id,
        preferences: (row[preferencesColumn] ?? null) as Record<string, unknown> | null,
        hasPushSubscription: row[pushColumn] === true,
      };
    },
  };
}

/** A notification a batch wrote (`wantedNotificationsCtes`): its recipient, type and facts. */
export interface WrittenBatchNotice extends WrittenNotice {
  userId: string;
  type: NotificationType;
}

/** `wantedNotificationsCtes`' SQL and how to read what it wrote off the host's result row. */
export interface WantedNotificationsTail extends StatementTail {
  read(row: Record<string, unknown>): WrittenBatchNotice[];
}

/**
 * `wantedNotificationCtes` for a list of notifications (no coalescing), as CTEs whose text
 * does not depend on the list's length: the same skips – the recipient gone, the type turned
 * off, a block either way – per row, and the rows written in the list's order (their ids are
 * time-ordered). The one column (`<prefix>written`) lists what was written with the
 * recipient's preferences and whether they have a web push subscription. A batch of charges'
 * ledger write carries it (money-batcher.ts).
 */
export function wantedNotificationsCtes(
  ns: readonly NewNotification[],
  prefix: string,
): WantedNotificationsTail {
  const input = sql.id(`${prefix}in`);
  const written = sql.id(`${prefix}rows`);
  const column = `${prefix}written`;
  return {
    ctes: [
      sql`${input} as (
        select * from unnest(${opaque(
          ns.map((n) => n.userId),
          'uuid',
        )}, ${opaque(
          ns.map((n) => n.type),
          'text',
        )}, ${opaque(
          ns.map((n) => n.actorId),
          'uuid',
        )}, ${opaque(
          ns.map((n) => n.relatedId),
          'text',
        )}, ${opaque(
          ns.map((n) => n.relatedType),
          'text',
        )}, ${opaque(
          ns.map((n) => JSON.stringify(n.data)),
          'jsonb',
        )}) with ordinality as n(user_id, type, actor_id, related_id, related_type, data, ord)
      ), ${written} as (
        insert into notifications (user_id, type, actor_id, related_id, related_type, data)
        select n.user_id, n.type, n.actor_id, n.related_id, n.related_type, n.data
        from ${input} n join users target on target.id = n.user_id
        where target.status <> 'deleted'
          and (target.preferences -> 'notifications' -> n.type) is distinct from 'false'::jsonb
          and (n.actor_id is null or not exists (select 1 from blocks b
            where (b.blocker_id = n.user_id and b.blocked_id = n.actor_id)
               or (b.blocker_id = n.actor_id and b.blocked_id = n.user_id)))
        order by n.ord
        returning id, user_id, type
      )`,
    ],
    columns: [
      sql`(select coalesce(json_agg(json_build_object('id', w.id, 'userId', w.user_id,
          'type', w.type, 'preferences', u.preferences,
          'push', exists (select 1 from push_subscriptions p where p.user_id = w.user_id))), '[]')
        from ${written} w join users u on u.id = w.user_id) as ${sql.id(column)}`,
    ],
    read: (row) => {
      const list = (row[column] ?? []) as Array<{
        id: string;
        userId: string;
        type: NotificationType;
        preferences: Record<string, unknown> | null;
        push: boolean;
      }>;
      return list.map((w) => ({
        id: w.id,
        userId: w.userId,
        type: w.type,
        preferences: w.preferences ?? null,
        hasPushSubscription: w.push === true,
      }));
    },
  };
}

/**
 * notify's one statement (`wantedNotificationCtes` on its own): inserts the notification unless
 * skipped; returns the row with the recipient's preferences and whether they have a web push
 * subscription. null when skipped.
 */
export async function insertWantedNotification(
  db: DbHandle,
  n: NewNotification,
  coalesce: boolean,
): Promise<WantedNotification | null> {
  const { ctes } = wantedNotificationCtes(n, coalesce, '');
  const { rows } = await sql<
    NotificationRow & { target_preferences: Record<string, unknown> | null; target_push: boolean }
  >`
    with ${sql.join(ctes)}
    select written.*, target.preferences as target_preferences,
      exists (select 1 from push_subscriptions p where p.user_id = ${n.userId}::uuid) as target_push
    from written, target`.execute(db);
  const first = rows[0];
  if (!first) return null;
  const { target_preferences, target_push, ...row } = first;
  return {
    row: row as NotificationRow,
    preferences: target_preferences,
    hasPushSubscription: target_push,
  };
}
