import type { DbHandle, Tx } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/** SQL of the relation changes (follow, block, restrict). Counters change only here. */

export function findUser(db: DbHandle, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUsers(db: DbHandle, ids: readonly string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

/**
 * Locks both accounts of a relation change, in id order so two opposite changes (A follows B
 * while B blocks A) queue instead of deadlocking. This is what makes "check the block, then
 * insert the follow" safe against a concurrent block. NO KEY UPDATE leaves foreign-key checks
 * from other tables (which take KEY SHARE) unblocked.
 */
export async function lockUsers(tx: Tx, ids: [string, string]): Promise<UserRow[]> {
  return tx
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export async function blockState(db: DbHandle, viewerId: string, targetId: string) {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', targetId)]),
        eb.and([eb('blocker_id', '=', targetId), eb('blocked_id', '=', viewerId)]),
      ]),
    )
    .execute();
  return {
    viewerBlockedTarget: rows.some((r) => r.blocker_id === viewerId),
    targetBlockedViewer: rows.some((r) => r.blocker_id === targetId),
  };
}

/** True when a follow row was created (false: it already existed). */
export async function insertFollow(tx: Tx, followerId: string, followeeId: string) {
  const row = await tx
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** True when a follow row was removed. */
export async function deleteFollow(tx: Tx, followerId: string, followeeId: string) {
  const row = await tx
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .returning('follower_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves both counters by `delta` relative to their current value, so concurrent changes add up
 * instead of overwriting each other. Called only when a follow row was really inserted or
 * deleted, which keeps the counters equal to the row counts.
 */
export async function adjustFollowCounts(
  tx: Tx,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
) {
  // one statement for both rows (already locked by lockUsers, so the order does not matter)
  await tx
    .updateTable('users')
    .set((eb) => ({
      following_count: eb(
        'following_count',
        '+',
        eb.case().when('id', '=', followerId).then(delta).else(0).end(),
      ),
      followers_count: eb(
        'followers_count',
        '+',
        eb.case().when('id', '=', followeeId).then(delta).else(0).end(),
      ),
    }))
    .where('id', 'in', [followerId, followeeId])
    .execute();
}

/** Deletes the follows between two users in both directions, fixing the counters. */
export async function deleteFollowsBetween(tx: Tx, a: string, b: string) {
  const removed = await tx
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('followee_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('followee_id', '=', a)]),
      ]),
    )
    .returning(['follower_id', 'followee_id'])
    .execute();
  for (const row of removed) await adjustFollowCounts(tx, row.follower_id, row.followee_id, -1);
  return removed.length;
}

/**
 * Removes every follow of a user, both ways, fixing all counters (account deletion). The other
 * accounts are locked in id order first, like `lockUsers`, so this never deadlocks with a
 * concurrent follow.
 */
export async function deleteAllFollowsOf(tx: Tx, userId: string) {
  const others = await tx
    .selectFrom('follows')
    .select('followee_id as id')
    .where('follower_id', '=', userId)
    .union(tx.selectFrom('follows').select('follower_id as id').where('followee_id', '=', userId))
    .execute();
  const ids = [userId, ...others.map((r) => r.id)];
  await tx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const outgoing = await tx
    .deleteFrom('follows')
    .where('follower_id', '=', userId)
    .returning('followee_id as id')
    .execute();
  const incoming = await tx
    .deleteFrom('follows')
    .where('followee_id', '=', userId)
    .returning('follower_id as id')
    .execute();
  if (outgoing.length > 0)
    await tx
      .updateTable('users')
      .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
      .where(
        'id',
        'in',
        outgoing.map((r) => r.id),
      )
      .execute();
  if (incoming.length > 0)
    await tx
      .updateTable('users')
      .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
      .where(
        'id',
        'in',
        incoming.map((r) => r.id),
      )
      .execute();
  await tx
    .updateTable('users')
    .set((eb) => ({
      following_count: eb('following_count', '-', outgoing.length),
      followers_count: eb('followers_count', '-', incoming.length),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function insertBlock(tx: Tx, blockerId: string, blockedId: string) {
  await tx
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: DbHandle, blockerId: string, blockedId: string) {
  await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** After a block neither user stays in a group the other owns. */
export async function removeFromEachOthersGroups(tx: Tx, a: string, b: string) {
  for (const [owner, member] of [
    [a, b],
    [b, a],
  ] as const) {
    await tx
      .deleteFrom('user_group_members')
      .where('member_id', '=', member)
      .where('group_id', 'in', (eb) =>
        eb.selectFrom('user_groups').select('id').where('owner_id', '=', owner),
      )
      .execute();
  }
}

export async function insertRestrict(db: DbHandle, restricterId: string, restrictedId: string) {
  await db
    .insertInto('restricts')
    .values({ restricter_id: restricterId, restricted_id: restrictedId })
    .onConflict((oc) => oc.columns(['restricter_id', 'restricted_id']).doNothing())
    .execute();
}

export async function deleteRestrict(db: DbHandle, restricterId: string, restrictedId: string) {
  await db
    .deleteFrom('restricts')
    .where('restricter_id', '=', restricterId)
    .where('restricted_id', '=', restrictedId)
    .execute();
}
