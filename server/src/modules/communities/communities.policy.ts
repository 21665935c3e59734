import { COMMUNITY_MESSAGES, ErrorCodes, type CommunityRole } from '@fanspace/contracts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';

/**
 * Who may do what in a community (SPEC §6 "community member roles can be updated by an
 * authorized member"):
 * - anyone signed in sees public communities; private ones only their members and invitees;
 * - public posts are readable by anyone who sees the community, private ones by members;
 * - members post and like; the author, the owner and moderators delete a post;
 * - the owner and moderators edit the community, invite to private ones, change roles and
 *   remove members; a moderator removes only plain members; only the owner hands over
 *   ownership, deletes the community; nobody demotes or removes the owner.
 */

export const communityNotFound = () =>
  new NotFoundError(COMMUNITY_MESSAGES.notFound, ErrorCodes.COMMUNITY_NOT_FOUND);
export const communityPostNotFound = () =>
  new NotFoundError(COMMUNITY_MESSAGES.postNotFound, ErrorCodes.COMMUNITY_POST_NOT_FOUND);
export const memberNotFound = () =>
  new NotFoundError(COMMUNITY_MESSAGES.memberNotFound, ErrorCodes.COMMUNITY_MEMBER_NOT_FOUND);

type Role = CommunityRole | null;

export const isManager = (role: Role) => role === 'owner' || role === 'moderator';

export function canReadPosts(community: { is_private: boolean }, role: Role) {
  return !community.is_private || role !== null;
}

export function assertMember(role: Role) {
  if (role === null)
    throw new ForbiddenError(ErrorCodes.COMMUNITY_FORBIDDEN, COMMUNITY_MESSAGES.notMember);
}

export function assertManager(role: Role) {
  if (!isManager(role))
    throw new ForbiddenError(ErrorCodes.COMMUNITY_FORBIDDEN, COMMUNITY_MESSAGES.onlyManagers);
}

export function assertOwner(role: Role) {
  if (role !== 'owner')
    throw new ForbiddenError(ErrorCodes.COMMUNITY_FORBIDDEN, COMMUNITY_MESSAGES.onlyOwner);
}

/** Private communities take invites from managers; public ones from any member. */
export function assertMayInvite(community: { is_private: boolean }, role: Role) {
  if (community.is_private) assertManager(role);
  else assertMember(role);
}

export const ownerStays = () =>
  new ForbiddenError(ErrorCodes.COMMUNITY_OWNER_FIXED, COMMUNITY_MESSAGES.ownerStays);

/** Role change of `target` (currently `targetRole`) to `next` by a caller with `callerRole`. */
export function assertMayChangeRole(
  callerRole: Role,
  targetRole: CommunityRole,
  next: CommunityRole,
) {
  assertManager(callerRole);
  if (targetRole === 'owner') throw ownerStays();
  if (next === 'owner') assertOwner(callerRole);
}

/** Removal of `target` by a manager: the owner stays; moderators remove plain members only. */
export function assertMayRemove(callerRole: Role, targetRole: CommunityRole) {
  assertManager(callerRole);
  if (targetRole === 'owner') throw ownerStays();
  if (targetRole === 'moderator' && callerRole !== 'owner')
    throw new ForbiddenError(ErrorCodes.COMMUNITY_FORBIDDEN, COMMUNITY_MESSAGES.onlyOwner);
}

export function mayDeletePost(viewerId: string, authorId: string, role: Role) {
  return viewerId === authorId || isManager(role);
}
