import type { MediaAccessResolver } from '../media/media.service.ts';
import { isUnlockedFor } from './post-views.ts';
import { visiblePosts } from './posts.queries.ts';

/** A media item sits in a handful of posts at most; more would be a vault misuse. */
const MAX_POSTS_CHECKED = 20;

/**
 * The posts module's answer to "may this viewer fetch this original?": yes iff the item belongs
 * to a post the viewer can see and has unlocked. Asked on every fetch, so a block, a lapsed
 * subscription or a deleted post closes access at once, even for URLs handed out earlier.
 */
export const postMediaAccess: MediaAccessResolver = async (db, viewer, mediaId) => {
  const viewerId = viewer?.userId ?? null;
  const posts = await visiblePosts(db, viewerId)
    .innerJoin('post_media', 'post_media.post_id', 'posts.id')
    .where('post_media.media_id', '=', mediaId)
    .selectAll('posts')
    .limit(MAX_POSTS_CHECKED)
    .execute();
  for (const post of posts) if (await isUnlockedFor(db, viewerId, post)) return true;
  return false;
};
