import { sql, type Expression, type SqlBool, type UpdateObject } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { Database, UserRow } from '../../platform/db/schema.ts';
import { relationFactColumns, type RelationFactsRow } from '../graph/graph.relations.ts';
import { escapeLike } from './profile-rules.ts';

/** SQL of the users module. Every function takes a DbHandle so it joins a caller's transaction. */

export function findUserById(db: DbHandle, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Row-locked read for read-modify-write updates (social links, images). */
export function lockUser(db: DbHandle, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A profile: the account by id or username (citext: the match is case-insensitive and uses the
 * unique index) and, for a signed-in viewer, the viewer's relation to it
 * (`relationFactColumns`), in one statement (was two: the account, then the facts).
 */
export async function findProfile(
  db: DbHandle,
  by: { id: string } | { username: string },
  viewerId: string | null,
): Promise<{ user: UserRow; facts: RelationFactsRow | undefined } | undefined> {
  const query = db
    .selectFrom('users')
    .selectAll('users')
    .where((eb) =>
      'id' in by ? eb('users.id', '=', by.id) : eb('users.username', '=', by.username),
    );
  if (!viewerId) {
    const user = await query.executeTakeFirst();
    return user && { user, facts: undefined };
  }
  const row = await query.select(relationFactColumns(viewerId, 'users.id')).executeTakeFirst();
  if (!row) return undefined;
  const { is_following, is_blocked, is_restricted, blocks_viewer, ...user } = row;
  return { user, facts: { is_following, is_blocked, is_restricted, blocks_viewer } };
}

export async function usernameTaken(
  db: DbHandle,
  username: string,
  exceptUserId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Column values or SQL expressions (e.g. a jsonb merge) for an update of one user. */
export type UserPatch = UpdateObject<Database, 'users'>;

export function updateUser(db: DbHandle, id: string, patch: UserPatch): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `column || patch`: merges top-level keys of a jsonb column atomically, without a read. */
export function jsonbMerge(column: 'preferences' | 'privacy' | 'profile', patchJson: string) {
  return sql<string>`${sql.ref(column)} || ${patchJson}::jsonb`;
}

export interface UserSearch {
  q?: string | undefined;
  creatorsOnly?: boolean | undefined;
  limit: number;
  offset: number;
  /** extra visibility filter from the graph (blocked either way) */
  visibleTo?: Expression<SqlBool> | undefined;
}

/**
 * Page of visible accounts. `q` matches username or display name by substring; both ILIKE
 * predicates are served by trigram GIN indexes (users_username_trgm_idx on username::text,
 * users_display_name_trgm_idx). An exact username match ranks first, then popularity.
 */
/** The account lets itself be listed in searches and suggestions (privacy.discoverable). */
export const listedInSearch = sql<SqlBool>`(users.privacy->>'discoverable') is distinct from 'false'`;

export async function searchUsers(
  db: DbHandle,
  search: UserSearch,
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db
    .selectFrom('users')
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['active', 'suspended']);
  if (search.creatorsOnly) base = base.where('account_type', '=', 'creator');
  if (search.visibleTo) base = base.where(search.visibleTo);
  const q = search.q?.trim();
  // Settings → Privacy "Show me in search and suggestions" off: found by the exact username only
  base = base.where(q ? sql<SqlBool>`(${listedInSearch} or username = ${q})` : listedInSearch);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`username::text`, 'ilike', pattern), eb('display_name', 'ilike', pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      // an exact username match first; without q there is nothing to match (and PostgreSQL
      // refuses a constant in ORDER BY)
      .$if(Boolean(q), (qb) => qb.orderBy(sql`(username = ${q})`, 'desc'))
      .orderBy('followers_count', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
