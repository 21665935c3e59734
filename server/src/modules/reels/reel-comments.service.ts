import {
  ErrorCodes,
  REEL_MESSAGES,
  type DeleteReelCommentResponse,
  type ReelComment,
  type ReelCommentsQuery,
  type ReelCommentsResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { ReelCommentRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import { findVisibleReel } from './reels.queries.ts';
import { reelNotFound } from './reels.service.ts';

/**
 * Reel comments: anyone who sees a reel reads and writes them (oldest first); the comment's
 * author and the reel's author delete. Comments of people blocked either way are hidden.
 */

type Ctx = Pick<AppContext, 'db'>;
const commentNotFound = () =>
  new NotFoundError(REEL_MESSAGES.commentNotFound, ErrorCodes.REEL_COMMENT_NOT_FOUND);

function present(
  row: ReelCommentRow,
  user: UserRow | undefined,
  viewerId: string,
  reelOwnerId: string,
): ReelComment {
  return {
    id: row.id,
    reelId: row.reel_id,
    userId: row.user_id,
    user: user
      ? {
          id: user.id,
          userId: user.id,
          username: user.username,
          displayName: user.display_name,
          avatarUrl: user.avatar_url,
          isVerified: user.identity_status === 'verified',
        }
      : null,
    content: row.content,
    createdAt: row.created_at.toISOString(),
    canDelete: row.user_id === viewerId || reelOwnerId === viewerId,
  };
}

export async function listReelComments(
  ctx: Ctx,
  viewerId: string,
  reelId: string,
  query: ReelCommentsQuery,
): Promise<ReelCommentsResponse> {
  const reel = await findVisibleReel(ctx.db, viewerId, reelId);
  if (!reel) throw reelNotFound();
  const visible = ctx.db
    .selectFrom('reel_comments')
    .where('reel_id', '=', reelId)
    .where(notHiddenFrom(viewerId, 'reel_comments.user_id'));
  const rows = await visible
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit)
    .execute();
  const { n: shown } = await visible
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const page = rows.slice(0, query.limit);
  const users = await usersByIds(ctx.db, [...new Set(page.map((r) => r.user_id))]);
  return {
    reelId,
    comments: page.map((r) => present(r, users.get(r.user_id), viewerId, reel.user_id)),
    commentCount: reel.comment_count,
    page: query.page,
    currentPage: query.page,
    totalPages: Math.ceil(Number(shown) / query.limit),
    hasMore: rows.length > query.limit,
  };
}

export async function addReelComment(
  ctx: Ctx,
  viewerId: string,
  reelId: string,
  content: string,
): Promise<ReelComment> {
  const text = content.trim();
  if (!text)
    throw new BadRequestError(REEL_MESSAGES.emptyComment, ErrorCodes.VALIDATION_FAILED, {
      field: 'content',
    });
  const { row, ownerId } = await withTransaction(ctx.db, async (tx) => {
    const reel = await findVisibleReel(tx, viewerId, reelId);
    if (!reel) throw reelNotFound();
    const row = await tx
      .insertInto('reel_comments')
      .values({ reel_id: reelId, user_id: viewerId, content: text })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('reels')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', reelId)
      .execute();
    return { row, ownerId: reel.user_id };
  });
  const users = await usersByIds(ctx.db, [viewerId]);
  return present(row, users.get(viewerId), viewerId, ownerId);
}

export async function deleteReelComment(
  ctx: Ctx,
  viewerId: string,
  commentId: string,
): Promise<DeleteReelCommentResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const comment = await tx
      .selectFrom('reel_comments as c')
      .innerJoin('reels as r', 'r.id', 'c.reel_id')
      .select(['c.id', 'c.user_id', 'c.reel_id', 'r.user_id as owner_id'])
      .where('c.id', '=', commentId)
      .executeTakeFirst();
    if (!comment || (comment.user_id !== viewerId && comment.owner_id !== viewerId))
      throw commentNotFound();
    await tx.deleteFrom('reel_comments').where('id', '=', commentId).execute();
    const reel = await tx
      .updateTable('reels')
      .set((eb) => ({ comment_count: eb('comment_count', '-', 1) }))
      .where('id', '=', comment.reel_id)
      .returning('comment_count')
      .executeTakeFirstOrThrow();
    return { ok: true, commentId, commentCount: reel.comment_count };
  });
}
