import { sql } from 'kysely';
import {
  DATA_TOOLS_MESSAGES,
  ErrorCodes,
  type CleanupResponse,
  type ClearCacheResponse,
  type DataSyncResponse,
  type RetentionSettings,
  type RetentionSettingsBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { deleteMessage } from '../chats/messages.service.ts';
import { measureMedia } from './storage.service.ts';
import { iso } from './sections.ts';

/**
 * Sync, clear-cache, cleanup and retention of one account (SPEC §7 Data tools). Each acts on
 * the caller's own rows only.
 */
type AccountCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

export const DATA_RETENTION_JOB = 'data.retention';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Own messages deleted per retention run; a backlog continues in the next run. */
const RETENTION_MESSAGES_PER_RUN = 1000;

const noUser = () => new NotFoundError(DATA_TOOLS_MESSAGES.noCurrentUser, ErrorCodes.NOT_FOUND);

/**
 * POST /data/sync: recomputes the account's cached counters from the facts (follows, live
 * subscriptions, live posts), corrects those that drifted, and measures media not measured
 * yet. The §4 progress animation is the client's; this is the work behind it.
 */
export async function syncAccount(ctx: AccountCtx, userId: string): Promise<DataSyncResponse> {
  const { counters, corrected } = await withTransaction(ctx.db, async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['followers_count', 'following_count', 'subscriber_count', 'posts_count', 'status'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.status === 'deleted') throw noUser();
    const facts = await tx
      .selectNoFrom([
        sql<number>`(select count(*) from follows where followee_id = ${userId})::int`.as(
          'followers',
        ),
        sql<number>`(select count(*) from follows where follower_id = ${userId})::int`.as(
          'following',
        ),
        sql<number>`(select count(*) from subscriptions where creator_id = ${userId} and status = 'active')::int`.as(
          'subscribers',
        ),
        sql<number>`(select count(*) from posts where user_id = ${userId} and deleted_at is null)::int`.as(
          'posts',
        ),
      ])
      .executeTakeFirstOrThrow();
    const stored = {
      followers: user.followers_count,
      following: user.following_count,
      subscribers: user.subscriber_count,
      posts: user.posts_count,
    };
    const fixed: Record<string, [number, number]> = {};
    for (const key of Object.keys(stored) as Array<keyof typeof stored>)
      if (stored[key] !== facts[key]) fixed[key] = [stored[key], facts[key]];
    if (Object.keys(fixed).length > 0)
      await tx
        .updateTable('users')
        .set({
          followers_count: facts.followers,
          following_count: facts.following,
          subscriber_count: facts.subscribers,
          posts_count: facts.posts,
        })
        .where('id', '=', userId)
        .execute();
    return { counters: facts, corrected: fixed };
  });
  const measuredMedia = await measureMedia(ctx, userId, 300);
  return {
    status: 'idle',
    lastSync: new Date().toISOString(),
    progress: 100,
    counters,
    corrected,
    measuredMedia,
    message: DATA_TOOLS_MESSAGES.syncDone,
  };
}

/**
 * POST /data/clear-cache: what the server keeps of this user to save work: measured media
 * sizes (measured again on demand), the notification fetch cursor, replay records of money
 * requests older than a day (a retry that late is a new request) and abandoned uploads.
 */
export async function clearCache(ctx: AccountCtx, userId: string): Promise<ClearCacheResponse> {
  const count = (rows: { numDeletedRows: bigint }[]) =>
    rows.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  const storageMeasurements = count(
    await ctx.db.deleteFrom('media_stored_sizes').where('owner_id', '=', userId).execute(),
  );
  const notificationCursor = count(
    await ctx.db.deleteFrom('notification_cursors').where('user_id', '=', userId).execute(),
  );
  const idempotencyKeys = count(
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('created_at', '<', new Date(Date.now() - DAY_MS))
      .execute(),
  );
  const uploads = await ctx.db
    .deleteFrom('media_uploads')
    .where('owner_id', '=', userId)
    .where('status', 'in', ['pending', 'failed'])
    .where('expires_at', '<', new Date())
    .returning(['staging_key'])
    .execute();
  const storage = getFileStorage(ctx.config);
  for (const upload of uploads) if (upload.staging_key) await storage.delete(upload.staging_key);
  return {
    message: DATA_TOOLS_MESSAGES.cacheCleared,
    cleared: {
      storageMeasurements,
      notificationCursor,
      idempotencyKeys,
      abandonedUploads: uploads.length,
    },
  };
}

const UNIT_MS: Record<string, number> = {
  h: HOUR_MS,
  d: DAY_MS,
  w: 7 * DAY_MS,
  m: 30 * DAY_MS,
  y: 365 * DAY_MS,
};

/**
 * `olderThan` of POST /data/cleanup: a duration back from now ('12h', '30d', '8w', '6m', '1y',
 * or a bare number of days: 30 = '30d'; at least an hour, at most 20 years) or an ISO date in
 * the past.
 */
export function parseOlderThan(raw: string | number, now = new Date()): Date {
  const invalid = () =>
    new BadRequestError(
      "olderThan must be a number of days, a duration like '30d', '12h', '8w', '6m', '1y' or a date in the past",
      ErrorCodes.VALIDATION_FAILED,
      { field: 'olderThan' },
    );
  const back = (ms: number) => {
    if (!(ms >= HOUR_MS && ms <= 20 * 365 * DAY_MS)) throw invalid();
    return new Date(now.getTime() - ms);
  };
  if (typeof raw === 'number') return back(raw * DAY_MS);
  const text = raw.trim();
  const duration = /^(\d{1,5})\s*([hdwmy])$/i.exec(text);
  if (duration) return back(Number(duration[1]) * UNIT_MS[duration[2]!.toLowerCase()]!);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) throw invalid();
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || date.getTime() > now.getTime() || date.getFullYear() < 2000)
    throw invalid();
  return date;
}

/**
 * POST /data/cleanup {olderThan}: deletes the caller's exports (with their files), finished
 * imports and notifications created before the cut-off. Posts, messages and money records are
 * never touched here.
 */
export async function cleanupOldData(
  ctx: AccountCtx,
  userId: string,
  olderThan: string | number,
): Promise<CleanupResponse> {
  const cutoff = parseOlderThan(olderThan);
  const exports = await ctx.db
    .deleteFrom('data_exports')
    .where('user_id', '=', userId)
    .where('created_at', '<', cutoff)
    .returning(['storage_key'])
    .execute();
  const imports = await ctx.db
    .deleteFrom('data_imports')
    .where('user_id', '=', userId)
    .where('created_at', '<', cutoff)
    .where('status', 'in', ['completed', 'failed'])
    .returning(['storage_key'])
    .execute();
  const storage = getFileStorage(ctx.config);
  for (const row of [...exports, ...imports])
    if (row.storage_key) await storage.delete(row.storage_key);
  const notifications = await deleteNotificationsBefore(ctx, userId, cutoff);
  return {
    message: DATA_TOOLS_MESSAGES.cleanupDone,
    olderThan: cutoff.toISOString(),
    deleted: { exports: exports.length, imports: imports.length, notifications },
  };
}

async function deleteNotificationsBefore(ctx: AccountCtx, userId: string, cutoff: Date) {
  let total = 0;
  for (;;) {
    const result = await ctx.db
      .deleteFrom('notifications')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', userId)
          .where('created_at', '<', cutoff)
          .limit(5000),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    total += n;
    if (n < 5000) return total;
  }
}

// ---- retention ----

export async function getRetention(ctx: AccountCtx, userId: string): Promise<RetentionSettings> {
  const row = await ctx.db
    .selectFrom('data_retention_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    messagesDays: row?.messages_days ?? null,
    notificationsDays: row?.notifications_days ?? null,
    updatedAt: iso(row?.updated_at),
    lastRunAt: iso(row?.last_run_at),
  };
}

const retentionKey = (userId: string, at: Date) =>
  `${DATA_RETENTION_JOB}:${userId}:${at.toISOString().slice(0, 10)}`;

/** PUT /data/retention-settings: saved, and applied at once when anything is set. */
export async function saveRetention(
  ctx: AccountCtx,
  userId: string,
  body: RetentionSettingsBody,
): Promise<RetentionSettings> {
  await withTransaction(ctx.db, async (tx) => {
    const saved = await tx
      .insertInto('data_retention_settings')
      .values({
        user_id: userId,
        messages_days: body.messagesDays ?? null,
        notifications_days: body.notificationsDays ?? null,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          ...(body.messagesDays !== undefined ? { messages_days: body.messagesDays } : {}),
          ...(body.notificationsDays !== undefined
            ? { notifications_days: body.notificationsDays }
            : {}),
          updated_at: new Date(),
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    if (saved.messages_days !== null || saved.notifications_days !== null)
      await ctx.jobs.enqueue(
        tx,
        DATA_RETENTION_JOB,
        { userId },
        { dedupeKey: `${DATA_RETENTION_JOB}:${userId}:saved:${saved.updated_at.getTime()}` },
      );
  });
  return { ...(await getRetention(ctx, userId)), message: DATA_TOOLS_MESSAGES.retentionSaved };
}

/**
 * The retention job of one account: notifications older than the setting are deleted; the
 * account's own sent messages older than theirs are deleted exactly as the sender deleting
 * them would (unread counts, last message, realtime). Then the next daily run is queued.
 */
export async function runRetention(ctx: AppContext, userId: string, now = new Date()) {
  const settings = await ctx.db
    .selectFrom('data_retention_settings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.messages_days', 'r.notifications_days', 'u.status'])
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  if (
    !settings ||
    settings.status === 'deleted' ||
    (settings.messages_days === null && settings.notifications_days === null)
  )
    return { notifications: 0, messages: 0 };
  let notifications = 0;
  let messages = 0;
  if (settings.notifications_days !== null)
    notifications = await deleteNotificationsBefore(
      ctx,
      userId,
      new Date(now.getTime() - settings.notifications_days * DAY_MS),
    );
  let backlog = false;
  if (settings.messages_days !== null) {
    const old = await ctx.db
      .selectFrom('messages')
      .select(['id', 'chat_id'])
      .where('sender_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', new Date(now.getTime() - settings.messages_days * DAY_MS))
      .orderBy('created_at')
      .limit(RETENTION_MESSAGES_PER_RUN)
      .execute();
    const viewer = { id: userId, sessionId: 'retention' };
    for (const message of old) {
      await deleteMessage(ctx, viewer, message.chat_id, message.id);
      messages += 1;
    }
    backlog = old.length === RETENTION_MESSAGES_PER_RUN;
  }
  await ctx.db
    .updateTable('data_retention_settings')
    .set({ last_run_at: now })
    .where('user_id', '=', userId)
    .execute();
  const next = new Date(now.getTime() + (backlog ? 60_000 : DAY_MS));
  await ctx.jobs.enqueue(
    ctx.db,
    DATA_RETENTION_JOB,
    { userId },
    {
      runAt: next,
      dedupeKey: backlog
        ? `${retentionKey(userId, next)}:${next.getTime()}`
        : retentionKey(userId, next),
    },
  );
  return { notifications, messages };
}
