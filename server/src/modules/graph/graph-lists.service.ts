import type {
  BlockedIdsResponse,
  RecentActivityResponse,
  RestrictedIdsResponse,
  UserListQuery,
  UserPage,
} from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { EXACT_TIME_RE } from '../../platform/db/exact-time.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { publicListView } from '../users/user-views.ts';
import * as q from './graph-lists.queries.ts';
import { blockedIdList, restrictedIdList } from './graph.relations.ts';
import { collectActivity } from './recent-activity.ts';
import { isUuid } from '../../platform/ids.ts';

/** The signed-in user's lists (SPEC §7 GET /users/me/…). */

/** Opaque to clients: base64url of the last row's edge time (exact text) and user id. */
export function encodeCursor(key: q.EdgeKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): q.EdgeKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      EXACT_TIME_RE.test(value[0]) &&
      isUuid(value[1])
    )
      return { at: value[0], id: value[1] };
  } catch {
    // fall through to the 400 below
  }
  throw new BadRequestError('Invalid cursor', undefined, { field: 'querystring.cursor' });
}

type PageFetcher = (page: q.EdgePage) => Promise<q.ListedUser[]>;

async function userPage(
  db: DbHandle,
  viewerId: string,
  query: UserListQuery,
  total: number,
  fetch: PageFetcher,
): Promise<UserPage> {
  const { page, limit } = query;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // one extra row tells whether another page follows without a second count
  const rows = await fetch({ limit: limit + 1, offset: after ? 0 : (page - 1) * limit, after });
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    users: await publicListView(db, viewerId, pageRows),
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ at: last.edge_at, id: last.id }) : null,
  };
}

/**
 * Followers and following. Totals come from the counters kept exact by the follow service, so
 * a page costs one index range scan and no count(*).
 */
export function listFollows(
  db: DbHandle,
  me: UserRow,
  direction: q.FollowDirection,
  query: UserListQuery,
): Promise<UserPage> {
  const total = direction === 'followers' ? me.followers_count : me.following_count;
  return userPage(db, me.id, query, total, (page) =>
    q.followsPageQuery(db, me.id, direction, page).execute(),
  );
}

export async function listBlockedUsers(db: DbHandle, me: UserRow, query: UserListQuery) {
  const total = await q.countBlocked(db, me.id);
  return userPage(db, me.id, query, total, (page) =>
    q.blockedUsersPageQuery(db, me.id, page).execute(),
  );
}

export async function listRestrictedUsers(db: DbHandle, me: UserRow, query: UserListQuery) {
  const total = await q.countRestricted(db, me.id);
  return userPage(db, me.id, query, total, (page) =>
    q.restrictedUsersPageQuery(db, me.id, page).execute(),
  );
}

export async function blockedIds(db: DbHandle, userId: string): Promise<BlockedIdsResponse> {
  return { blockedUserIds: await blockedIdList(db, userId) };
}

export async function restrictedIds(db: DbHandle, userId: string): Promise<RestrictedIdsResponse> {
  return { restrictedUserIds: await restrictedIdList(db, userId) };
}

export async function recentActivity(
  db: DbHandle,
  userId: string,
  limit: number,
): Promise<RecentActivityResponse> {
  const entries = await collectActivity(db, userId, limit);
  const users = await q.visibleUsersByIds(
    db,
    userId,
    entries.map((e) => e.userId),
  );
  const presented = new Map(
    (await publicListView(db, userId, users)).map((u) => [u.id, u] as const),
  );
  const activities: RecentActivityResponse['activities'] = [];
  for (const entry of entries) {
    const user = presented.get(entry.userId);
    if (!user) continue;
    activities.push({
      type: entry.type,
      user,
      ...(entry.relatedId ? { relatedId: entry.relatedId } : {}),
      createdAt: entry.createdAt.toISOString(),
    });
  }
  return { activities };
}
