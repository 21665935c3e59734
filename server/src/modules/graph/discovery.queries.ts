import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { listedInSearch } from '../users/users.queries.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { Database, UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from './graph.relations.ts';

/** SQL of discovery (trending, promoted, new creators, signup suggestions) and feedback. */

export const TRENDING_WINDOW = sql<Date>`now() - interval '7 days'`;

export interface CreatorFilter {
  viewerId: string | null;
  /** drop creators the viewer marked 'not_interested' */
  excludeNotInterested?: boolean;
  /** drop creators the viewer already follows */
  excludeFollowed?: boolean;
}

/**
 * Active creators the viewer may discover: never the viewer, nobody hidden by a block. The
 * role and status test is literal SQL so the planner matches the partial indexes of the graph
 * migration (users_creators_new_idx, users_creators_popular_idx).
 */
export function discoverableCreator(filter: CreatorFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'users'>();
  const conditions: Expression<SqlBool>[] = [
    sql<SqlBool>`users.account_type = 'creator'`,
    sql<SqlBool>`users.status = 'active'`,
    listedInSearch,
  ];
  const viewerId = filter.viewerId;
  if (viewerId) {
    conditions.push(eb('users.id', '<>', viewerId), notHiddenFrom(viewerId, 'users.id'));
    if (filter.excludeNotInterested)
      conditions.push(
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_feedback as uf')
              .select(sql.lit(1).as('one'))
              .where('uf.user_id', '=', viewerId)
              .whereRef('uf.target_id', '=', 'users.id')
              .where('uf.feedback_type', '=', 'not_interested'),
          ),
        ),
      );
    if (filter.excludeFollowed)
      conditions.push(
        eb.not(
          eb.exists(
            eb
              .selectFrom('follows as vf')
              .select(sql.lit(1).as('one'))
              .where('vf.follower_id', '=', viewerId)
              .whereRef('vf.followee_id', '=', 'users.id'),
          ),
        ),
      );
  }
  return eb.and(conditions);
}

/**
 * The top `limit` creators by follows gained in the trending window (ties: followers, id),
 * with the count. The window is counted first (index-only range scan of follows_recent_idx,
 * hash aggregate per followee), so the per-viewer filters run once per creator, not per follow.
 */
export function trendingByRecentFollows(db: DbHandle, filter: CreatorFilter, limit: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('follows')
        .select(['followee_id', eb.fn.countAll<number>().as('recent_follows')])
        .where('created_at', '>', TRENDING_WINDOW)
        .groupBy('followee_id')
        .as('recent'),
    )
    .innerJoin('users', 'users.id', 'recent.followee_id')
    .where(discoverableCreator(filter))
    .selectAll('users')
    .select('recent.recent_follows')
    .orderBy('recent.recent_follows', 'desc')
    .orderBy('users.followers_count', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/** Most-followed creators first (users_creators_popular_idx). */
export function popularCreators(
  db: DbHandle,
  filter: CreatorFilter,
  limit: number,
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(discoverableCreator(filter))
    .orderBy('users.followers_count', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/** Creators whose promotion is running, the longest-running promotion first. */
export function promotedCreators(
  db: DbHandle,
  filter: CreatorFilter,
  limit: number,
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('users.promoted_until', '>', sql<Date>`now()`)
    .where(discoverableCreator(filter))
    .orderBy('users.promoted_until', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}

/** Newest creator accounts first (users_creators_new_idx). */
export function newestCreators(
  db: DbHandle,
  filter: CreatorFilter,
  limit: number,
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(discoverableCreator(filter))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .execute();
}

export async function upsertFeedback(
  db: DbHandle,
  userId: string,
  targetId: string,
  type: 'not_interested' | 'show_more' | 'report_spam',
) {
  await db
    .insertInto('user_feedback')
    .values({ user_id: userId, target_id: targetId, feedback_type: type })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'target_id', 'feedback_type'])
        .doUpdateSet({ created_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function deleteFeedback(
  db: DbHandle,
  userId: string,
  targetId: string,
  type: 'not_interested' | 'show_more',
) {
  await db
    .deleteFrom('user_feedback')
    .where('user_id', '=', userId)
    .where('target_id', '=', targetId)
    .where('feedback_type', '=', type)
    .execute();
}
