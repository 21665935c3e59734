import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { planLiteral } from '../../platform/db/plan-literals.ts';
import type { CommentRow, PostRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';

/** SQL of comments and comment likes. */

/**
 * Comments of a post the viewer may read: nobody blocked either way, and a comment by someone
 * the post owner restricted only for its author and the owner (SPEC §4 Restrict).
 */
function readableComments(
  db: DbHandle,
  post: Pick<PostRow, 'id' | 'user_id'>,
  viewerId: string | null,
) {
  const notRestricted = sql<SqlBool>`not exists (select 1 from restricts cr where cr.restricter_id = ${post.user_id} and cr.restricted_id = comments.user_id)`;
  const restrictedHidden =
    viewerId === post.user_id
      ? sql<SqlBool>`true`
      : viewerId
        ? sql<SqlBool>`(comments.user_id = ${viewerId} or ${notRestricted})`
        : notRestricted;
  return db
    .selectFrom('comments')
    .where('comments.post_id', '=', post.id)
    .where(notHiddenFrom(viewerId, 'comments.user_id'))
    .where(restrictedHidden);
}

/** Oldest first (a conversation reads top-down); deleted ones stay as placeholders. */
export async function commentPage(
  db: DbHandle,
  post: Pick<PostRow, 'id' | 'user_id'>,
  viewerId: string | null,
  window: { limit: number; offset: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const base = readableComments(db, post, viewerId);
  const [rows, count] = await Promise.all([
    base
      .selectAll('comments')
      .orderBy('comments.seq')
      .limit(planLiteral(window.limit))
      .offset(planLiteral(window.offset))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One comment of the post, as far as the viewer may read it. */
export function findReadableComment(
  db: DbHandle,
  post: Pick<PostRow, 'id' | 'user_id'>,
  viewerId: string | null,
  commentId: string,
  lock = false,
): Promise<CommentRow | undefined> {
  const query = readableComments(db, post, viewerId)
    .selectAll('comments')
    .where('comments.id', '=', commentId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Who liked each comment, oldest like first. */
export async function commentLikers(db: DbHandle, commentIds: readonly string[]) {
  const likers = new Map<string, string[]>();
  if (commentIds.length === 0) return likers;
  const rows = await db
    .selectFrom('comment_likes')
    .select(['comment_id', 'user_id'])
    .where('comment_id', 'in', commentIds)
    .orderBy('comment_id')
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    const list = likers.get(row.comment_id) ?? [];
    list.push(row.user_id);
    likers.set(row.comment_id, list);
  }
  return likers;
}

/** Ids of existing, visible accounts among @mentioned usernames, not hidden from the author. */
export async function mentionedUserIds(
  db: DbHandle,
  authorId: string,
  usernames: readonly string[],
): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', usernames)
    .where('status', 'in', ['active', 'suspended'])
    .where('deleted_at', 'is', null)
    .where(notHiddenFrom(authorId, 'users.id'))
    .execute();
  return rows.map((r) => r.id);
}

export async function bumpCommentLikes(db: DbHandle, commentId: string, delta: 1 | -1) {
  const row = await db
    .updateTable('comments')
    .set((eb) => ({ likes_count: eb('likes_count', '+', delta) }))
    .where('id', '=', commentId)
    .returning('likes_count')
    .executeTakeFirstOrThrow();
  return row.likes_count;
}
