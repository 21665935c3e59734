import { sql } from 'kysely';
import type { DbHandle, Tx } from '../../platform/db/database.ts';
import { REACHABLE_STATUSES } from './graph-lists.queries.ts';
import { notHiddenFrom } from './graph.relations.ts';

/** SQL of user groups: named lists of accounts, private to their owner. */

export interface GroupRecord {
  id: string;
  owner_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  member_ids: string[];
}

/** Groups with their member ids (in the owner's order), filtered by owner and optionally id. */
function groupsQuery(db: DbHandle, ownerId: string) {
  return db
    .selectFrom('user_groups as g')
    .selectAll('g')
    .select(
      sql<
        string[]
      >`coalesce((select json_agg(m.member_id order by m.position, m.member_id) from user_group_members m where m.group_id = g.id), '[]'::json)`.as(
        'member_ids',
      ),
    )
    .where('g.owner_id', '=', ownerId);
}

export function listGroups(db: DbHandle, ownerId: string): Promise<GroupRecord[]> {
  return groupsQuery(db, ownerId).orderBy('g.created_at').orderBy('g.id').execute();
}

export function findGroup(
  db: DbHandle,
  ownerId: string,
  groupId: string,
): Promise<GroupRecord | undefined> {
  return groupsQuery(db, ownerId).where('g.id', '=', groupId).executeTakeFirst();
}

/** Locks a group for a change; the caller checks ownership with the policy. */
export function lockGroup(tx: Tx, groupId: string) {
  return tx
    .selectFrom('user_groups')
    .select(['id', 'owner_id'])
    .where('id', '=', groupId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertGroup(tx: Tx, ownerId: string, name: string): Promise<string> {
  const row = await tx
    .insertInto('user_groups')
    .values({ owner_id: ownerId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(tx: Tx, groupId: string, name: string | undefined) {
  await tx
    .updateTable('user_groups')
    .set({ ...(name !== undefined ? { name } : {}), updated_at: sql<Date>`now()` })
    .where('id', '=', groupId)
    .execute();
}

export async function replaceMembers(tx: Tx, groupId: string, memberIds: readonly string[]) {
  await tx.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
  if (memberIds.length === 0) return;
  await tx
    .insertInto('user_group_members')
    .values(
      memberIds.map((memberId, position) => ({ group_id: groupId, member_id: memberId, position })),
    )
    .execute();
}

export async function deleteGroup(tx: Tx, groupId: string) {
  await tx.deleteFrom('user_groups').where('id', '=', groupId).execute();
}

/** Of `ids`, those that may be members of the owner's groups: existing, reachable, not hidden. */
export async function eligibleMemberIds(
  db: DbHandle,
  ownerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('id', '<>', ownerId)
    .where('status', 'in', REACHABLE_STATUSES)
    .where(notHiddenFrom(ownerId, 'users.id'))
    .execute();
  return new Set(rows.map((r) => r.id));
}
