import {
  COMMUNITY_MESSAGES,
  type CommunityActionResponse,
  type CommunityMember,
  type CommunityRole,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import { assertMayChangeRole, assertMayRemove, memberNotFound } from './communities.policy.ts';
import { presentCommunityUser } from './communities.presenter.ts';
import * as q from './communities.queries.ts';
import { leaveCommunity, visibleCommunity } from './communities.service.ts';

/**
 * PUT/DELETE /communities/{id}/members/{userId}: role changes and removals by the owner and
 * moderators. Making someone `owner` hands the community over: the old owner becomes a
 * moderator in the same transaction, so there is always exactly one owner.
 */

type Ctx = Pick<AppContext, 'db'>;

export async function updateMemberRole(
  ctx: Ctx,
  callerId: string,
  id: string,
  targetId: string,
  role: CommunityRole,
): Promise<CommunityMember> {
  const updated = await withTransaction(ctx.db, async (tx) => {
    const community = await visibleCommunity(tx, callerId, id);
    await q.lockCommunity(tx, id);
    const target = await q.findMember(tx, id, targetId);
    if (!target) {
      // strangers learn nothing about who is in the community
      assertMayChangeRole(community.viewer_role, 'member', role === 'owner' ? 'member' : role);
      throw memberNotFound();
    }
    assertMayChangeRole(community.viewer_role, target.role, role);
    if (role === 'owner') {
      await q.setRole(tx, id, callerId, 'moderator');
      await tx
        .updateTable('communities')
        .set({ owner_id: targetId, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
    await q.setRole(tx, id, targetId, role);
    return { ...target, role };
  });
  const user = (await usersByIds(ctx.db, [targetId])).get(targetId);
  if (!user) throw memberNotFound();
  return {
    userId: updated.user_id,
    role: updated.role,
    joinedAt: updated.joined_at.toISOString(),
    user: presentCommunityUser(user),
  };
}

/** A manager removes a member; a member removing themselves simply leaves. */
export async function removeCommunityMember(
  ctx: Ctx,
  callerId: string,
  id: string,
  targetId: string,
): Promise<CommunityActionResponse> {
  if (callerId === targetId) return leaveCommunity(ctx, callerId, id);
  await withTransaction(ctx.db, async (tx) => {
    const community = await visibleCommunity(tx, callerId, id);
    await q.lockCommunity(tx, id);
    const target = await q.findMember(tx, id, targetId);
    if (!target) {
      assertMayRemove(community.viewer_role, 'member');
      throw memberNotFound();
    }
    assertMayRemove(community.viewer_role, target.role);
    await q.removeMember(tx, id, targetId);
  });
  return { ok: true, message: COMMUNITY_MESSAGES.removed };
}
