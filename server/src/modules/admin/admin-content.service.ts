import { sql } from 'kysely';
import {
  ADMIN_TOASTS,
  ErrorCodes,
  type AdminSortField,
  type AdminPostsQuery,
  type AdminPostsResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { units } from '../ledger/money.ts';
import { notify } from '../notifications/notify.ts';
import { bumpPostCounter } from '../posts/posts.queries.ts';
import { softDeletePost } from '../posts/posts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

type AdminCtx = Pick<AppContext, 'db'>;

const POST_SORT: SortColumns<AdminSortField<'posts'>> = {
  createdAt: 'p.created_at',
  likeCount: 'p.likes_count',
  commentCount: 'p.comments_count',
  openReports: sql`coalesce(o.n, 0)`,
};

/**
 * GET /admin/posts (limit 20): live posts with their open report counts, newest first unless
 * sortBy/order say otherwise. Open reports come from one grouped join (pending reports are few),
 * so sorting or filtering by them costs no per-post lookup.
 */
export async function listPosts(
  db: AdminCtx['db'],
  query: AdminPostsQuery,
): Promise<AdminPostsResponse> {
  const openReports = db
    .selectFrom('reports')
    .select(['target_id', sql<number>`count(*)::int`.as('n')])
    .where('type', '=', 'post')
    .where('status', '=', 'pending')
    .groupBy('target_id');
  let base = db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin(openReports.as('o'), 'o.target_id', 'p.id')
    .where('p.deleted_at', 'is', null);
  if (query.userId) base = base.where('p.user_id', '=', query.userId);
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    base = base.where((eb) =>
      eb.or([eb('p.caption', 'ilike', pattern), eb('u.username', 'ilike', pattern)]),
    );
  }
  if (query.reported) base = base.where('o.n', 'is not', null);
  const order = sortClauses(POST_SORT, query, { sortBy: 'createdAt', order: 'desc' }, 'p.id');
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(
      base.select((eb) => [
        'p.id',
        'p.caption',
        'p.type',
        'p.access_level',
        'p.price_cents',
        'p.likes_count',
        'p.comments_count',
        'p.created_at',
        'u.id as author_id',
        'u.username',
        'o.n as open_reports',
        eb
          .selectFrom('post_media as pm')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pm.post_id', '=', 'p.id')
          .as('media_count'),
      ]),
      order,
    )
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return {
    posts: rows.map((r) => ({
      id: r.id,
      caption: r.caption,
      type: r.type,
      accessLevel: r.access_level,
      price: r.price_cents === null ? null : units(r.price_cents),
      likeCount: r.likes_count,
      commentCount: r.comments_count,
      mediaCount: Number(r.media_count ?? 0),
      openReports: Number(r.open_reports ?? 0),
      user: { id: r.author_id, username: r.username },
      createdAt: r.created_at.toISOString(),
    })),
    ...pageInfo(query, Number(total)),
  };
}

/**
 * DELETE /admin/posts/{id} {reason?}: removed like an author's delete; the creator is told why
 * (notification type 'admin'); open reports on it are left for the report flow to close.
 */
export async function adminDeletePost(
  ctx: AdminCtx,
  adminId: string,
  postId: string,
  rawReason?: string,
) {
  const reason = rawReason ? cleanText(rawReason) || null : null;
  await withTransaction(ctx.db, async (tx) => {
    const deleted = await softDeletePost(tx, postId);
    if (!deleted) throw new NotFoundError('Post not found', ErrorCodes.NOT_FOUND);
    await notify(tx, {
      userId: deleted.userId,
      type: 'admin',
      relatedId: postId,
      relatedType: 'post',
      data: {
        message: reason
          ? `Your post was removed by the Fanspace team: ${reason}`
          : 'Your post was removed by the Fanspace team for breaking the rules.',
        reason,
      },
    });
    await audit(tx, {
      adminId,
      action: 'post.delete',
      targetType: 'post',
      targetId: postId,
      reason,
    });
  });
  return { ok: true as const, postId, message: ADMIN_TOASTS.postDeleted };
}

/**
 * GET /admin/posts/{id}/comments: every comment of a post in thread order (deleted ones flagged,
 * restricted ones included: moderators see what the public does not), up to 500. The post may be
 * deleted (moderators still review it); an id that was never a post is a 404.
 */
export async function listPostComments(db: AdminCtx['db'], postId: string) {
  const post = await db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) throw new NotFoundError('Post not found', ErrorCodes.NOT_FOUND);
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'c.id',
      'c.text',
      'c.reply_to_comment_id',
      'c.deleted_at',
      'c.created_at',
      'u.id as author_id',
      'u.username',
      eb
        .selectFrom('reports as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.target_id', '=', 'c.id')
        .where('r.type', '=', 'comment')
        .where('r.status', '=', 'pending')
        .as('open_reports'),
    ])
    .where('c.post_id', '=', postId)
    .orderBy('c.seq')
    .limit(500)
    .execute();
  return {
    comments: rows.map((r) => ({
      id: r.id,
      text: r.deleted_at ? '' : r.text,
      user: { id: r.author_id, username: r.username },
      replyToCommentId: r.reply_to_comment_id,
      isDeleted: r.deleted_at !== null,
      openReports: Number(r.open_reports ?? 0),
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** DELETE /admin/posts/{id}/comments/{commentId}: soft delete, shown as '[message deleted]'. */
export async function adminDeleteComment(
  ctx: AdminCtx,
  adminId: string,
  postId: string,
  commentId: string,
  rawReason?: string,
) {
  const reason = rawReason ? cleanText(rawReason) || null : null;
  await withTransaction(ctx.db, async (tx) => {
    const deleted = await tx
      .updateTable('comments')
      .set({ deleted_at: new Date() })
      .where('id', '=', commentId)
      .where('post_id', '=', postId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!deleted) throw new NotFoundError('Comment not found', ErrorCodes.NOT_FOUND);
    await bumpPostCounter(tx, postId, 'comments_count', -1);
    await notify(tx, {
      userId: deleted.user_id,
      type: 'admin',
      relatedId: postId,
      relatedType: 'post',
      data: { message: 'Your comment was removed by the Fanspace team.', reason },
    });
    await audit(tx, {
      adminId,
      action: 'comment.delete',
      targetType: 'comment',
      targetId: commentId,
      reason,
      details: { postId },
    });
  });
  return { ok: true as const, message: 'Comment deleted by admin.' };
}
