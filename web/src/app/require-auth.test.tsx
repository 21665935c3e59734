import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/store.ts';
import { isPublicPath } from './public-paths.ts';
import { RequireAuth } from './require-auth.tsx';
import { makeMeUser } from '../test/fixtures.ts';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>Login form</p> },
      {
        element: <RequireAuth visitorFallback={<p>Landing page</p>} />,
        children: [
          { index: true, element: <p>Feed</p> },
          { path: 'messages', element: <p>Messages</p> },
          { path: '*', element: <p>Not found</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('public paths', () => {
  it('are exactly login, home, signup, forgot-password, terms and privacy', () => {
    for (const path of [
      '/login',
      '/',
      '/signup',
      '/forgot-password',
      '/terms',
      '/privacy',
      '/terms/',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/messages', '/beta', '/admin', '/login/extra', '/settings']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });
});

describe('RequireAuth', () => {
  beforeEach(() => {
    useAuthStore.setState({ authReady: true, isAuthenticated: false, token: null, user: null });
  });

  it('sends a visitor on a private path to / after 1 second, with a notice meanwhile', async () => {
    vi.useFakeTimers();
    const router = renderAt('/messages');
    expect(screen.getByText('Redirecting…')).toBeTruthy();
    expect(screen.queryByText('Messages')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(router.state.location.pathname).toBe('/messages');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Landing page')).toBeTruthy();
  });

  it('applies to unknown paths too', async () => {
    vi.useFakeTimers();
    const router = renderAt('/no/such/page');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the landing page to a visitor on / without redirecting', () => {
    renderAt('/');
    expect(screen.getByText('Landing page')).toBeTruthy();
  });

  it('renders private pages for a signed-in user', () => {
    useAuthStore.setState({
      isAuthenticated: true,
      token: 't',
      user: makeMeUser({ id: 'u1', username: 'ana' }),
    });
    renderAt('/messages');
    expect(screen.getByText('Messages')).toBeTruthy();
  });

  it('waits for the session check before deciding', () => {
    useAuthStore.setState({ authReady: false });
    renderAt('/messages');
    expect(screen.getByText('Checking your session…')).toBeTruthy();
    expect(screen.queryByText('Redirecting…')).toBeNull();
  });
});
