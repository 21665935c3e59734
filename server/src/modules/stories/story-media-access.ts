import type { MediaAccessResolver } from '../media/media.service.ts';
import { visibleStories } from './stories.queries.ts';

/**
 * The stories module's answer to "may this viewer fetch this original?": yes iff the item is
 * the media of a live story the viewer may see. Asked on every fetch, so an expired or deleted
 * story, a block or a lapsed subscription closes access at once, even for URLs handed out
 * before. Stories are for signed-in viewers only.
 */
export const storyMediaAccess: MediaAccessResolver = async (db, viewer, mediaId) => {
  if (!viewer) return false;
  const row = await visibleStories(db, viewer.userId)
    .where('s.media_id', '=', mediaId)
    .select('s.id')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};
