import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/index.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  // Client errors and blocked requests will fail the same way again; only retry transient ones.
  if (isApiError(error)) return error.status === 0 || error.status >= 500;
  return true;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: false,
    },
  },
});
