import type { RelationChangeResponse } from '@fanspace/contracts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { presentMe, presentPublicUser } from '../users/users.presenter.ts';
import {
  assertCanFollow,
  assertNotSelf,
  isReachable,
  userIdOr404,
  userNotFound,
  type RelationAction,
} from './graph.policy.ts';
import * as q from './graph.queries.ts';
import { loadOwnRelations, relationFacts } from './graph.relations.ts';
import { notify } from '../notifications/notify.ts';

/**
 * Relation changes: follow, unfollow, remove follower, block, unblock, restrict, unrestrict.
 * Each runs in one transaction and answers with the caller's refreshed account. All are
 * idempotent: repeating a change is a no-op that answers the same way.
 */

/**
 * Opens the transaction, locks both accounts (see `lockUsers`), checks the target exists and
 * runs the change. `reachableOnly` refuses banned and deleted targets; undoing a relation
 * works with any account.
 */
async function changeRelation(
  db: DbHandle,
  viewerId: string,
  targetId: string,
  action: RelationAction,
  reachableOnly: boolean,
  change: (tx: Tx) => Promise<void>,
): Promise<RelationChangeResponse> {
  userIdOr404(targetId);
  assertNotSelf(viewerId, targetId, action);
  await withTransaction(db, async (tx) => {
    const rows = await q.lockUsers(tx, [viewerId, targetId]);
    const target = rows.find((r) => r.id === targetId);
    if (!target || (reachableOnly && !isReachable(target))) throw userNotFound();
    await change(tx);
  });
  // read after commit: the row locks are held only for the change itself, which is what
  // bounds the throughput of follows of one popular account
  return relationResponse(db, viewerId, targetId);
}

/** `updatedCurrentUser`, plus the other account when the caller may still see it. */
export async function relationResponse(
  db: DbHandle,
  viewerId: string,
  targetId: string,
): Promise<RelationChangeResponse> {
  const [users, own, facts] = await Promise.all([
    q.findUsers(db, [viewerId, targetId]),
    loadOwnRelations(db, viewerId),
    relationFacts(db, viewerId, [targetId]),
  ]);
  const viewer = users.find((u) => u.id === viewerId);
  if (!viewer) throw userNotFound();
  const response: RelationChangeResponse = { updatedCurrentUser: presentMe(viewer, own) };
  const target = users.find((u) => u.id === targetId);
  const fact = facts[0];
  if (target && isReachable(target) && fact && !fact.blocks_viewer)
    response.user = presentPublicUser(target, {
      isFollowing: fact.is_following,
      isBlocked: fact.is_blocked,
      isRestricted: fact.is_restricted,
    });
  return response;
}

export function followUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'follow', true, async (tx) => {
    // checked under the row locks, so a block committing meanwhile cannot slip past
    assertCanFollow(await q.blockState(tx, viewerId, targetId));
    if (await q.insertFollow(tx, viewerId, targetId))
      await q.adjustFollowCounts(tx, viewerId, targetId, 1);
    await notify(tx, {
      userId: targetId,
      type: 'follow',
      actorId: viewerId,
      relatedId: viewerId,
      relatedType: 'user',
      coalesce: true,
    });
  });
}

export function unfollowUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'unfollow', false, async (tx) => {
    if (await q.deleteFollow(tx, viewerId, targetId))
      await q.adjustFollowCounts(tx, viewerId, targetId, -1);
  });
}

/** DELETE /users/me/followers/{id}: the follower stops following the caller. */
export function removeFollower(db: DbHandle, viewerId: string, followerId: string) {
  return changeRelation(db, viewerId, followerId, 'remove', false, async (tx) => {
    if (await q.deleteFollow(tx, followerId, viewerId))
      await q.adjustFollowCounts(tx, followerId, viewerId, -1);
  });
}

/** A block ends the follows both ways and the pair's memberships in each other's groups. */
export function blockUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'block', false, async (tx) => {
    await q.insertBlock(tx, viewerId, targetId);
    await q.deleteFollowsBetween(tx, viewerId, targetId);
    await q.removeFromEachOthersGroups(tx, viewerId, targetId);
  });
}

/** Unblocking restores visibility only; the removed follows stay removed. */
export function unblockUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'unblock', false, (tx) =>
    q.deleteBlock(tx, viewerId, targetId),
  );
}

export function restrictUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'restrict', false, (tx) =>
    q.insertRestrict(tx, viewerId, targetId),
  );
}

export function unrestrictUser(db: DbHandle, viewerId: string, targetId: string) {
  return changeRelation(db, viewerId, targetId, 'unrestrict', false, (tx) =>
    q.deleteRestrict(tx, viewerId, targetId),
  );
}

/**
 * For account deletion (users module): removes the account's follows both ways with every
 * counter fixed. A hard delete alone would cascade the rows but leave the counters of the
 * other accounts too high.
 */
export function detachFromGraph(db: DbHandle, userId: string): Promise<void> {
  return withTransaction(db, (tx) => q.deleteAllFollowsOf(tx, userId));
}
