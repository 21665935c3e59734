import type { LikeResponse, ViewResponse } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { notify } from '../notifications/notify.ts';
import { postIdOr404, postNotFound } from './posts.policy.ts';
import { bumpPostCounter, findVisiblePost } from './posts.queries.ts';
import { track } from '../analytics/recorder.ts';

/**
 * Post likes and views. Each change is "insert/delete the fact row, then move the counter only
 * when a row really changed", in one transaction: duplicates and concurrent requests leave the
 * counters exact, because the counter UPDATE serialises on the post row.
 */

export const PRUNE_VIEWS_JOB = 'posts.prune-views';

async function visiblePostOrThrow(db: DbHandle, viewerId: string, postId: string) {
  const post = await findVisiblePost(db, viewerId, postIdOr404(postId));
  if (!post) throw postNotFound();
  return post;
}

const likeResponse = (postId: string, liked: boolean, likeCount: number): LikeResponse => ({
  postId,
  liked,
  isLikedByCurrentUser: liked,
  likeCount,
  likes: likeCount,
});

/** POST /posts/{id}/like, idempotent. Liking needs the post visible, not unlocked. */
export async function likePost(db: DbHandle, userId: string, postId: string) {
  return withTransaction(db, async (tx) => {
    const post = await visiblePostOrThrow(tx, userId, postId);
    const inserted = await tx
      .insertInto('post_likes')
      .values({ post_id: post.id, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .executeTakeFirst();
    const count = inserted
      ? await bumpPostCounter(tx, post.id, 'likes_count', 1)
      : post.likes_count;
    if (inserted) track(tx, { metric: 'like', creatorId: post.user_id, postId: post.id });
    if (inserted)
      await notify(tx, {
        userId: post.user_id,
        type: 'like',
        actorId: userId,
        relatedId: post.id,
        relatedType: 'post',
        // like, unlike, like again: one unread notice, not one per tap
        coalesce: true,
      });
    return likeResponse(post.id, true, count);
  });
}

/** DELETE /posts/{id}/like, idempotent. */
export async function unlikePost(db: DbHandle, userId: string, postId: string) {
  return withTransaction(db, async (tx) => {
    const post = await visiblePostOrThrow(tx, userId, postId);
    const removed = await tx
      .deleteFrom('post_likes')
      .where('post_id', '=', post.id)
      .where('user_id', '=', userId)
      .returning('post_id')
      .executeTakeFirst();
    const count = removed
      ? await bumpPostCounter(tx, post.id, 'likes_count', -1)
      : post.likes_count;
    return likeResponse(post.id, false, count);
  });
}

/**
 * POST /posts/{id}/view: counted once per viewer per clock hour. Visitors and the owner are not
 * counted (there is no identity to count a visitor once by). The first counted view of an hour
 * schedules the pruning of past hours, once per hour thanks to the job's dedupe key.
 */
export async function recordView(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  viewerId: string | null,
  postId: string,
): Promise<ViewResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const post = await findVisiblePost(tx, viewerId, postIdOr404(postId));
    if (!post) throw postNotFound();
    if (!viewerId || viewerId === post.user_id)
      return { postId: post.id, counted: false, viewCount: post.views_count };
    const inserted = await tx
      .insertInto('post_views')
      .values({
        post_id: post.id,
        viewer_id: viewerId,
        hour_bucket: sql`date_trunc('hour', now())`,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('hour_bucket')
      .executeTakeFirst();
    if (!inserted) return { postId: post.id, counted: false, viewCount: post.views_count };
    const viewCount = await bumpPostCounter(tx, post.id, 'views_count', 1);
    track(tx, { metric: 'post_view', creatorId: post.user_id, postId: post.id });
    const nextHour = new Date(inserted.hour_bucket.getTime() + 3_600_000);
    await ctx.jobs.enqueue(
      tx,
      PRUNE_VIEWS_JOB,
      {},
      {
        runAt: new Date(nextHour.getTime() + 60_000),
        dedupeKey: `${PRUNE_VIEWS_JOB}:${nextHour.toISOString()}`,
      },
    );
    return { postId: post.id, counted: true, viewCount };
  });
}

/** Rows of past hours are no longer needed to count a view once per hour. */
export function registerPostJobs(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  ctx.jobs.register(PRUNE_VIEWS_JOB, async () => {
    await ctx.db
      .deleteFrom('post_views')
      .where('hour_bucket', '<', sql<Date>`date_trunc('hour', now())`)
      .execute();
  });
}
