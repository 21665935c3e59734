import {
  ErrorCodes,
  STORY_MESSAGES,
  StoryLimits,
  type CreateStoryBody,
  type DeleteStoryResponse,
  type StoriesQuery,
  type StoriesResponse,
  type Story,
  type StoryGroup,
  type StoryViewersQuery,
  type StoryViewersResponse,
  type StoryViewResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { MediaItemRow, StoryRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { sniffMedia } from '../../platform/storage/sniff.ts';
import { getOwnedMedia, ingestMedia, type IngestInput } from '../media/media.service.ts';
import { deleteVaultItem } from '../media/media-vault.service.ts';
import type { Viewer } from '../posts/post-views.ts';
import { assertMayPublish, storyNotFound } from './stories.policy.ts';
import { presentStories, presentStoryAuthor } from './stories.presenter.ts';
import {
  countRecentStories,
  deleteStoriesByIds,
  findOwnLiveStory,
  findVisibleStory,
  groupPage,
  lockExpiredStories,
  mediaInUse,
  recordStoryView,
  storiesOfAuthors,
  viewersOf,
  type ViewerCursor,
} from './stories.queries.ts';
import { hasContent, storyTextOf } from './stories.rules.ts';

/**
 * Stories: creating (a file through the media pipeline, a vault item, or text on a colour),
 * the tray, views and viewers, deleting, and the expiry after 24 hours. `createStory` does all
 * its reads and writes through `ctx.db`, so the scheduler can run it inside its own
 * transaction and publish a story exactly once.
 */

export const STORY_EXPIRE_JOB = 'stories.expire';
const HOUR_MS = 3_600_000;
const SWEEP_BATCH = 200;

type StoriesCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;
export type StoryAuthorRow = Pick<UserRow, 'id' | 'account_type' | 'identity_status'>;

const unsupported = () =>
  new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, STORY_MESSAGES.audioRefused);

/** The picked vault item, the caller's own and a photo or video. */
async function pickedMedia(ctx: StoriesCtx, authorId: string, mediaId: string) {
  const [item] = await getOwnedMedia(ctx.db, authorId, [mediaId.toLowerCase()]);
  if (item && item.media_type === 'audio') throw unsupported();
  return item ?? null;
}

/** Audio is refused by its magic bytes before the pipeline spends time on it. */
async function assertVisualFile(file: IngestInput) {
  const sniffed = await sniffMedia(file.bytes);
  if (sniffed?.kind === 'audio' && !sniffed.ambiguous) throw unsupported();
}

/**
 * POST /stories. Everything refusable (role, empty story, a stranger's vault item, the daily
 * limit) is checked before a file is stored; the upload then goes through the media pipeline
 * (sniffing, re-encoding, renditions) into the creator's vault, owned by the story.
 */
export async function createStory(
  ctx: AppContext,
  author: StoryAuthorRow,
  body: CreateStoryBody,
  file: IngestInput | null,
): Promise<StoryRow> {
  assertMayPublish(author);
  const text = storyTextOf(body);
  if (file && body.mediaId)
    throw new BadRequestError(
      'Send a file or a vault item, not both',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'mediaId',
      },
    );
  const picked = body.mediaId ? await pickedMedia(ctx, author.id, body.mediaId) : null;
  const hasMedia = file !== null || picked !== null;
  if (!hasContent(text, hasMedia))
    throw new BadRequestError(STORY_MESSAGES.empty, ErrorCodes.EMPTY_STORY);
  if ((body.mediaType === 'image' || body.mediaType === 'video') && !hasMedia)
    throw new BadRequestError(
      `Add the ${body.mediaType === 'image' ? 'photo' : 'video'} for this story`,
      ErrorCodes.EMPTY_STORY,
      { field: 'media' },
    );
  if (
    (await countRecentStories(ctx.db, author.id, StoryLimits.lifetimeHours)) >= StoryLimits.perDay
  )
    throw new AppError(429, ErrorCodes.LIMIT_REACHED, STORY_MESSAGES.tooMany);
  if (file) await assertVisualFile(file);

  let media: MediaItemRow | null = picked;
  if (file) {
    media = await ingestMedia(ctx, author.id, file, { title: 'Story' });
    if (media.media_type === 'audio') {
      await deleteVaultItem(ctx, author.id, media.id);
      throw unsupported();
    }
  }
  return withTransaction(ctx.db, async (tx) => {
    const story = await tx
      .insertInto('stories')
      .values({
        user_id: author.id,
        media_id: media?.id ?? null,
        media_type: media ? (media.media_type as 'image' | 'video') : 'text',
        owns_media: file !== null,
        caption: text.caption,
        text_overlay: text.textOverlay,
        text_position: JSON.stringify(text.textPosition),
        text_size: text.textSize,
        background_color: text.backgroundColor,
        text_color: text.textColor,
        access_level: text.accessLevel,
        created_at: new Date(),
        expires_at: new Date(Date.now() + StoryLimits.lifetimeHours * HOUR_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.jobs.enqueue(
      tx,
      STORY_EXPIRE_JOB,
      { storyId: story.id },
      { runAt: story.expires_at, dedupeKey: `stories.expire:${story.id}` },
    );
    return story;
  });
}

export async function presentOneStory(
  ctx: StoriesCtx,
  viewer: Viewer,
  row: StoryRow & { seen?: boolean },
): Promise<Story> {
  const [story] = await presentStories(ctx, viewer, [row]);
  if (!story) throw storyNotFound();
  return story;
}

/**
 * GET /stories: groups by creator, unseen first, then the most recent; each group oldest story
 * first. Without `userId` the tray (own, followed, subscribed); with it one creator's stories.
 */
export async function listStories(
  ctx: StoriesCtx,
  viewer: Viewer,
  query: StoriesQuery,
): Promise<StoriesResponse> {
  const groups = await groupPage(ctx.db, viewer.id, query.userId, {
    limit: query.limit + 1,
    offset: (query.page - 1) * query.limit,
  });
  const page = groups.slice(0, query.limit);
  const groupCount =
    groups[0]?.group_count ??
    (query.page > 1 ? await countGroups(ctx.db, viewer.id, query.userId) : 0);
  const rows = await storiesOfAuthors(
    ctx.db,
    viewer.id,
    page.map((g) => g.user_id),
  );
  const stories = await presentStories(ctx, viewer, rows);
  const byAuthor = new Map<string, Story[]>();
  for (const story of stories) {
    const list = byAuthor.get(story.userId) ?? [];
    list.push(story);
    byAuthor.set(story.userId, list);
  }
  const presented: StoryGroup[] = [];
  for (const group of page) {
    const list = byAuthor.get(group.user_id);
    if (!list || list.length === 0) continue;
    presented.push({
      userId: group.user_id,
      user: list[0]!.user,
      stories: list,
      hasUnseen: list.some((s) => !s.seen),
      latestAt: group.latest_at.toISOString(),
    });
  }
  return {
    groups: presented,
    stories: presented.flatMap((g) => g.stories),
    currentPage: query.page,
    totalPages: Math.ceil(groupCount / query.limit),
    hasMore: groups.length > query.limit,
  };
}

/** A page's rows carry the group count; a page past the end asks for it with the first row. */
async function countGroups(
  db: DbHandle,
  viewerId: string,
  authorId: string | undefined,
): Promise<number> {
  const [first] = await groupPage(db, viewerId, authorId, { limit: 1, offset: 0 });
  return first?.group_count ?? 0;
}

export async function getStory(ctx: StoriesCtx, viewer: Viewer, storyId: string) {
  const row = await findVisibleStory(ctx.db, viewer.id, storyId);
  if (!row) throw storyNotFound();
  return presentOneStory(ctx, viewer, row);
}

/** POST /stories/{id}/view: once per viewer; the owner's own looks are not counted. */
export async function viewStory(
  ctx: StoriesCtx,
  viewerId: string,
  storyId: string,
): Promise<StoryViewResponse> {
  const counted = await withTransaction(ctx.db, async (tx) => {
    const row = await findVisibleStory(tx, viewerId, storyId);
    if (!row) throw storyNotFound();
    if (row.user_id === viewerId) return false;
    return recordStoryView(tx, storyId, viewerId);
  });
  return { ok: true, storyId, seen: true, counted };
}

const encodeCursor = (c: ViewerCursor) =>
  Buffer.from(`${c.viewedAt.toISOString()}|${c.viewerId}`).toString('base64url');

function decodeCursor(raw: string | undefined): ViewerCursor | null {
  if (!raw) return null;
  const [at, id] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const viewedAt = new Date(at ?? '');
  if (!id || Number.isNaN(viewedAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'cursor' });
  return { viewedAt, viewerId: id };
}

/** GET /stories/{id}/viewers: the owner only; anyone else gets the same 404 as for no story. */
export async function storyViewers(
  ctx: StoriesCtx,
  ownerId: string,
  storyId: string,
  query: StoryViewersQuery,
): Promise<StoryViewersResponse> {
  const story = await findOwnLiveStory(ctx.db, ownerId, storyId);
  if (!story) throw storyNotFound();
  const rows = await viewersOf(ctx.db, storyId, decodeCursor(query.cursor), query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const hasMore = rows.length > query.limit;
  return {
    storyId,
    viewCount: story.view_count,
    viewers: page.map((row) => ({
      userId: row.id,
      user: presentStoryAuthor(row),
      viewedAt: row.viewed_at.toISOString(),
    })),
    nextCursor:
      hasMore && last ? encodeCursor({ viewedAt: last.viewed_at, viewerId: last.id }) : null,
    hasMore,
  };
}

/**
 * Removes stories (their views go by cascade) and the files uploaded with them, unless a post,
 * a message or another story shows that item too. Vault items merely picked for a story stay.
 */
async function removeStories(
  ctx: StoriesCtx,
  tx: Tx,
  stories: Array<Pick<StoryRow, 'id' | 'user_id' | 'media_id' | 'owns_media'>>,
) {
  const deleted = await deleteStoriesByIds(
    tx,
    stories.map((s) => s.id),
  );
  for (const story of deleted) {
    if (!story.owns_media || !story.media_id) continue;
    if (await mediaInUse(tx, story.media_id)) continue;
    const live = await tx
      .selectFrom('media_items')
      .select('id')
      .where('id', '=', story.media_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (live) await deleteVaultItem({ ...ctx, db: tx }, story.user_id, story.media_id);
  }
  return deleted.length;
}

/** DELETE /stories/{id}: the owner's live story; anyone else's is a 404. */
export async function deleteStory(
  ctx: StoriesCtx,
  ownerId: string,
  storyId: string,
): Promise<DeleteStoryResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const story = await tx
      .selectFrom('stories')
      .select(['id', 'user_id', 'media_id', 'owns_media'])
      .where('id', '=', storyId)
      .where('user_id', '=', ownerId)
      .where('expires_at', '>', new Date())
      .forUpdate()
      .executeTakeFirst();
    if (!story) throw storyNotFound();
    await removeStories(ctx, tx, [story]);
  });
  return { ok: true, storyId, message: STORY_MESSAGES.deleted };
}

/**
 * The expiry job: every story past its 24 hours, in batches; rows are claimed with SKIP LOCKED
 * so several workers sweeping at once never fight over one. Returns how many went.
 */
export async function expireStories(ctx: StoriesCtx): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await withTransaction(ctx.db, async (tx) => {
      const due = await lockExpiredStories(tx, SWEEP_BATCH);
      return due.length === 0 ? 0 : removeStories(ctx, tx, due);
    });
    total += removed;
    if (removed < SWEEP_BATCH) return total;
  }
}

export function registerStoryJobs(ctx: StoriesCtx) {
  ctx.jobs.register(STORY_EXPIRE_JOB, async () => {
    const removed = await expireStories(ctx);
    if (removed > 0) ctx.log.debug({ removed }, 'stories expired');
  });
}

/** Used by the scheduler's publisher and the seed: the author row the rules need. */
export async function storyAuthor(db: DbHandle, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'account_type', 'identity_status', 'status'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
