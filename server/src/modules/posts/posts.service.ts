import {
  ErrorCodes,
  POST_MEDIA_MAX,
  type CreatePostBody,
  type Post,
  type UpdatePostBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow, PostRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { getOwnedMedia, ingestMedia, type IngestInput } from '../media/media.service.ts';
import { isUuid } from '../../platform/ids.ts';
import { cleanText } from '../users/profile-rules.ts';
import { notifyMentions } from '../notifications/mentions.ts';
import { syncPostHashtags } from './hashtags.queries.ts';
import { presentOnePost, type PostsCtx, type Viewer } from './post-views.ts';
import { assertPostOwner, postIdOr404, postNotFound } from './posts.policy.ts';
import { bumpAuthorPostsCount, findPost, findVisiblePostPage } from './posts.queries.ts';
import { assertReleasesUsable } from '../releases/releases.service.ts';
import {
  accessFromInput,
  assertNotEmpty,
  collectHashtags,
  postTypeOf,
  tagsOf,
  type StoredAccess,
} from './posts.rules.ts';
import { autoFlag } from '../admin/auto-flag.ts';

/** Creating, reading, editing and deleting posts. Likes, views and comments have their own files. */

const RELATIVE = 'http://relative.invalid';
const MEDIA_PATH = /^\/api\/media\/([^/]+)(?:\/|$)/;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value.trim(), RELATIVE);
  } catch {
    return null;
  }
}

/**
 * imageUrl / videoUrl / mediaUrl may only name our own media (`/api/media/{id}/…`, relative or
 * on PUBLIC_URL); the id must then be an item of the caller's vault. External URLs are refused:
 * we would otherwise serve, and vouch for, content we never checked.
 */
export function mediaIdFromUrl(field: string, value: string, publicUrl: string | undefined) {
  const url = parseUrl(value);
  const ours = [RELATIVE, ...(publicUrl ? [new URL(publicUrl).origin] : [])];
  const id = url && ours.includes(url.origin) ? MEDIA_PATH.exec(url.pathname)?.[1] : undefined;
  if (!id || !isUuid(id))
    throw new BadRequestError(
      `${field} must be a media URL from your vault; upload the file or pick it from the vault instead`,
      ErrorCodes.EXTERNAL_MEDIA_URL,
      { field },
    );
  return id.toLowerCase();
}

function requestedMediaIds(body: CreatePostBody, publicUrl: string | undefined): string[] {
  const ids: string[] = [];
  for (const item of body.selectedMediaItems ?? [])
    ids.push((typeof item === 'string' ? item : item.id).toLowerCase());
  for (const field of ['imageUrl', 'videoUrl', 'mediaUrl'] as const) {
    const value = body[field];
    if (value) ids.push(mediaIdFromUrl(field, value, publicUrl));
  }
  return [...new Set(ids)];
}

export interface NewPost {
  caption: string;
  access: StoredAccess;
  hashtags: string[];
  /** the author's own items, in display order */
  media: MediaItemRow[];
  modelReleaseIds: string[];
  /** default now; a later time schedules the post */
  publishedAt?: Date;
}

/** Writes a checked post with its media links, tags and the author's count, in one transaction. */
export function writePost(db: DbHandle, authorId: string, post: NewPost): Promise<PostRow> {
  return withTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('posts')
      .values({
        user_id: authorId,
        caption: post.caption,
        type: postTypeOf(post.media.map((m) => m.media_type)),
        ...post.access,
        hashtags: post.hashtags.join(' '),
        model_release_ids: JSON.stringify([...new Set(post.modelReleaseIds)]),
        ...(post.publishedAt
          ? { published_at: post.publishedAt, created_at: post.publishedAt }
          : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (post.media.length > 0)
      await tx
        .insertInto('post_media')
        .values(post.media.map((m, position) => ({ post_id: row.id, media_id: m.id, position })))
        .execute();
    await syncPostHashtags(tx, row.id, [], post.hashtags);
    await bumpAuthorPostsCount(tx, authorId, 1);
    await autoFlag(tx, {
      type: 'post',
      targetId: row.id,
      authorId,
      text: post.caption,
    });
    // @mentions in the caption; a scheduled post mentions nobody before it is out
    if (!post.publishedAt || post.publishedAt.getTime() <= Date.now())
      await notifyMentions(tx, {
        authorId,
        text: post.caption,
        relatedId: row.id,
        relatedType: 'post',
        data: { postId: row.id, preview: post.caption.slice(0, 100) },
      });
    return row;
  });
}

/**
 * POST /posts. Everything that can be refused is checked before a file is stored: the empty-post
 * rule, price, hashtags, and that every picked vault item is the caller's. Uploaded files go
 * through the media pipeline into the caller's vault, then the post and its links are written
 * in one transaction.
 */
export async function createPost(
  ctx: AppContext,
  viewer: Viewer,
  body: CreatePostBody,
  files: IngestInput[],
): Promise<Post> {
  const caption = cleanText(body.caption ?? '');
  const pickedIds = requestedMediaIds(body, ctx.config.PUBLIC_URL);
  // the empty-post rule first: a post with nothing in it gets SPEC §5's message, whatever else
  assertNotEmpty(caption, files.length + pickedIds.length);
  const access = accessFromInput(body.accessDetails);
  const hashtags = collectHashtags(caption, body.hashtags);
  if (files.length + pickedIds.length > POST_MEDIA_MAX)
    throw new BadRequestError(`A post holds at most ${POST_MEDIA_MAX} media items`);
  const modelReleaseIds = await assertReleasesUsable(ctx.db, viewer.id, body.modelReleaseIds ?? []);
  const picked = pickedIds.length > 0 ? await getOwnedMedia(ctx.db, viewer.id, pickedIds) : [];
  const byId = new Map(picked.map((m) => [m.id, m]));

  const uploaded: MediaItemRow[] = [];
  for (const file of files) uploaded.push(await ingestMedia(ctx, viewer.id, file));
  const media = [...uploaded, ...pickedIds.flatMap((id) => byId.get(id) ?? [])];
  const uniqueMedia = [...new Map(media.map((m) => [m.id, m])).values()];

  const post = await writePost(ctx.db, viewer.id, {
    caption,
    access,
    hashtags,
    media: uniqueMedia,
    modelReleaseIds,
  });
  return presentOnePost(ctx, viewer, post);
}

export async function getPost(
  ctx: PostsCtx,
  viewer: Viewer | null,
  postId: string,
): Promise<{ row: PostRow; post: Post }> {
  const found = await findVisiblePostPage(ctx.db, viewer?.id ?? null, postIdOr404(postId));
  if (!found) throw postNotFound();
  return { row: found.row, post: await presentOnePost(ctx, viewer, found.row, ctx.db, found) };
}

/** PUT /posts/{id}: caption, access and hashtags; the empty-post rule still holds. */
export async function updatePost(
  ctx: PostsCtx,
  viewer: Viewer,
  postId: string,
  body: UpdatePostBody,
): Promise<Post> {
  postIdOr404(postId);
  const updated = await withTransaction(ctx.db, async (tx) => {
    const post = await findPost(tx, postId, true);
    if (!post || post.deleted_at) throw postNotFound();
    assertPostOwner(post, viewer.id);
    const caption = body.caption === undefined ? post.caption : cleanText(body.caption);
    const mediaCount = await tx
      .selectFrom('post_media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    assertNotEmpty(caption, Number(mediaCount.n));
    const access = body.accessDetails
      ? accessFromInput(body.accessDetails)
      : { access_level: post.access_level, price_cents: post.price_cents };
    const before = tagsOf(post.hashtags);
    // tags written in the caption always count; the explicit list replaces the other ones
    const hashtags =
      body.hashtags !== undefined
        ? collectHashtags(caption, body.hashtags)
        : body.caption !== undefined
          ? collectHashtags(caption, before)
          : before;
    await syncPostHashtags(tx, post.id, before, hashtags);
    if (body.caption !== undefined)
      await autoFlag(tx, {
        type: 'post',
        targetId: post.id,
        authorId: viewer.id,
        text: caption,
      });
    return tx
      .updateTable('posts')
      .set({ caption, ...access, hashtags: hashtags.join(' '), updated_at: new Date() })
      .where('id', '=', post.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentOnePost(ctx, viewer, updated);
}

/**
 * DELETE /posts/{id}: a soft delete, idempotent. Concurrent duplicates queue on the row lock of
 * the conditional UPDATE; exactly one of them sees the live row and adjusts the counters, the
 * others find it deleted and answer the same 200.
 */
/**
 * Soft-deletes a live post (of `authorId` when given) with its tag links and the author's
 * count; returns the deleted row's id and author, or undefined when nothing live matched.
 * Shared by the author's delete and the admin's.
 */
export async function softDeletePost(tx: DbHandle, postId: string, authorId?: string) {
  let query = tx
    .updateTable('posts')
    .set({ deleted_at: new Date() })
    .where('id', '=', postId)
    .where('deleted_at', 'is', null);
  if (authorId) query = query.where('user_id', '=', authorId);
  const deleted = await query
    .returning(['id', 'user_id', 'hashtags', 'deleted_at'])
    .executeTakeFirst();
  if (!deleted) return undefined;
  await syncPostHashtags(tx, deleted.id, tagsOf(deleted.hashtags), []);
  await bumpAuthorPostsCount(tx, deleted.user_id, -1);
  return { id: deleted.id, userId: deleted.user_id, deletedAt: deleted.deleted_at! };
}

/**
 * Undoes softDeletePost, but only the deletion made at `deletedAt` (a DMCA restore brings back
 * what its takedown removed, never a post deleted for another reason).
 */
export async function restoreSoftDeletedPost(tx: DbHandle, postId: string, deletedAt: Date) {
  const restored = await tx
    .updateTable('posts')
    .set({ deleted_at: null })
    .where('id', '=', postId)
    .where('deleted_at', '=', deletedAt)
    .returning(['id', 'user_id', 'hashtags'])
    .executeTakeFirst();
  if (!restored) return undefined;
  await syncPostHashtags(tx, restored.id, [], tagsOf(restored.hashtags));
  await bumpAuthorPostsCount(tx, restored.user_id, 1);
  return { id: restored.id, userId: restored.user_id };
}

export async function deletePost(ctx: PostsCtx, userId: string, postId: string) {
  postIdOr404(postId);
  await withTransaction(ctx.db, async (tx) => {
    if (await softDeletePost(tx, postId, userId)) return;
    const post = await findPost(tx, postId);
    if (!post) throw postNotFound();
    assertPostOwner(post, userId);
  });
  return { ok: true as const, postId, message: 'Post deleted' };
}
