import type {
  CreateUserGroupBody,
  UpdateUserGroupBody,
  UserGroup,
  UserGroupListResponse,
  UserGroupResponse,
} from '@fanspace/contracts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { canManageGroup } from './graph.policy.ts';
import * as q from './user-groups.queries.ts';

/**
 * User groups (SPEC §7 /user-groups): named lists of accounts a user keeps for themselves.
 * Only the owner can see or change a group; any other id is a 404, so group ids are not
 * probeable. A block removes the pair from each other's groups (graph.service blockUser).
 */

const groupNotFound = () => new NotFoundError('User group not found');

export function presentGroup(group: q.GroupRecord): UserGroup {
  return {
    id: group.id,
    name: group.name,
    memberIds: group.member_ids,
    memberCount: group.member_ids.length,
    createdAt: group.created_at.toISOString(),
    updatedAt: group.updated_at.toISOString(),
  };
}

/** Dedupes (first occurrence wins) and refuses ids that cannot be members, naming them. */
async function checkedMembers(tx: Tx, ownerId: string, memberIds: readonly string[]) {
  const unique = [...new Set(memberIds.map((id) => id.toLowerCase()))];
  const eligible = await q.eligibleMemberIds(tx, ownerId, unique);
  const invalid = unique.filter((id) => !eligible.has(id));
  if (invalid.length > 0)
    throw new BadRequestError(
      `Invalid memberIds: unknown or unavailable user ${invalid.join(', ')}`,
      undefined,
      { field: 'body.memberIds', invalidMemberIds: invalid },
    );
  return unique;
}

function normaliseName(name: string) {
  const trimmed = name.trim();
  if (!trimmed)
    throw new BadRequestError('Invalid body.name: must not be blank', undefined, {
      field: 'body.name',
    });
  return trimmed;
}

/** Locks the group when the caller owns it; anyone else's group is "not found". */
async function lockOwnGroup(tx: Tx, ownerId: string, groupId: string) {
  const group = await q.lockGroup(tx, groupId);
  if (!group || !canManageGroup(ownerId, group)) throw groupNotFound();
}

async function loadGroup(db: DbHandle, ownerId: string, groupId: string) {
  const group = await q.findGroup(db, ownerId, groupId);
  if (!group) throw groupNotFound();
  return { group: presentGroup(group) } satisfies UserGroupResponse;
}

export async function listGroups(db: DbHandle, ownerId: string): Promise<UserGroupListResponse> {
  return { groups: (await q.listGroups(db, ownerId)).map(presentGroup) };
}

export function createGroup(
  db: DbHandle,
  ownerId: string,
  body: CreateUserGroupBody,
): Promise<UserGroupResponse> {
  const name = normaliseName(body.name);
  return withTransaction(db, async (tx) => {
    const members = await checkedMembers(tx, ownerId, body.memberIds ?? []);
    const id = await q.insertGroup(tx, ownerId, name);
    await q.replaceMembers(tx, id, members);
    return loadGroup(tx, ownerId, id);
  });
}

/** Renames and/or replaces the member list (memberIds is the whole new list). */
export function updateGroup(
  db: DbHandle,
  ownerId: string,
  groupId: string,
  body: UpdateUserGroupBody,
): Promise<UserGroupResponse> {
  const name = body.name === undefined ? undefined : normaliseName(body.name);
  return withTransaction(db, async (tx) => {
    await lockOwnGroup(tx, ownerId, groupId);
    if (body.memberIds)
      await q.replaceMembers(tx, groupId, await checkedMembers(tx, ownerId, body.memberIds));
    await q.updateGroup(tx, groupId, name);
    return loadGroup(tx, ownerId, groupId);
  });
}

export function deleteGroup(db: DbHandle, ownerId: string, groupId: string) {
  return withTransaction(db, async (tx) => {
    await lockOwnGroup(tx, ownerId, groupId);
    await q.deleteGroup(tx, groupId);
    return { ok: true as const };
  });
}
