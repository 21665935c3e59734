import {
  COMMUNITY_MESSAGES,
  ErrorCodes,
  type CommunityActionResponse,
  type CommunityPost,
  type CommunityPostLikeResponse,
  type CommunityPostsQuery,
  type CommunityPostsResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { CommunityPostRow, MediaItemRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { sniffMedia } from '../../platform/storage/sniff.ts';
import { deleteVaultItem } from '../media/media-vault.service.ts';
import { findLiveMedia } from '../media/media.queries.ts';
import { ingestMedia, presentMedia, type IngestInput } from '../media/media.service.ts';
import type { Viewer } from '../posts/post-views.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import {
  assertMember,
  canReadPosts,
  communityNotFound,
  communityPostNotFound,
  mayDeletePost,
} from './communities.policy.ts';
import { presentCommunityUser } from './communities.presenter.ts';
import * as q from './communities.queries.ts';
import { visibleCommunity } from './communities.service.ts';

/**
 * Community posts (content and an optional image through the media pipeline), their likes and
 * the counters they move: the community's post_count, like_count and last activity.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;
type Role = q.CommunityWithViewer['viewer_role'];

const imagesOnly = () =>
  new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Community posts take images');

async function presentPostRows(
  ctx: Ctx,
  viewer: Viewer,
  role: Role,
  rows: CommunityPostRow[],
): Promise<CommunityPost[]> {
  if (rows.length === 0) return [];
  const mediaIds = rows.flatMap((r) => (r.media_id ? [r.media_id] : []));
  const [authors, media, liked] = await Promise.all([
    usersByIds(ctx.db, [...new Set(rows.map((r) => r.author_id))]),
    mediaIds.length ? findLiveMedia(ctx.db, mediaIds) : Promise.resolve([] as MediaItemRow[]),
    ctx.db
      .selectFrom('community_post_likes')
      .select('post_id')
      .where('user_id', '=', viewer.id)
      .where(
        'post_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute(),
  ]);
  const mediaById = new Map(media.map((m) => [m.id, m]));
  const likedIds = new Set(liked.map((l) => l.post_id));
  return rows.map((row) => {
    const author = authors.get(row.author_id);
    const item = row.media_id ? mediaById.get(row.media_id) : undefined;
    const shown = item
      ? presentMedia(ctx, item, {
          unlocked: true,
          viewer: { userId: viewer.id, sessionId: viewer.sessionId },
        })
      : null;
    return {
      id: row.id,
      communityId: row.community_id,
      authorId: row.author_id,
      author: author ? presentCommunityUser(author) : null,
      content: row.content,
      image: shown
        ? {
            mediaId: shown.id,
            url: shown.mediaUrl,
            thumbnailUrl: shown.thumbnailUrl,
            width: shown.width,
            height: shown.height,
          }
        : null,
      imageUrl: shown?.mediaUrl ?? null,
      likeCount: row.like_count,
      isLiked: likedIds.has(row.id),
      canDelete: mayDeletePost(viewer.id, row.author_id, role),
      createdAt: row.created_at.toISOString(),
    };
  });
}

/** The community of a post, as the viewer may read it (404 otherwise). */
async function readablePost(db: DbHandle, viewerId: string, postId: string) {
  const post = await db
    .selectFrom('community_posts')
    .selectAll()
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) throw communityPostNotFound();
  const community = await q.findVisibleCommunity(db, viewerId, post.community_id);
  if (!community || !canReadPosts(community, community.viewer_role)) throw communityPostNotFound();
  return { post, community };
}

export async function listCommunityPosts(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
  query: CommunityPostsQuery,
): Promise<CommunityPostsResponse> {
  const community = await visibleCommunity(ctx.db, viewer.id, id);
  if (!canReadPosts(community, community.viewer_role))
    throw new ForbiddenError(ErrorCodes.COMMUNITY_FORBIDDEN, COMMUNITY_MESSAGES.notMember);
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('community_posts')
      .selectAll()
      .where('community_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(offset)
      .execute(),
    q.countCommunityPosts(ctx.db, id),
  ]);
  return {
    communityId: id,
    posts: await presentPostRows(ctx, viewer, community.viewer_role, rows),
    page: query.page,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    hasMore: offset + rows.length < total,
  };
}

export async function createCommunityPost(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  content: string,
  file: IngestInput | null,
): Promise<CommunityPost> {
  const community = await visibleCommunity(ctx.db, viewer.id, id);
  assertMember(community.viewer_role);
  const text = content.trim();
  if (!text && !file)
    throw new BadRequestError(COMMUNITY_MESSAGES.emptyPost, ErrorCodes.EMPTY_COMMUNITY_POST);
  let media: MediaItemRow | null = null;
  if (file) {
    const sniffed = await sniffMedia(file.bytes);
    if (sniffed && sniffed.kind !== 'image' && !sniffed.ambiguous) throw imagesOnly();
    media = await ingestMedia(ctx, viewer.id, file, { title: 'Community post' });
    if (media.media_type !== 'image') {
      await deleteVaultItem(ctx, viewer.id, media.id);
      throw imagesOnly();
    }
  }
  const row = await withTransaction(ctx.db, async (tx) => {
    // membership may have ended while the image was processed
    const member = await q.findMember(tx, id, viewer.id);
    if (!member) throw communityNotFound();
    const post = await tx
      .insertInto('community_posts')
      .values({
        community_id: id,
        author_id: viewer.id,
        content: text,
        media_id: media?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('communities')
      .set((eb) => ({ post_count: eb('post_count', '+', 1), last_activity_at: new Date() }))
      .where('id', '=', id)
      .execute();
    return post;
  });
  const [post] = await presentPostRows(ctx, viewer, community.viewer_role, [row]);
  return post!;
}

/** The author, the owner or a moderator; the image uploaded with the post goes too. */
export async function deleteCommunityPost(
  ctx: AppContext,
  viewerId: string,
  postId: string,
): Promise<CommunityActionResponse> {
  const post = await withTransaction(ctx.db, async (tx) => {
    const { post, community } = await readablePost(tx, viewerId, postId);
    if (!mayDeletePost(viewerId, post.author_id, community.viewer_role))
      throw new ForbiddenError(
        ErrorCodes.COMMUNITY_FORBIDDEN,
        'Only the author, the owner and moderators can delete this post',
      );
    await q.lockCommunity(tx, community.id);
    await tx.deleteFrom('community_posts').where('id', '=', postId).execute();
    await tx
      .updateTable('communities')
      .set((eb) => ({
        post_count: eb('post_count', '-', 1),
        like_count: eb('like_count', '-', post.like_count),
      }))
      .where('id', '=', community.id)
      .execute();
    return post;
  });
  if (post.media_id)
    await deleteVaultItem(ctx, post.author_id, post.media_id).catch(() => undefined);
  return { ok: true, message: COMMUNITY_MESSAGES.postDeleted };
}

/** Toggles the viewer's like; members of private communities, anyone on public ones. */
export async function toggleCommunityPostLike(
  ctx: Ctx,
  viewerId: string,
  postId: string,
): Promise<CommunityPostLikeResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const { community } = await readablePost(tx, viewerId, postId);
    await q.lockCommunity(tx, community.id);
    const removed = await tx
      .deleteFrom('community_post_likes')
      .where('post_id', '=', postId)
      .where('user_id', '=', viewerId)
      .returning('post_id')
      .executeTakeFirst();
    if (!removed)
      await tx
        .insertInto('community_post_likes')
        .values({ post_id: postId, user_id: viewerId })
        .execute();
    const delta = removed ? -1 : 1;
    const post = await tx
      .updateTable('community_posts')
      .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
      .where('id', '=', postId)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    const updated = await tx
      .updateTable('communities')
      .set((eb) => ({
        like_count: eb('like_count', '+', delta),
        ...(removed ? {} : { last_activity_at: new Date() }),
      }))
      .where('id', '=', community.id)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    const liked = !removed;
    return {
      postId,
      liked,
      isLiked: liked,
      likeCount: post.like_count,
      communityLikeCount: updated.like_count,
    };
  });
}

/** Media access: a community post image streams to whoever may read the post. */
export async function communityMediaAccess(
  db: DbHandle,
  viewer: { userId: string } | null,
  mediaId: string,
): Promise<boolean> {
  if (!viewer) return false;
  const row = await q
    .visibleCommunities(db, viewer.userId)
    .innerJoin('community_posts as p', 'p.community_id', 'c.id')
    .where('p.media_id', '=', mediaId)
    .where((eb) => eb.or([eb('c.is_private', '=', false), eb('vm.user_id', 'is not', null)]))
    .select('p.id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
