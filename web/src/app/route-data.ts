/**
 * The first queries of the pages people land on, started the moment the session check opens
 * the auth-ready gate: without this a signed-in page load asks for its data only once the shell
 * and the page have rendered and their effects have run – on a slow phone several hundred
 * milliseconds after the gate opened (docs/PERFORMANCE.md, "Critical path pass"). The queries
 * use the pages' own query options, so the page finds them in the cache (or in flight) and does
 * not ask again. Each page's module is loaded on demand: /login never downloads them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';

/** starts the page's first queries in a query client (the app's; the server render's own) */
export type Prefetch = (client: QueryClient) => void;

interface RouteData {
  path: string;
  /** loads the page's prefetch module, resolving to the function that starts its queries */
  load(params: Record<string, string | undefined>): Promise<Prefetch>;
}

const ROUTE_DATA: readonly RouteData[] = [
  {
    path: '/',
    load: async () => {
      const { prefetchHomeFeed } = await import('../features/feed/prefetch.ts');
      return prefetchHomeFeed;
    },
  },
  {
    path: '/u/:username',
    load: async ({ username = '' }) => {
      const { prefetchProfile } = await import('../features/profile/prefetch.ts');
      return (client) => prefetchProfile(client, username);
    },
  },
];

/**
 * Loads the prefetch module of the page at `pathname` at once (bootstrap calls this before the
 * session check, so the module is evaluated while the check is in flight) and resolves to the
 * function that starts its queries – to be called once the auth-ready gate is open. Resolves
 * to null for other pages.
 */
export async function loadRouteData(pathname: string): Promise<Prefetch | null> {
  for (const route of ROUTE_DATA) {
    const match = matchPath(route.path, pathname);
    if (match) return route.load(decodedParams(match.params));
  }
  return null;
}

/**
 * The params as the page reads them (useParams): `pathname` is the URL's, percent-encoded, and
 * matchPath leaves it so – the page's queries would be keyed by another name, and the API
 * client encodes it a second time (/users/username/a%2520b).
 */
function decodedParams(
  params: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      value === undefined ? value : decode(value),
    ]),
  );
}
