/** Renders a page inside the app's providers, on a memory router, for component tests. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { bindSessionToApi } from '../features/auth/session.ts';
import { useAuthStore } from '../features/auth/store.ts';
import type { SessionUser } from '../features/auth/user.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { useToastStore } from '../ui/toast/toast-store.ts';

export type FetchMock = ReturnType<
  typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>
>;

/** Stubs fetch and binds the API clients to the auth store (as bootstrap does). */
export function stubFetch(): FetchMock {
  const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  bindSessionToApi();
  return fetchMock;
}

export function signIn(user: SessionUser, token = 'tok'): void {
  useAuthStore.setState({
    token,
    user,
    isAuthenticated: true,
    authReady: true,
    lastLoginAt: null,
    isFirstLogin: false,
    endedBecause: null,
  });
}

export function signOut(): void {
  useAuthStore.setState({
    token: null,
    user: null,
    isAuthenticated: false,
    authReady: true,
    lastLoginAt: null,
    isFirstLogin: false,
    endedBecause: null,
  });
}

export function renderRoutes(
  routes: RouteObject[],
  options: { at?: string; state?: unknown } = {},
): { router: ReturnType<typeof createMemoryRouter>; client: QueryClient } {
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: options.at ?? '/', state: options.state }],
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Code outside React (logout) navigates through the registered navigator.
  const unregister = registerNavigator((to, opts) => void router.navigate(to, opts));
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const unmount = result.unmount;
  result.unmount = () => {
    unregister();
    unmount();
  };
  return { router, client };
}

/** One page at `/`, plus a marker page for every path it may navigate to. */
export function renderPage(
  element: ReactNode,
  options: { at?: string; path?: string; state?: unknown; others?: string[] } = {},
) {
  const path = options.path ?? options.at ?? '/';
  const others = (options.others ?? []).map((p) => ({ path: p, element: <p>Page {p}</p> }));
  return renderRoutes([{ path, element }, ...others], {
    at: options.at ?? path,
    state: options.state,
  });
}

/** Messages of the toasts currently shown, oldest first. */
export function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((t) => t.message);
}
