import { ADMIN_TOASTS } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../test/render.tsx';
import { adminKeys } from '../api.ts';
import { makeAdminUser, pageInfo } from '../test/admin-fixtures.ts';
import { parseDuration } from './user-dialogs.tsx';
import { UsersPage } from './users-page.tsx';

let fetchMock: FetchMock;
let banStatus = 200;
const mallory = makeAdminUser();
const bob = makeAdminUser({
  id: '66666666-6666-4666-8666-666666666666',
  username: 'bob',
  displayName: null,
  email: 'bob@example.com',
  accountType: 'creator',
  isCreator: true,
  status: 'suspended',
});

function calls(path: string, method = 'GET') {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(url, 'http://x').pathname === `/api${path}` && (init.method ?? 'GET') === method,
  );
}

describe('UsersPage', () => {
  beforeEach(() => {
    banStatus = 200;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/admin/users' && (init.method ?? 'GET') === 'GET') {
        const search = searchParams.get('search');
        const users = search
          ? [mallory, bob].filter((u) => u.username.includes(search))
          : [mallory, bob];
        return json({ users, ...pageInfo(users.length) });
      }
      if (pathname === `/api/admin/users/${mallory.id}/ban` && init.method === 'POST') {
        if (banStatus !== 200) return json({ message: 'Boom', code: 'INTERNAL' }, banStatus);
        const { reason } = JSON.parse(String(init.body)) as { reason?: string };
        return json({
          user: { ...mallory, status: 'banned', statusReason: reason ?? null },
          message: 'User banned',
        });
      }
      if (pathname === `/api/admin/users/${mallory.id}/verify` && init.method === 'POST')
        return json({
          user: { ...mallory, isVerified: true, isCreator: true, accountType: 'creator' },
          message: 'User verified',
        });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists users 20 a page with headers, and searches and filters through the query', async () => {
    renderPage(<UsersPage />);
    const table = await screen.findByRole('table', { name: 'Users' });
    for (const header of ['User', 'Role', 'Status', 'Joined', 'Last sign-in', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(within(table).getByText('Mallory')).toBeTruthy();
    expect(within(table).getByText('Creator')).toBeTruthy();
    const first = new URL(calls('/admin/users')[0]![0], 'http://x').searchParams;
    expect(first.get('page')).toBe('1');
    expect(first.get('limit')).toBe('20');
    expect(first.get('sortBy')).toBe('createdAt');
    expect(first.get('order')).toBe('desc');

    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(table).queryByText('Mallory')).toBeNull());
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'banned' } });
    await waitFor(() => {
      const last = new URL(calls('/admin/users').at(-1)![0], 'http://x').searchParams;
      expect(last.get('search')).toBe('bob');
      expect(last.get('status')).toBe('banned');
    });
  });

  it('sorts by a column header on the server, back to page 1', async () => {
    renderPage(<UsersPage />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table).getByRole('columnheader', { name: 'Joined' }).getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: 'User' }));
    await waitFor(() => {
      const last = new URL(calls('/admin/users').at(-1)![0], 'http://x').searchParams;
      expect(last.get('sortBy')).toBe('username');
      expect(last.get('order')).toBe('asc');
      expect(last.get('page')).toBe('1');
    });
    expect(
      within(table).getByRole('columnheader', { name: 'User' }).getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(
      within(table).getByRole('columnheader', { name: 'Joined' }).getAttribute('aria-sort'),
    ).toBe('none');
    fireEvent.click(within(table).getByRole('button', { name: 'Last sign-in' }));
    await waitFor(() => {
      const last = new URL(calls('/admin/users').at(-1)![0], 'http://x').searchParams;
      expect(last.get('sortBy')).toBe('lastLoginAt');
      expect(last.get('order')).toBe('desc');
    });
    // the joined range goes to the server as the start and end of the days
    fireEvent.change(screen.getByLabelText('Joined from'), { target: { value: '2026-01-01' } });
    await waitFor(() => {
      const last = new URL(calls('/admin/users').at(-1)![0], 'http://x').searchParams;
      expect(last.get('createdFrom')).toBe(new Date('2026-01-01T00:00:00.000').toISOString());
    });
  });

  it('bans from the drawer with the reason and shows the spec toast', async () => {
    renderPage(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage @mallory' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mallory' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban @mallory?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: '  Spam links  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(toastMessages()).toContain(ADMIN_TOASTS.userUpdated));
    expect(toastMessages()).toContain('User updated successfully!');
    const [ban] = calls(`/admin/users/${mallory.id}/ban`, 'POST');
    expect(JSON.parse(String(ban![1].body))).toEqual({ reason: 'Spam links' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ban @mallory?' })).toBeNull());
    // the drawer now shows the new state and offers Unban, and no suspension over the ban
    expect(
      within(screen.getByRole('dialog', { name: 'Mallory' })).getByRole('button', {
        name: 'Unban',
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('dialog', { name: 'Mallory' })).queryByRole('button', {
        name: 'Suspend',
      }),
    ).toBeNull();
  });

  it('verifying an account refreshes the verification queue it settles', async () => {
    const { client } = renderPage(<UsersPage />);
    client.setQueryData(adminKeys.verifications(), { submissions: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage @mallory' }));
    const drawer = await screen.findByRole('dialog', { name: 'Mallory' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Verify identity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify @mallory?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify user' }));
    await waitFor(() => expect(toastMessages()).toContain(ADMIN_TOASTS.userUpdated));
    expect(client.getQueryState(adminKeys.verifications())?.isInvalidated).toBe(true);
  });

  it('shows the failure toast when the ban fails and keeps the dialog open', async () => {
    banStatus = 500;
    renderPage(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage @mallory' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Mallory' })).getByRole('button', {
        name: 'Ban',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ban @mallory?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(toastMessages()).toContain('Failed to update user.'));
    expect(toastMessages()).not.toContain('User updated successfully!');
    expect(screen.getByRole('dialog', { name: 'Ban @mallory?' })).toBeTruthy();
  });

  it('offers no actions on a deleted account, which the server would refuse', async () => {
    const gone = makeAdminUser({
      id: '77777777-7777-4777-8777-777777777777',
      username: 'deleted_77',
      displayName: null,
      status: 'deleted',
    });
    fetchMock.mockImplementation(async (url) => {
      const { pathname } = new URL(url, 'http://x');
      if (pathname === '/api/admin/users') return json({ users: [gone], ...pageInfo(1) });
      return json({ message: 'User not found', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<UsersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage @deleted_77' }));
    const drawer = await screen.findByRole('dialog', { name: '@deleted_77' });
    expect(
      within(drawer).getByText('This account was deleted. Nothing more can be done.'),
    ).toBeTruthy();
    for (const action of ['Edit', 'Warn', 'Suspend', 'Ban', 'Delete account']) {
      expect(within(drawer).queryByRole('button', { name: action })).toBeNull();
    }
  });

  it('shows an empty state when nobody matches', async () => {
    renderPage(<UsersPage />);
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match')).toBeTruthy();
  });

  it('shows an error state with the server message', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'Admins need two-factor authentication', code: 'ADMIN_2FA_REQUIRED' }, 403),
    );
    renderPage(<UsersPage />);
    expect(await screen.findByText('Admins need two-factor authentication')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('parseDuration', () => {
  it('reads hours and unit durations and refuses nonsense', () => {
    expect(parseDuration('36')).toEqual({ hours: 36 });
    expect(parseDuration('7d')).toEqual({ duration: '7d' });
    expect(parseDuration('2W')).toEqual({ duration: '2w' });
    expect(typeof parseDuration('soon')).toBe('string');
    expect(typeof parseDuration('0')).toBe('string');
    expect(typeof parseDuration('60w')).toBe('string');
  });
});
