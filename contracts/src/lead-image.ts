/**
 * The image a post card shows first, as the card computes it: for a locked post its blurred
 * teaser (locked-media.tsx), otherwise its first media item when that is an image
 * (post-media.tsx). The home feed's prefetch uses it to start the first card's image – usually
 * the page's largest paint – as soon as the feed's data arrives, and the server names it in the
 * head of a signed-in `/` (boot data, server/src/platform/http/boot-data.ts): one definition, so
 * the preloaded image is the one the card loads.
 */
import type { PresentedMedia } from './media.ts';
import type { Post } from './posts.ts';

/** The item whose teaser a locked post shows, and that teaser's URL. */
export function lockedTeaserOf(post: Post): { item: PresentedMedia; url: string } | null {
  for (const item of post.media) {
    const url = item.teaserUrl ?? item.thumbnailUrl;
    if (url) return { item, url };
  }
  return null;
}

/** What an unlocked image item's <img> loads. */
export function imageUrlOf(item: PresentedMedia): string | null {
  return item.mediaUrl ?? item.thumbnailUrl;
}

export function leadImageOf(post: Post): string | null {
  if (!post.isUnlockedForUser) return lockedTeaserOf(post)?.url ?? null;
  const first = post.media[0];
  return first?.mediaType === 'image' ? imageUrlOf(first) : null;
}
