import {
  ErrorCodes,
  REEL_MESSAGES,
  ReelLimits,
  type CreateReelBody,
  type DeleteReelResponse,
  type Reel,
  type ReelLikeResponse,
  type ReelsQuery,
  type ReelsResponse,
  type ReelViewResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow, ReelRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { sniffMedia } from '../../platform/storage/sniff.ts';
import { deleteVaultItem } from '../media/media-vault.service.ts';
import { findLiveMedia } from '../media/media.queries.ts';
import {
  getOwnedMedia,
  ingestMedia,
  presentMedia,
  type IngestInput,
} from '../media/media.service.ts';
import type { Viewer } from '../posts/post-views.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';
import { assertMayPublish } from '../stories/stories.policy.ts';
import * as q from './reels.queries.ts';

/**
 * Reels: short vertical videos posted by creators (an upload through the media pipeline, or a
 * video from their vault), a newest-first feed for every signed-in user, likes (toggle) and
 * views (one per viewer, the author's own not counted).
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;
const DAY_MS = 86_400_000;

export const reelNotFound = () =>
  new NotFoundError(REEL_MESSAGES.notFound, ErrorCodes.REEL_NOT_FOUND);
const videoOnly = () =>
  new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, REEL_MESSAGES.videoOnly);

function assertFitsReel(media: MediaItemRow) {
  if (media.media_type !== 'video') throw videoOnly();
  if (media.duration_seconds !== null && media.duration_seconds > ReelLimits.maxSeconds + 0.5)
    throw new BadRequestError(REEL_MESSAGES.tooLong, ErrorCodes.VALIDATION_FAILED, {
      field: 'video',
    });
}

function presentReel(
  ctx: Pick<AppContext, 'config'>,
  row: ReelRow,
  author: UserRow,
  media: MediaItemRow | undefined,
  viewer: Viewer,
  liked: boolean,
): Reel {
  const shown = media
    ? presentMedia(ctx, media, {
        unlocked: true,
        viewer: { userId: viewer.id, sessionId: viewer.sessionId },
      })
    : null;
  return {
    id: row.id,
    userId: row.user_id,
    user: {
      id: author.id,
      userId: author.id,
      username: author.username,
      displayName: author.display_name,
      avatarUrl: author.avatar_url,
      isVerified: author.identity_status === 'verified',
    },
    caption: row.caption,
    mediaId: shown ? row.media_id : null,
    videoUrl: shown?.mediaUrl ?? null,
    posterUrl: shown?.thumbnailUrl ?? null,
    durationSeconds: media?.duration_seconds ?? null,
    width: media?.width ?? null,
    height: media?.height ?? null,
    likeCount: row.like_count,
    viewCount: row.view_count,
    commentCount: row.comment_count,
    isLiked: liked,
    isOwn: row.user_id === viewer.id,
    createdAt: row.created_at.toISOString(),
  };
}

/** A page of reels: one query each for authors, media and the viewer's likes. */
async function presentReels(ctx: Ctx, viewer: Viewer, rows: ReelRow[]): Promise<Reel[]> {
  if (rows.length === 0) return [];
  const mediaIds = rows.flatMap((r) => (r.media_id ? [r.media_id] : []));
  const [authors, media, liked] = await Promise.all([
    usersByIds(ctx.db, [...new Set(rows.map((r) => r.user_id))]),
    mediaIds.length ? findLiveMedia(ctx.db, mediaIds) : Promise.resolve([] as MediaItemRow[]),
    q.likedReelIds(
      ctx.db,
      viewer.id,
      rows.map((r) => r.id),
    ),
  ]);
  const mediaById = new Map(media.map((m) => [m.id, m]));
  return rows.flatMap((row) => {
    const author = authors.get(row.user_id);
    if (!author) return [];
    const item = row.media_id ? mediaById.get(row.media_id) : undefined;
    return [presentReel(ctx, row, author, item, viewer, liked.has(row.id))];
  });
}

export async function createReel(
  ctx: AppContext,
  viewer: Viewer,
  author: Pick<UserRow, 'id' | 'account_type' | 'identity_status'>,
  body: CreateReelBody,
  file: IngestInput | null,
): Promise<Reel> {
  assertMayPublish(author, {
    onlyCreators: REEL_MESSAGES.onlyCreators,
    identityPending: REEL_MESSAGES.identityPending,
  });
  if (file && body.mediaId)
    throw new BadRequestError(
      'Send a file or a vault video, not both',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'mediaId' },
    );
  if (!file && !body.mediaId)
    throw new BadRequestError(REEL_MESSAGES.needsVideo, ErrorCodes.VALIDATION_FAILED, {
      field: 'video',
    });
  if (
    (await q.countRecentReels(ctx.db, author.id, new Date(Date.now() - DAY_MS))) >=
    ReelLimits.perDay
  )
    throw new AppError(429, ErrorCodes.LIMIT_REACHED, REEL_MESSAGES.tooMany);
  let media: MediaItemRow;
  if (file) {
    const sniffed = await sniffMedia(file.bytes);
    if (sniffed && sniffed.kind !== 'video' && !sniffed.ambiguous) throw videoOnly();
    media = await ingestMedia(ctx, author.id, file, { title: 'Reel' });
    try {
      assertFitsReel(media);
    } catch (error) {
      await deleteVaultItem(ctx, author.id, media.id);
      throw error;
    }
  } else {
    const [picked] = await getOwnedMedia(ctx.db, author.id, [body.mediaId!.toLowerCase()]);
    media = picked!;
    assertFitsReel(media);
  }
  const row = await ctx.db
    .insertInto('reels')
    .values({
      user_id: author.id,
      media_id: media.id,
      owns_media: file !== null,
      caption: (body.caption ?? '').trim(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [reel] = await presentReels(ctx, viewer, [row]);
  return reel!;
}

function decodeCursor(cursor: string | undefined): q.ReelCursor | null {
  if (!cursor) return null;
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'cursor' });
  return { createdAt, id };
}
const encodeCursor = (row: ReelRow) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

export async function listReels(
  ctx: Ctx,
  viewer: Viewer,
  query: ReelsQuery,
): Promise<ReelsResponse> {
  const rows = await q.reelsPage(ctx.db, viewer.id, {
    userId: query.userId,
    cursor: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    reels: await presentReels(ctx, viewer, page),
    nextCursor: hasMore && page.length ? encodeCursor(page[page.length - 1]!) : null,
    hasMore,
  };
}

export async function getReel(ctx: Ctx, viewer: Viewer, id: string): Promise<Reel> {
  const row = await q.findVisibleReel(ctx.db, viewer.id, id);
  if (!row) throw reelNotFound();
  const [reel] = await presentReels(ctx, viewer, [row]);
  if (!reel) throw reelNotFound();
  return reel;
}

/** The author deletes; a video uploaded with the reel goes with it. */
export async function deleteReel(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<DeleteReelResponse> {
  const row = await ctx.db
    .deleteFrom('reels')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw reelNotFound();
  if (row.owns_media && row.media_id)
    await deleteVaultItem(ctx, userId, row.media_id).catch(() => undefined);
  return { ok: true, reelId: id, message: REEL_MESSAGES.deleted };
}

export async function toggleReelLike(
  ctx: Ctx,
  viewerId: string,
  id: string,
): Promise<ReelLikeResponse> {
  return withTransaction(ctx.db, async (tx) => {
    if (!(await q.findVisibleReel(tx, viewerId, id))) throw reelNotFound();
    const removed = await tx
      .deleteFrom('reel_likes')
      .where('reel_id', '=', id)
      .where('user_id', '=', viewerId)
      .returning('reel_id')
      .executeTakeFirst();
    if (!removed)
      await tx.insertInto('reel_likes').values({ reel_id: id, user_id: viewerId }).execute();
    const row = await tx
      .updateTable('reels')
      .set((eb) => ({ like_count: eb('like_count', '+', removed ? -1 : 1) }))
      .where('id', '=', id)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    return { reelId: id, liked: !removed, isLiked: !removed, likeCount: row.like_count };
  });
}

export async function viewReel(ctx: Ctx, viewerId: string, id: string): Promise<ReelViewResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const reel = await q.findVisibleReel(tx, viewerId, id);
    if (!reel) throw reelNotFound();
    if (reel.user_id === viewerId)
      return { reelId: id, counted: false, viewCount: reel.view_count };
    const inserted = await tx
      .insertInto('reel_views')
      .values({ reel_id: id, viewer_id: viewerId })
      .onConflict((oc) => oc.doNothing())
      .returning('reel_id')
      .executeTakeFirst();
    if (!inserted) return { reelId: id, counted: false, viewCount: reel.view_count };
    const row = await tx
      .updateTable('reels')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', id)
      .returning('view_count')
      .executeTakeFirstOrThrow();
    return { reelId: id, counted: true, viewCount: row.view_count };
  });
}

/** Media access: a reel's video streams to whoever may see the reel. */
export async function reelMediaAccess(
  db: DbHandle,
  viewer: { userId: string } | null,
  mediaId: string,
) {
  if (!viewer) return false;
  const row = await q
    .visibleReels(db, viewer.userId)
    .where('r.media_id', '=', mediaId)
    .select('r.id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
