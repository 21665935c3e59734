/**
 * A profile page's first query, started as soon as the session check opens the auth-ready gate
 * (app/route-data.ts) instead of after the signed-in shell and the page have rendered.
 */
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from './queries.ts';

export function prefetchProfile(client: QueryClient, username: string): void {
  void client.prefetchQuery(profileQueryOptions(username));
}
