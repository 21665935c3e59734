import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { OwnRelations, ViewerRelation } from '../users/users.presenter.ts';

/**
 * The graph's public API for other modules (users, posts, comments, chats, search): block
 * visibility, restriction and the relation facts the user presenters need. Everything takes a
 * `DbHandle`, so it works inside the caller's transaction.
 */

/** True when either user blocked the other. */
export async function blockedEitherWay(db: DbHandle, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Everyone the viewer blocked or is blocked by: they never see each other. */
export async function hiddenUserIds(db: DbHandle, viewerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A WHERE condition keeping rows whose `userColumn` (e.g. 'posts.user_id') is not hidden from
 * the viewer, as two NOT EXISTS probes on the blocks primary key and its reverse index. No
 * viewer (a visitor) hides nobody. The subquery aliases are unusual on purpose so they never
 * capture a column of the caller's query.
 *
 *   db.selectFrom('posts').where(notHiddenFrom(viewerId, 'posts.user_id'))
 */
export function notHiddenFrom(
  /** an id, or an expression (a batch's column: each row's own viewer) */
  viewerId: string | Expression<string> | null | undefined,
  /** a column, or an expression (a known id: the probes then run once, not per row) */
  userColumn: string | Expression<string>,
): Expression<SqlBool> {
  if (!viewerId) return sql<SqlBool>`true`;
  const column = typeof userColumn === 'string' ? sql.ref(userColumn) : userColumn;
  return sql<SqlBool>`(not exists (select 1 from blocks graph_hb1 where graph_hb1.blocker_id = ${viewerId} and graph_hb1.blocked_id = ${column}) and not exists (select 1 from blocks graph_hb2 where graph_hb2.blocker_id = ${column} and graph_hb2.blocked_id = ${viewerId}))`;
}

/**
 * True when `restricterId` restricted `userId`: that user's comments and messages are then
 * visible only to the user and the restricter.
 */
export async function isRestrictedBy(
  db: DbHandle,
  restricterId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('restricts')
    .select('restricter_id')
    .where('restricter_id', '=', restricterId)
    .where('restricted_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

const idsOf = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

/** Who the user blocked, newest first (OwnRelations.blockedUserIds, GET /users/me/blocked). */
export async function blockedIdList(db: DbHandle, userId: string): Promise<string[]> {
  return idsOf(
    await db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
  );
}

/** Who the user restricted, newest first. */
export async function restrictedIdList(db: DbHandle, userId: string): Promise<string[]> {
  return idsOf(
    await db
      .selectFrom('restricts')
      .select('restricted_id as id')
      .where('restricter_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
  );
}

/**
 * The signed-in user's own lists for presentMe as a column of any statement (read back with
 * `ownRelationsOf`): the PL/pgSQL function `own_relations` (migration
 * `2026-12-01T10-own-relations-function`), each list an index scan – blocks_pk, restricts_pk,
 * restricts_restricted_idx, follows_follower_idx, follows_followee_idx – planned once per
 * connection, where subqueries in a write statement's RETURNING were planned at every login.
 */
export function ownRelationColumns(userId: string) {
  return [
    sql<OwnRelationLists | null>`own_relations(${userId}::uuid)`.as('own_relations'),
  ] as const;
}

/** What `own_relations` answers. */
export interface OwnRelationLists {
  blocked: string[];
  restricted: string[];
  restrictedBy: string[];
  following: string[];
  /**
   * the newest 1,000 only: a creator's followers run to hundreds of thousands, and the list
   * rides in every MeUser (followersCount is the total)
   */
  followers: string[];
}

export interface OwnRelationsRow {
  own_relations: OwnRelationLists | null;
}

/** OwnRelations from the column of `ownRelationColumns` (media lists belong to the media module). */
export function ownRelationsOf(row: OwnRelationsRow | undefined): OwnRelations {
  const lists = row?.own_relations;
  return {
    blockedUserIds: lists?.blocked ?? [],
    restrictedUserIds: lists?.restricted ?? [],
    restrictedByUserIds: lists?.restrictedBy ?? [],
    followingUserIds: lists?.following ?? [],
    followerUserIds: lists?.followers ?? [],
    mediaFolders: [],
    mediaLibrary: [],
  };
}

/** The signed-in user's own lists for presentMe, in one round trip (it runs on every relation change and GET /users/me). */
export async function loadOwnRelations(db: DbHandle, userId: string): Promise<OwnRelations> {
  return ownRelationsOf(await db.selectNoFrom(ownRelationColumns(userId)).executeTakeFirst());
}

/** What `relationFactColumns` reads: the viewer's relation to one account. */
export interface RelationFactsRow {
  is_following: boolean;
  is_blocked: boolean;
  is_restricted: boolean;
  blocks_viewer: boolean;
}

/**
 * The viewer's relation to the account `target` names (a column of the caller's query) as
 * select items, an indexed probe each; `relationFacts` reads them for many accounts, a profile
 * lookup together with the account's own row (users.queries.ts `findProfile`).
 */
export function relationFactColumns(viewerId: string, target: string) {
  const t = sql.ref(target);
  return [
    sql<boolean>`exists (select 1 from follows where follower_id = ${viewerId} and followee_id = ${t})`.as(
      'is_following',
    ),
    sql<boolean>`exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${t})`.as(
      'is_blocked',
    ),
    sql<boolean>`exists (select 1 from restricts where restricter_id = ${viewerId} and restricted_id = ${t})`.as(
      'is_restricted',
    ),
    sql<boolean>`exists (select 1 from blocks where blocker_id = ${t} and blocked_id = ${viewerId})`.as(
      'blocks_viewer',
    ),
  ] as const;
}

/** Viewer-relative facts about some accounts, one query with an indexed probe per fact. */
export async function relationFacts(db: DbHandle, viewerId: string, targetIds: readonly string[]) {
  const ids = [...new Set(targetIds)].filter((id) => id !== viewerId);
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as t')
    .where('t.id', 'in', ids)
    .select('t.id')
    .select(relationFactColumns(viewerId, 't.id'))
    .execute();
}

/**
 * The viewer's relation to many users at once (list presenters). `isSubscribed` is left out
 * until the subscriptions module can answer it.
 */
export async function loadViewerRelations(
  db: DbHandle,
  viewerId: string,
  targetIds: readonly string[],
): Promise<Map<string, ViewerRelation>> {
  const facts = await relationFacts(db, viewerId, targetIds);
  return new Map(
    facts.map((f) => [
      f.id,
      { isFollowing: f.is_following, isBlocked: f.is_blocked, isRestricted: f.is_restricted },
    ]),
  );
}

/** The viewer's relation to one user (GET /users/{id}); empty for the viewer's own account. */
export async function loadViewerRelation(
  db: DbHandle,
  viewerId: string,
  targetId: string,
): Promise<ViewerRelation> {
  return (await loadViewerRelations(db, viewerId, [targetId])).get(targetId) ?? {};
}
