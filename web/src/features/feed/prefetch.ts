/**
 * The home feed's first queries – the feed's first page, the "Get started" checklist it waits
 * for and the story tray – started as soon as the session check opens the auth-ready gate
 * (app/route-data.ts) instead of after the signed-in shell and the page have rendered. The first
 * card's image (usually the page's largest paint) is preloaded the moment the feed's first page
 * arrives, not once the feed has rendered.
 */
import { leadImageOf } from '@fanspace/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { preloadImage } from '../../lib/preload-image.ts';
import { onboardingQueryOptions } from '../community/queries.ts';
import { storyTrayQueryOptions } from '../stories/queries.ts';
import { feedQueryOptions } from './queries.ts';

export function prefetchHomeFeed(client: QueryClient): void {
  const feed = feedQueryOptions('home');
  void client.prefetchInfiniteQuery(feed).then(() => {
    const first = client.getQueryData(feed.queryKey)?.pages[0]?.posts[0];
    const image = first ? leadImageOf(first) : null;
    if (image) preloadImage(image);
  });
  void client.prefetchQuery(onboardingQueryOptions());
  void client.prefetchQuery(storyTrayQueryOptions());
}
