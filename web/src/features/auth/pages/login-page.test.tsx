import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { useAuthStore } from '../store.ts';
import { LoginPage } from './login-page.tsx';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home feed</p> },
    ],
    { initialEntries: ['/login'] },
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('LoginPage', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.setState({ token: null, user: null, isAuthenticated: false, authReady: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('logs in with a username and goes home', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ token: 'tok', user: { id: 'u1', username: 'ana' }, isFirstLogin: false }),
    );
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email or username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ana', password: 'correct horse' });
    expect(useAuthStore.getState()).toMatchObject({ token: 'tok', isAuthenticated: true });
  });

  it('sends an email as email and shows the server message on failure', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email or username'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      email: 'ana@example.com',
      password: 'wrong',
    });
  });

  it('asks for the 2FA code and verifies it with the temp token as bearer', async () => {
    fetchMock.mockResolvedValueOnce(json({ twoFactorRequired: true, tempToken: 'temp-123' }));
    const router = renderLogin();
    await userEvent.type(screen.getByLabelText('Email or username'), 'ana');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const verify = await screen.findByRole('button', { name: 'Verify and log in' });
    await userEvent.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your 2FA code.');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(json({ token: 'final', user: { id: 'u1' } }));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/verify-login');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer temp-123');
    expect(JSON.parse(String(init.body))).toEqual({ code: '123456' });
    expect(useAuthStore.getState().token).toBe('final');
  });
});
