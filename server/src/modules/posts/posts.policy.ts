import { ErrorCodes } from '@fanspace/contracts';
import type { CommentRow, PostRow } from '../../platform/db/schema.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { idOr404 } from '../../platform/ids.ts';

/**
 * Who may see and do what with posts and comments. Whether a post is visible at all (not
 * deleted, published, author active, no block either way) is a SQL condition in
 * posts.queries.ts; these functions decide on the facts of one visible post.
 */

/** The viewer's relation to a post's author and the post, loaded in batches per page. */
export interface AccessFacts {
  isOwner: boolean;
  isFollower: boolean;
  /** an active subscription whose period has not ended */
  isSubscriber: boolean;
  hasPurchased: boolean;
}

/**
 * SPEC §3 Post access: the owner always; public for everyone; followers for followers and
 * subscribers; subscribers for active subscribers; paid for buyers; subscribers_or_paid for
 * either.
 */
export function canUnlock(post: Pick<PostRow, 'access_level'>, facts: AccessFacts): boolean {
  if (facts.isOwner) return true;
  switch (post.access_level) {
    case 'public':
      return true;
    case 'followers':
      return facts.isFollower || facts.isSubscriber;
    case 'subscribers':
      return facts.isSubscriber;
    case 'paid':
      return facts.hasPurchased;
    case 'subscribers_or_paid':
      return facts.isSubscriber || facts.hasPurchased;
  }
}

export const postNotFound = () => new NotFoundError('Post not found');
export const commentNotFound = () => new NotFoundError('Comment not found');

/** A malformed id names no post or comment: the 404 of a missing one (as users' and chats'). */
export const postIdOr404 = (raw: string) => idOr404(raw, postNotFound);
export const commentIdOr404 = (raw: string) => idOr404(raw, commentNotFound);

export function assertPostOwner(post: Pick<PostRow, 'user_id'>, userId: string) {
  if (post.user_id !== userId)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'You can only change your own posts');
}

/** Comments belong to the post's content: reading and writing them needs it unlocked. */
export function assertUnlockedForComments(unlocked: boolean) {
  if (!unlocked)
    throw new ForbiddenError(ErrorCodes.POST_LOCKED, 'Unlock this post to see and write comments');
}

export function assertCommentAuthor(comment: Pick<CommentRow, 'user_id'>, userId: string) {
  if (comment.user_id !== userId)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'You can only edit your own comments');
}

/** The author deletes their comment; the post owner may delete any comment on the post. */
export function assertCanDeleteComment(
  comment: Pick<CommentRow, 'user_id'>,
  post: Pick<PostRow, 'user_id'>,
  userId: string,
) {
  if (comment.user_id !== userId && post.user_id !== userId)
    throw new ForbiddenError(
      ErrorCodes.FORBIDDEN,
      'Only the author or the post owner can delete a comment',
    );
}
