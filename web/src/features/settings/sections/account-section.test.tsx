import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secureStorage } from '../../../lib/storage/index.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderRoutes,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { ACCOUNT_DELETION_KEYS, useAuthStore } from '../../auth/store.ts';
import { AccountSection } from './account-section.tsx';

let fetchMock: FetchMock;

/** Spec §4 Account deletion, word for word. */
const SPEC_KEYS = [
  'auth-storage',
  'token',
  'currentUser',
  'user-storage',
  'post-storage',
  'social-storage',
  'data-storage',
];

describe('Settings → delete account', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
    signIn(makeMeUser({ id: 'u1', username: 'ana' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('confirms, deletes, toasts, clears exactly the §4 keys and goes to /login', async () => {
    expect([...ACCOUNT_DELETION_KEYS].sort()).toEqual([...SPEC_KEYS].sort());
    for (const key of SPEC_KEYS) localStorage.setItem(key, '{"old":true}');
    localStorage.setItem('data-storage:u1', '{"mine":true}');
    localStorage.setItem('user-ui-storage', '{"theme":"light"}');
    localStorage.setItem('beta-storage', '{"kept":true}');

    const { router } = renderRoutes(
      [
        { path: '/settings/account', element: <AccountSection /> },
        { path: '/login', element: <p>Login page</p> },
      ],
      { at: '/settings/account' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = screen.getAllByRole('button', { name: 'Delete account' }).at(-1)!;
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(dialog).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json({ message: 'Account deleted' }));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toastMessages()).toContain('Account deleted successfully');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ confirmation: 'DELETE' });
    // A deleted account has no session to end on the server.
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      user: null,
    });
    await waitFor(async () => {
      for (const key of SPEC_KEYS) expect(await secureStorage.getItem(key)).toBeNull();
    });
    expect(localStorage.getItem('data-storage:u1')).toBeNull();
    expect(localStorage.getItem('user-ui-storage')).toBe('{"theme":"light"}');
    expect(localStorage.getItem('beta-storage')).toBe('{"kept":true}');
  });

  it('keeps everything when the server refuses', async () => {
    localStorage.setItem('token', '{"old":true}');
    renderRoutes([{ path: '/', element: <AccountSection /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fetchMock.mockResolvedValueOnce(json({ message: 'Nope', code: 'INTERNAL' }, 500));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete account' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBe('Nope');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('{"old":true}');
  });
});
