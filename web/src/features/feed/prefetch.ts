/**
 * The home feed's first queries – the feed's first page, the "Get started" checklist it waits
 * for and the story tray – started as soon as the session check opens the auth-ready gate
 * (app/route-data.ts) instead of after the signed-in shell and the page have rendered.
 */
import type { QueryClient } from '@tanstack/react-query';
import { onboardingQueryOptions } from '../community/queries.ts';
import { storyTrayQueryOptions } from '../stories/queries.ts';
import { feedQueryOptions } from './queries.ts';

export function prefetchHomeFeed(client: QueryClient): void {
  void client.prefetchInfiniteQuery(feedQueryOptions('home'));
  void client.prefetchQuery(onboardingQueryOptions());
  void client.prefetchQuery(storyTrayQueryOptions());
}
