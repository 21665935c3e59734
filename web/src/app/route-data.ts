/**
 * The first queries of the pages people land on, started the moment the session check opens
 * the auth-ready gate: without this a signed-in page load asks for its data only once the shell
 * and the page have rendered and their effects have run – on a slow phone several hundred
 * milliseconds after the gate opened (docs/PERFORMANCE.md, "Critical path pass"). The queries
 * use the pages' own query options, so the page finds them in the cache (or in flight) and does
 * not ask again. Each page's module is loaded on demand: /login never downloads them.
 */
import { matchPath } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

interface RouteData {
  path: string;
  prefetch(params: Record<string, string | undefined>): Promise<void>;
}

const ROUTE_DATA: readonly RouteData[] = [
  {
    path: '/',
    prefetch: async () => {
      const { prefetchHomeFeed } = await import('../features/feed/prefetch.ts');
      prefetchHomeFeed(queryClient);
    },
  },
  {
    path: '/u/:username',
    prefetch: async ({ username }) => {
      if (!username) return;
      const { prefetchProfile } = await import('../features/profile/prefetch.ts');
      prefetchProfile(queryClient, username);
    },
  },
];

/** Starts the queries of the page at `pathname`, if it is one of the above. */
export async function prefetchRouteData(pathname: string): Promise<void> {
  for (const route of ROUTE_DATA) {
    const match = matchPath(route.path, pathname);
    if (match) {
      await route.prefetch(match.params);
      return;
    }
  }
}
