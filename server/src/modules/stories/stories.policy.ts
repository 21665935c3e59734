import { ErrorCodes, STORY_MESSAGES, type StoryAccessLevel } from '@fanspace/contracts';
import type { UserRow } from '../../platform/db/schema.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';

/**
 * Who may post and see stories. Whether a story is visible at all is SQL
 * (stories.queries.ts `visibleStories`: not expired, author visible, no block either way, and
 * the access level below); these functions state the rules on plain facts.
 */

export interface StoryAccessFacts {
  isOwner: boolean;
  isFollower: boolean;
  /** an active subscription whose period has not ended */
  isSubscriber: boolean;
}

/** public: everyone signed in; followers: followers and subscribers; subscribers: subscribers. */
export function canSeeStory(level: StoryAccessLevel, facts: StoryAccessFacts): boolean {
  if (facts.isOwner) return true;
  switch (level) {
    case 'public':
      return true;
    case 'followers':
      return facts.isFollower || facts.isSubscriber;
    case 'subscribers':
      return facts.isSubscriber;
  }
}

type Publisher = Pick<UserRow, 'account_type' | 'identity_status'>;

/**
 * SPEC §5/§6: only creators publish. The 403 message always contains 'Only creators' (the web
 * client opens the become-creator modal on it); an account whose identity check is pending
 * also carries `requiresIdentityVerification`, so the modal shows its 'pending' form.
 */
export function assertMayPublish(
  user: Publisher,
  messages: { onlyCreators: string; identityPending: string } = STORY_MESSAGES,
): void {
  if (user.account_type === 'creator') return;
  if (user.identity_status === 'pending')
    throw new ForbiddenError(ErrorCodes.IDENTITY_VERIFICATION_REQUIRED, messages.identityPending, {
      requiresIdentityVerification: true,
    });
  throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, messages.onlyCreators);
}

export const storyNotFound = () =>
  new NotFoundError(STORY_MESSAGES.notFound, ErrorCodes.STORY_NOT_FOUND);
