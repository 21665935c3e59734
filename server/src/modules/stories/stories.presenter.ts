import type { Story, StoryAuthor } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow, StoryRow, UserRow } from '../../platform/db/schema.ts';
import { presentMedia } from '../media/media.service.ts';
import { findLiveMedia } from '../media/media.queries.ts';
import type { Viewer } from '../posts/post-views.ts';
import { usersByIds } from '../posts/viewer-state.queries.ts';

/**
 * Every story response goes through `presentStories`: one query for the authors and one for the
 * media of the whole page, then pure mapping. Media URLs are signed for the viewer's session;
 * the media route re-checks on every fetch that the story is still live and visible.
 */

type PresenterCtx = Pick<AppContext, 'config'>;

export function presentStoryAuthor(user: UserRow): StoryAuthor {
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    displayName: user.display_name,
    avatarUrl: user.avatar_url,
    isCreator: user.account_type === 'creator',
    isVerified: user.identity_status === 'verified',
  };
}

export function presentStory(
  ctx: PresenterCtx,
  row: StoryRow & { seen?: boolean },
  author: UserRow,
  media: MediaItemRow | undefined,
  viewer: Viewer,
): Story {
  const isOwn = row.user_id === viewer.id;
  const presented = media
    ? presentMedia(ctx, media, {
        unlocked: true,
        viewer: { userId: viewer.id, sessionId: viewer.sessionId },
      })
    : null;
  // a story whose vault item was deleted meanwhile shows as a text story
  const mediaType = presented ? row.media_type : 'text';
  return {
    id: row.id,
    storyId: row.id,
    userId: row.user_id,
    user: presentStoryAuthor(author),
    media: presented?.mediaUrl ?? null,
    mediaUrl: presented?.mediaUrl ?? null,
    thumbnailUrl: presented?.thumbnailUrl ?? null,
    mediaType,
    mediaId: presented ? row.media_id : null,
    durationSeconds: media?.duration_seconds ?? null,
    caption: row.caption,
    textOverlay: row.text_overlay,
    textPosition: row.text_position,
    textSize: row.text_size,
    backgroundColor: row.background_color,
    textColor: row.text_color,
    accessLevel: row.access_level,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    seen: isOwn || (row.seen ?? false),
    isOwn,
    ...(isOwn ? { viewCount: row.view_count } : {}),
  };
}

export async function presentStories(
  ctx: PresenterCtx & { db: DbHandle },
  viewer: Viewer,
  rows: Array<StoryRow & { seen?: boolean }>,
): Promise<Story[]> {
  if (rows.length === 0) return [];
  const mediaIds = [...new Set(rows.flatMap((r) => (r.media_id ? [r.media_id] : [])))];
  const [authors, media] = await Promise.all([
    usersByIds(ctx.db, [...new Set(rows.map((r) => r.user_id))]),
    mediaIds.length > 0 ? findLiveMedia(ctx.db, mediaIds) : Promise.resolve([]),
  ]);
  const mediaById = new Map(media.map((m) => [m.id, m]));
  const stories: Story[] = [];
  for (const row of rows) {
    const author = authors.get(row.user_id);
    if (!author) continue;
    stories.push(
      presentStory(
        ctx,
        row,
        author,
        row.media_id ? mediaById.get(row.media_id) : undefined,
        viewer,
      ),
    );
  }
  return stories;
}
