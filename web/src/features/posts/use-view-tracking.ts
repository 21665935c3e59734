/**
 * Counts a view once a post is at least half on screen (POST /posts/{id}/view). The server
 * counts one view per viewer per hour; the client sends it once per post per page load.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type RefObject } from 'react';
import { updatePostInCaches } from './post-cache.ts';
import { recordView } from './posts-api.ts';

export const VIEW_VISIBLE_RATIO = 0.5;

const viewed = new Set<string>();

/** Test hook: forget which posts were already counted. */
export function resetViewTracking(): void {
  viewed.clear();
}

export function useViewTracking(
  ref: RefObject<Element | null>,
  postId: string,
  enabled: boolean,
): void {
  const client = useQueryClient();
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || viewed.has(postId)) return undefined;
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some(
          (entry) => entry.isIntersecting && entry.intersectionRatio >= VIEW_VISIBLE_RATIO,
        );
        if (!seen || viewed.has(postId)) return;
        viewed.add(postId);
        observer.disconnect();
        recordView(postId)
          .then((response) => {
            if (response.counted) {
              updatePostInCaches(client, postId, (post) => ({
                ...post,
                viewCount: response.viewCount,
              }));
            }
          })
          .catch(() => undefined); // a lost view is not worth bothering anyone about
      },
      { threshold: VIEW_VISIBLE_RATIO },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, postId, enabled, client]);
}
