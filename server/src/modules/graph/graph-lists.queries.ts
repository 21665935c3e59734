import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { exactTime } from '../../platform/db/exact-time.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from './graph.relations.ts';

/**
 * SQL of the user lists. Each list walks one index newest first: (owner side, created_at desc,
 * other side desc), so a page is an index range scan with no sort, by offset (page numbers) or
 * by keyset (`after`, the last row of the previous page).
 */

export const REACHABLE_STATUSES = ['active', 'suspended'] as const;

/** The position of a row in a list: its edge's created_at as exact text (microseconds kept). */
export interface EdgeKey {
  at: string;
  id: string;
}

export interface EdgePage {
  limit: number;
  offset: number;
  after?: EdgeKey | undefined;
}

export type ListedUser = UserRow & { edge_at: string };

/** An edge's created_at as UTC text with microseconds (platform/db/exact-time.ts). */
const edgeAt = exactTime;

export type FollowDirection = 'followers' | 'following';

export function followsPageQuery(
  db: DbHandle,
  userId: string,
  direction: FollowDirection,
  page: EdgePage,
) {
  // followers of X: rows with followee X, listing the follower; following: the reverse
  const other = direction === 'followers' ? 'f.follower_id' : 'f.followee_id';
  const self = direction === 'followers' ? 'f.followee_id' : 'f.follower_id';
  let query = db
    .selectFrom('follows as f')
    .innerJoin('users as u', 'u.id', other)
    .selectAll('u')
    .select(edgeAt('f.created_at').as('edge_at'))
    .where(self, '=', userId)
    .where('u.status', 'in', REACHABLE_STATUSES);
  if (page.after)
    query = query.where(
      sql<boolean>`(f.created_at, ${sql.ref(other)}) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`,
    );
  return query
    .orderBy('f.created_at', 'desc')
    .orderBy(other, 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export function blockedUsersPageQuery(db: DbHandle, userId: string, page: EdgePage) {
  let query = db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .selectAll('u')
    .select(edgeAt('b.created_at').as('edge_at'))
    .where('b.blocker_id', '=', userId)
    .where('u.status', '<>', 'deleted');
  if (page.after)
    query = query.where(
      sql<boolean>`(b.created_at, b.blocked_id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`,
    );
  return query
    .orderBy('b.created_at', 'desc')
    .orderBy('b.blocked_id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export function restrictedUsersPageQuery(db: DbHandle, userId: string, page: EdgePage) {
  let query = db
    .selectFrom('restricts as r')
    .innerJoin('users as u', 'u.id', 'r.restricted_id')
    .selectAll('u')
    .select(edgeAt('r.created_at').as('edge_at'))
    .where('r.restricter_id', '=', userId)
    .where('u.status', '<>', 'deleted');
  if (page.after)
    query = query.where(
      sql<boolean>`(r.created_at, r.restricted_id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`,
    );
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.restricted_id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export async function countBlocked(db: DbHandle, userId: string): Promise<number> {
  const row = await db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.blocker_id', '=', userId)
    .where('u.status', '<>', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countRestricted(db: DbHandle, userId: string): Promise<number> {
  const row = await db
    .selectFrom('restricts as r')
    .innerJoin('users as u', 'u.id', 'r.restricted_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.restricter_id', '=', userId)
    .where('u.status', '<>', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The accounts behind a list of ids that the viewer may see, in no particular order. */
export function visibleUsersByIds(db: DbHandle, viewerId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as UserRow[]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .where('status', 'in', REACHABLE_STATUSES)
    .where(notHiddenFrom(viewerId, 'users.id'))
    .execute();
}
