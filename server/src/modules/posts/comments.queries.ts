import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { planLiteral } from '../../platform/db/plan-literals.ts';
import type { CommentRow, PostRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { PUBLIC_USER_COLUMNS, type PublicUserRow } from '../users/users.presenter.ts';
import { publicUserFromJson } from './viewer-state.queries.ts';

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

/** A comment with what its presentation needs: the author and who liked it. */
export interface LoadedComment {
  row: CommentRow;
  author: PublicUserRow | undefined;
  likedBy: string[];
}

type JsonObject = Record<string, unknown>;

/** The comment's author (`PUBLIC_USER_COLUMNS`) as a jsonb column of a query over comments. */
const authorColumn = sql<JsonObject | null>`(select to_jsonb(ca) from (select ${sql.join(
  PUBLIC_USER_COLUMNS.map((column) => sql.ref(`u.${column}`)),
)} from users u where u.id = comments.user_id) ca)`.as('comment_author');

/** Who liked the comment, oldest like first (the order `commentLikers` reads). */
const likedByColumn = sql<
  string[]
>`array(select cl.user_id from comment_likes cl where cl.comment_id = comments.id order by cl.created_at, cl.user_id)`.as(
  'comment_liked_by',
);

/**
 * Oldest first (a conversation reads top-down); deleted ones stay as placeholders. One round
 * trip: the page's rows with their authors and likers, and the total (an uncorrelated
 * subquery, run once) – was four statements (the rows, the count, the authors, the likes).
 */
export async function commentPage(
  db: DbHandle,
  post: Pick<PostRow, 'id' | 'user_id'>,
  viewerId: string | null,
  window: { limit: number; offset: number },
): Promise<{ comments: LoadedComment[]; total: number }> {
  const base = readableComments(db, post, viewerId);
  const counted = base.select((eb) => eb.fn.countAll<number>().as('total'));
  const rows = await base
    .selectAll('comments')
    .select([authorColumn, likedByColumn, counted.as('page_total')])
    .orderBy('comments.seq')
    .limit(planLiteral(window.limit))
    .offset(planLiteral(window.offset))
    .execute();
  if (rows.length === 0) {
    // past the last page: the count alone
    return { comments: [], total: Number((await counted.executeTakeFirstOrThrow()).total) };
  }
  return {
    comments: rows.map(({ comment_author, comment_liked_by, page_total: _, ...row }) => ({
      row,
      author: comment_author ? publicUserFromJson(comment_author) : undefined,
      likedBy: comment_liked_by,
    })),
    total: Number(rows[0]?.page_total ?? 0),
  };
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
