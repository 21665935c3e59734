import {
  DELETED_COMMENT_TEXT,
  type Comment,
  type CommentLikeResponse,
  type CommentPage,
  type CreateCommentBody,
  type PageQuery,
} from '@fanspace/contracts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { notifyMentions } from '../notifications/mentions.ts';
import { notify } from '../notifications/notify.ts';
import type { CommentRow, PostRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { presentPublicUser, type PublicUserRow } from '../users/users.presenter.ts';
import { cleanText } from '../users/profile-rules.ts';
import {
  bumpCommentLikes,
  commentLikers,
  commentPage,
  findReadableComment,
  mentionedUserIds,
  type LoadedComment,
} from './comments.queries.ts';
import { isUnlockedFor } from './post-views.ts';
import {
  assertCanDeleteComment,
  assertCommentAuthor,
  assertUnlockedForComments,
  commentIdOr404,
  commentNotFound,
  postIdOr404,
  postNotFound,
} from './posts.policy.ts';
import { bumpPostCounter, findVisiblePost } from './posts.queries.ts';
import { mentionedUsernames } from './posts.rules.ts';
import { usersByIds } from './viewer-state.queries.ts';
import { autoFlag } from '../admin/auto-flag.ts';
import { track } from '../analytics/recorder.ts';

/**
 * Comments: reading and writing need the post visible and unlocked (comments are part of the
 * paid content); authors may still edit or delete their own after losing access. Deletion is
 * soft: the row stays so replies keep their context, shown as DELETED_COMMENT_TEXT.
 */

function presentComment(
  { row, author, likedBy }: LoadedComment & { author: PublicUserRow },
  viewerId: string | null,
): Comment {
  const isDeleted = row.deleted_at !== null;
  const liked = isDeleted ? [] : likedBy;
  return {
    id: row.id,
    commentId: row.id,
    postId: row.post_id,
    userId: row.user_id,
    user: presentPublicUser(author, undefined, viewerId),
    text: isDeleted ? DELETED_COMMENT_TEXT : row.text,
    replyToCommentId: row.reply_to_comment_id,
    likeCount: isDeleted ? 0 : row.likes_count,
    likedBy: liked,
    isLikedByCurrentUser: viewerId !== null && liked.includes(viewerId),
    mentions: isDeleted ? [] : row.mentions,
    isDeleted,
    isEdited: !isDeleted && row.updated_at.getTime() !== row.created_at.getTime(),
    timestamp: row.created_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Comments read with their authors and likers (a comment whose author is gone is left out). */
const presentLoaded = (comments: LoadedComment[], viewerId: string | null): Comment[] =>
  comments.flatMap(({ row, author, likedBy }) =>
    author ? [presentComment({ row, author, likedBy }, viewerId)] : [],
  );

/** Comments presented with one query for authors and one for likes. */
export async function presentComments(
  db: DbHandle,
  viewerId: string | null,
  rows: CommentRow[],
): Promise<Comment[]> {
  const [authors, likers] = await Promise.all([
    usersByIds(db, [...new Set(rows.map((c) => c.user_id))]),
    commentLikers(
      db,
      rows.map((c) => c.id),
    ),
  ]);
  return presentLoaded(
    rows.map((row) => ({
      row,
      author: authors.get(row.user_id),
      likedBy: likers.get(row.id) ?? [],
    })),
    viewerId,
  );
}

async function visiblePost(db: DbHandle, viewerId: string | null, postId: string) {
  const post = await findVisiblePost(db, viewerId, postIdOr404(postId));
  if (!post) throw postNotFound();
  return post;
}

async function unlockedPost(db: DbHandle, viewerId: string | null, postId: string) {
  const post = await visiblePost(db, viewerId, postId);
  assertUnlockedForComments(await isUnlockedFor(db, viewerId, post));
  return post;
}

export async function listComments(
  db: DbHandle,
  viewerId: string | null,
  postId: string,
  query: PageQuery,
): Promise<CommentPage> {
  const post = await unlockedPost(db, viewerId, postId);
  return commentsOf(db, viewerId, post, query);
}

/** A page of a post already known to be readable (also GET /posts/{id}'s commentsList). */
export async function commentsOf(
  db: DbHandle,
  viewerId: string | null,
  post: Pick<PostRow, 'id' | 'user_id' | 'comments_count'>,
  query: PageQuery,
): Promise<CommentPage> {
  const offset = (query.page - 1) * query.limit;
  const { comments, total } = await commentPage(db, post, viewerId, {
    limit: query.limit,
    offset,
  });
  const totalPages = Math.ceil(total / query.limit);
  return {
    comments: presentLoaded(comments, viewerId),
    commentsCount: post.comments_count,
    currentPage: query.page,
    totalPages,
    hasMore: offset + comments.length < total,
  };
}

async function presentOne(db: DbHandle, viewerId: string, row: CommentRow): Promise<Comment> {
  const [comment] = await presentComments(db, viewerId, [row]);
  if (!comment) throw commentNotFound();
  return comment;
}

function commentText(text: string): string {
  const clean = cleanText(text);
  if (clean === '')
    throw new BadRequestError('Comment text cannot be empty', undefined, { field: 'text' });
  return clean;
}

export async function createComment(
  db: DbHandle,
  userId: string,
  postId: string,
  body: CreateCommentBody,
): Promise<Comment> {
  const text = commentText(body.text);
  const row = await withTransaction(db, async (tx) => {
    const post = await unlockedPost(tx, userId, postId);
    if (body.replyToCommentId) {
      const parent = await findReadableComment(tx, post, userId, body.replyToCommentId);
      if (!parent) throw commentNotFound();
      if (parent.deleted_at)
        throw new BadRequestError('You cannot reply to a deleted comment', undefined, {
          field: 'replyToCommentId',
        });
    }
    const mentions = await mentionedUserIds(tx, userId, mentionedUsernames(text));
    const inserted = await tx
      .insertInto('comments')
      .values({
        post_id: post.id,
        user_id: userId,
        text,
        reply_to_comment_id: body.replyToCommentId ?? null,
        mentions: JSON.stringify(mentions),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpPostCounter(tx, post.id, 'comments_count', 1);
    track(tx, { metric: 'comment', creatorId: post.user_id, postId: post.id });
    await autoFlag(tx, {
      type: 'comment',
      targetId: inserted.id,
      authorId: userId,
      text,
      postId: post.id,
    });
    await notify(tx, {
      userId: post.user_id,
      type: 'comment',
      actorId: userId,
      relatedId: post.id,
      relatedType: 'post',
      // the row and its web push quote the comment, as they do a mention
      data: { postId: post.id, commentId: inserted.id, preview: text.slice(0, 100) },
    });
    await notifyMentions(tx, {
      authorId: userId,
      userIds: mentions,
      relatedId: post.id,
      relatedType: 'post',
      data: { postId: post.id, commentId: inserted.id, preview: text.slice(0, 100) },
      skip: [post.user_id],
    });
    return inserted;
  });
  return presentOne(db, userId, row);
}

export async function updateComment(
  db: DbHandle,
  userId: string,
  postId: string,
  commentId: string,
  textInput: string,
): Promise<Comment> {
  const text = commentText(textInput);
  const row = await withTransaction(db, async (tx) => {
    const post = await visiblePost(tx, userId, postId);
    const comment = await findReadableComment(tx, post, userId, commentIdOr404(commentId), true);
    if (!comment || comment.deleted_at) throw commentNotFound();
    assertCommentAuthor(comment, userId);
    const mentions = await mentionedUserIds(tx, userId, mentionedUsernames(text));
    // an edit tells only the people it newly mentions
    const before = Array.isArray(comment.mentions) ? (comment.mentions as string[]) : [];
    await notifyMentions(tx, {
      authorId: userId,
      userIds: mentions.filter((id) => !before.includes(id)),
      relatedId: post.id,
      relatedType: 'post',
      data: { postId: post.id, commentId: comment.id, preview: text.slice(0, 100) },
      skip: [post.user_id],
    });
    await autoFlag(tx, {
      type: 'comment',
      targetId: comment.id,
      authorId: userId,
      text,
      postId: post.id,
    });
    return tx
      .updateTable('comments')
      .set({ text, mentions: JSON.stringify(mentions), updated_at: new Date() })
      .where('id', '=', comment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentOne(db, userId, row);
}

/** Soft delete by the author or the post owner; deleting twice answers the same. */
export async function deleteComment(
  db: DbHandle,
  userId: string,
  postId: string,
  commentId: string,
): Promise<Comment> {
  const row = await withTransaction(db, async (tx) => {
    const post = await visiblePost(tx, userId, postId);
    // locked: a concurrent duplicate waits here and then reads the row as already deleted
    const comment = await findReadableComment(tx, post, userId, commentIdOr404(commentId), true);
    if (!comment) throw commentNotFound();
    assertCanDeleteComment(comment, post, userId);
    const deleted = await tx
      .updateTable('comments')
      .set({ deleted_at: new Date() })
      .where('id', '=', comment.id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) return comment;
    await bumpPostCounter(tx, post.id, 'comments_count', -1);
    return deleted;
  });
  return presentOne(db, userId, row);
}

/** POST …/comments/{commentId}/like toggles the caller's like. */
export async function toggleCommentLike(
  db: DbHandle,
  userId: string,
  postId: string,
  commentId: string,
): Promise<CommentLikeResponse> {
  return withTransaction(db, async (tx) => {
    const post = await unlockedPost(tx, userId, postId);
    const comment = await findReadableComment(tx, post, userId, commentIdOr404(commentId));
    if (!comment || comment.deleted_at) throw commentNotFound();
    const inserted = await tx
      .insertInto('comment_likes')
      .values({ comment_id: comment.id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    const removed = inserted
      ? undefined
      : await tx
          .deleteFrom('comment_likes')
          .where('comment_id', '=', comment.id)
          .where('user_id', '=', userId)
          .returning('user_id')
          .executeTakeFirst();
    const likeCount = inserted
      ? await bumpCommentLikes(tx, comment.id, 1)
      : removed
        ? await bumpCommentLikes(tx, comment.id, -1)
        : comment.likes_count;
    const likedBy = (await commentLikers(tx, [comment.id])).get(comment.id) ?? [];
    const liked = likedBy.includes(userId);
    return { commentId: comment.id, liked, isLikedByCurrentUser: liked, likeCount, likedBy };
  });
}
