import { sql } from 'kysely';
import type { Logger } from 'pino';
import { onCommit, type Db, type DbHandle } from '../../platform/db/database.ts';

/**
 * Cheap event recording: a hot path adds to an in-memory buffer (a Map increment, no I/O) after
 * its transaction commits; the buffer is flushed every few seconds as a handful of batched
 * additive upserts (creator counts by minute and hour, post counts by day, profile viewers).
 * Several processes each flush their own buffer: the upserts add, so the totals stay right.
 * A crash loses at most the last few seconds of counts; money is never counted here (ledger).
 */

export type CreatorMetric =
  | 'post_view'
  | 'profile_view'
  | 'like'
  | 'comment'
  | 'purchase'
  | 'tip'
  | 'subscription'
  | 'unsubscription';
const POST_METRICS = new Set<CreatorMetric>(['post_view', 'like', 'comment', 'purchase']);

export interface AnalyticsEvent {
  metric: CreatorMetric;
  creatorId: string;
  postId?: string | null;
  /** who did it: a profile view remembers the viewer */
  actorId?: string | null;
  at?: Date;
}

interface Buffer {
  creator: Map<string, number>; // creatorId|grain|bucketIso|metric
  post: Map<string, number>; // postId|day|metric|creatorId
  viewers: Map<string, { count: number; last: Date }>; // creatorId|viewerId
}

const emptyBuffer = (): Buffer => ({ creator: new Map(), post: new Map(), viewers: new Map() });
let buffer = emptyBuffer();

const add = (map: Map<string, number>, key: string, by = 1) =>
  map.set(key, (map.get(key) ?? 0) + by);

function truncate(at: Date, ms: number) {
  return new Date(Math.floor(at.getTime() / ms) * ms).toISOString();
}

function bufferEvent(event: AnalyticsEvent) {
  const at = event.at ?? new Date();
  const { creatorId, metric } = event;
  add(buffer.creator, `${creatorId}|minute|${truncate(at, 60_000)}|${metric}`);
  add(buffer.creator, `${creatorId}|hour|${truncate(at, 3_600_000)}|${metric}`);
  if (event.postId && POST_METRICS.has(metric))
    add(buffer.post, `${event.postId}|${at.toISOString().slice(0, 10)}|${metric}|${creatorId}`);
  if (metric === 'profile_view' && event.actorId && event.actorId !== creatorId) {
    const key = `${creatorId}|${event.actorId}`;
    const seen = buffer.viewers.get(key);
    buffer.viewers.set(key, { count: (seen?.count ?? 0) + 1, last: at });
  }
}

/**
 * Count an event once `handle`'s transaction commits (at once on a root handle). One line at
 * each hook: `track(tx, {metric: 'like', creatorId, postId})`.
 */
export function track(handle: DbHandle, event: AnalyticsEvent) {
  if (handle.isTransaction) onCommit(handle, () => bufferEvent(event));
  else bufferEvent(event);
}

const BATCH = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

let flushing: Promise<void> = Promise.resolve();

/** Writes the buffer out; concurrent callers wait for the same chain. Reads call this first. */
export function flushAnalytics(db: Db): Promise<void> {
  const run = flushing.then(() => writeBuffer(db));
  flushing = run.catch(() => undefined);
  return run;
}

async function writeBuffer(db: Db) {
  const taken = buffer;
  buffer = emptyBuffer();
  if (!taken.creator.size && !taken.post.size && !taken.viewers.size) return;
  try {
    const creatorRows = [...taken.creator].map(([key, count]) => {
      const [creator_id, grain, bucket, metric] = key.split('|') as [
        string,
        'minute' | 'hour',
        string,
        string,
      ];
      return { creator_id, grain, bucket, metric, count };
    });
    for (const rows of chunks(creatorRows))
      await db
        .insertInto('analytics_creator_counts')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['creator_id', 'grain', 'bucket', 'metric'])
            .doUpdateSet({ count: sql`analytics_creator_counts.count + excluded.count` }),
        )
        .execute();
    const postRows = [...taken.post].map(([key, count]) => {
      const [post_id, day, metric, creator_id] = key.split('|') as [string, string, string, string];
      return { post_id, day, metric, creator_id, count };
    });
    for (const rows of chunks(postRows))
      await db
        .insertInto('analytics_post_counts')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['post_id', 'day', 'metric'])
            .doUpdateSet({ count: sql`analytics_post_counts.count + excluded.count` }),
        )
        .execute();
    const viewerRows = [...taken.viewers].map(([key, v]) => {
      const [creator_id, viewer_id] = key.split('|') as [string, string];
      return {
        creator_id,
        viewer_id,
        views: v.count,
        last_viewed_at: v.last,
        first_viewed_at: v.last,
      };
    });
    for (const rows of chunks(viewerRows))
      await db
        .insertInto('analytics_profile_viewers')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['creator_id', 'viewer_id']).doUpdateSet({
            views: sql`analytics_profile_viewers.views + excluded.views`,
            last_viewed_at: sql`greatest(analytics_profile_viewers.last_viewed_at, excluded.last_viewed_at)`,
          }),
        )
        .execute();
  } catch (err) {
    // a deleted post or account between the event and the flush: drop only the bad rows' batch
    if (isForeignKeyViolation(err)) return;
    throw err;
  }
}

function isForeignKeyViolation(err: unknown) {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';
}

/** Flushes every `everyMs` until stopped (the http process starts it; close flushes the rest). */
export function startAnalyticsFlusher(db: Db, log: Logger, everyMs = 3000) {
  const timer = setInterval(() => {
    flushAnalytics(db).catch((err: unknown) => log.warn({ err }, 'analytics flush failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flushAnalytics(db).catch((err: unknown) => log.warn({ err }, 'analytics flush failed'));
  };
}

/** A signed-in visit to a creator's profile (not their own): counts and remembers the viewer. */
export function trackProfileView(
  db: DbHandle,
  viewerId: string | null,
  profile: { id: string; account_type: string },
) {
  if (!viewerId || viewerId === profile.id || profile.account_type !== 'creator') return;
  track(db, { metric: 'profile_view', creatorId: profile.id, actorId: viewerId });
}
