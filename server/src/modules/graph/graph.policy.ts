import { ErrorCodes } from '@fanspace/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { idOr404 } from '../../platform/ids.ts';

/** Who may relate to whom. Pure functions: the service loads the facts, these decide. */

export type RelationAction =
  | 'follow'
  | 'unfollow'
  | 'block'
  | 'unblock'
  | 'restrict'
  | 'unrestrict'
  | 'remove'
  | 'give feedback on';

/** The block state between a viewer and a target, as loaded by the service. */
export interface BlockState {
  viewerBlockedTarget: boolean;
  targetBlockedViewer: boolean;
}

export const userNotFound = () => new NotFoundError('User not found');

/** A malformed id names no account: the 404 of an unknown one (as GET /users/{id}). */
export const userIdOr404 = (raw: string) => idOr404(raw, userNotFound);

/** Accounts that exist for other users: banned and deleted ones are gone from the graph. */
export function isReachable(user: Pick<UserRow, 'status'>): boolean {
  return user.status === 'active' || user.status === 'suspended';
}

export function assertNotSelf(viewerId: string, targetId: string, action: RelationAction): void {
  if (viewerId === targetId)
    throw new BadRequestError(`You cannot ${action} yourself`, ErrorCodes.CANNOT_TARGET_SELF);
}

/**
 * A block in either direction stops a follow. When the target blocked the viewer we answer as
 * if the account did not exist, so a block is never revealed to the blocked user.
 */
export function assertCanFollow(state: BlockState): void {
  if (state.targetBlockedViewer) throw userNotFound();
  if (state.viewerBlockedTarget)
    throw new ForbiddenError(ErrorCodes.USER_BLOCKED, 'Unblock this user before following them');
}

/** A user group is visible to and editable by its owner only; others get a 404, not a 403. */
export function canManageGroup(viewerId: string, group: { owner_id: string }): boolean {
  return group.owner_id === viewerId;
}

/** Feedback kinds that contradict each other: recording one withdraws the other. */
export function contradictingFeedback(
  type: 'not_interested' | 'show_more' | 'report_spam',
): 'not_interested' | 'show_more' | null {
  if (type === 'not_interested') return 'show_more';
  if (type === 'show_more') return 'not_interested';
  return null;
}
