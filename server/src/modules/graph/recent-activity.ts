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

export const activitySources: ActivitySource[] = [followsMade, followsReceived];

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
