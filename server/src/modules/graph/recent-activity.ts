import type { RecentActivityType } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';

/**
 * GET /users/me/recent-activity merges the newest entries of several sources. A later module
 * adds a kind by adding its literal to `RecentActivityType` (contracts/src/graph.ts) and a
 * source here; each source reads at most `limit` rows from its own index, newest first.
 */
export interface ActivityEntry {
  type: RecentActivityType;
  /** the other account the entry is about */
  userId: string;
  /** the post the entry is about, for likes and comments */
  relatedId?: string;
  createdAt: Date;
}

export type ActivitySource = (
  db: DbHandle,
  userId: string,
  limit: number,
) => Promise<ActivityEntry[]>;

/** The user followed someone (follows_follower_idx). */
const followsMade: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('follows')
    .select(['followee_id', 'created_at'])
    .where('follower_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('followee_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ type: 'follow', userId: r.followee_id, createdAt: r.created_at }));
};

/** Someone followed the user (follows_followee_idx). */
const followsReceived: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('follows')
    .select(['follower_id', 'created_at'])
    .where('followee_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('follower_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ type: 'followed_by', userId: r.follower_id, createdAt: r.created_at }));
};

/** The user subscribed to a creator (subscriptions_subscriber_recent_idx). */
const subscriptionsMade: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['creator_id', 'created_at'])
    .where('subscriber_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ type: 'subscribe', userId: r.creator_id, createdAt: r.created_at }));
};

/** A fan subscribed to the user (subscriptions_creator_recent_idx). */
const subscriptionsReceived: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['subscriber_id', 'created_at'])
    .where('creator_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    type: 'subscribed_by',
    userId: r.subscriber_id,
    createdAt: r.created_at,
  }));
};

/**
 * Someone else liked one of the user's live posts. Looks at the user's newest posts only
 * (posts_author_idx, then post_likes_post_recent_idx per post), which bounds the work for a
 * creator with thousands of posts; likes on very old posts are not "recent activity".
 */
const RECENT_POSTS_SCANNED = 50;

const recentPostIds = (db: DbHandle, userId: string) =>
  db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_POSTS_SCANNED);

const likesReceived: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('post_likes')
    .select(['user_id', 'post_id', 'created_at'])
    .where('post_id', 'in', recentPostIds(db, userId))
    .where('user_id', '!=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    type: 'post_liked',
    userId: r.user_id,
    relatedId: r.post_id,
    createdAt: r.created_at,
  }));
};

/** Someone else commented on one of the user's newest posts (comments_post_seq_idx). */
const commentsReceived: ActivitySource = async (db, userId, limit) => {
  const rows = await db
    .selectFrom('comments')
    .select(['user_id', 'post_id', 'created_at'])
    .where('post_id', 'in', recentPostIds(db, userId))
    .where('user_id', '!=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    type: 'post_commented',
    userId: r.user_id,
    relatedId: r.post_id,
    createdAt: r.created_at,
  }));
};

export const activitySources: ActivitySource[] = [
  followsMade,
  followsReceived,
  subscriptionsMade,
  subscriptionsReceived,
  likesReceived,
  commentsReceived,
];

/** The newest `limit` entries over all sources. */
export async function collectActivity(
  db: DbHandle,
  userId: string,
  limit: number,
  sources: readonly ActivitySource[] = activitySources,
): Promise<ActivityEntry[]> {
  const batches = await Promise.all(sources.map((source) => source(db, userId, limit)));
  return batches
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}
