import { QueryClient, type QueryClientConfig, type QueryStatus } from '@tanstack/react-query';
import { isApiError } from './api/index.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  // Client errors and blocked requests will fail the same way again; only retry transient ones.
  if (isApiError(error)) return error.status === 0 || error.status >= 500;
  return true;
}

/**
 * A `refetchInterval` that polls every `ms` while `keepPolling(data)` says so, and stops once a
 * poll has failed (after its retries): a failing endpoint is asked a bounded number of times,
 * not every `ms` for as long as the page stays open. Any later success (a retry button, an
 * invalidation) starts the polling again.
 */
export function pollUnlessFailed<TData>(
  ms: number,
  keepPolling: (data: TData | undefined) => boolean = () => true,
): (query: { state: { status: QueryStatus; data: TData | undefined } }) => number | false {
  return (query) => (query.state.status !== 'error' && keepPolling(query.state.data) ? ms : false);
}

export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 30_000,
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  },
  mutations: {
    retry: false,
  },
} satisfies QueryClientConfig['defaultOptions'];

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

/**
 * Resolves once no query of `client` is fetching, and none started in the meantime: a query's
 * follow-ups (a profile's posts once the profile is in) start in its promise's callbacks, after
 * the cache has already said it is done, so "done" is checked again a task later.
 */
export function queriesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return;
      setTimeout(() => {
        if (client.isFetching() > 0) return;
        unsubscribe();
        resolve();
      }, 0);
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
  });
}
