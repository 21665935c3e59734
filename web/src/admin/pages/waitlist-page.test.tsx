import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { pageInfo } from '../test/admin-fixtures.ts';
import { WaitlistPage } from './waitlist-page.tsx';

let fetchMock: FetchMock;
const entry = {
  id: '7',
  email: 'ava@example.com',
  userType: 'creator',
  createdAt: '2026-11-20T10:00:00.000Z',
  invitedAt: null,
};

beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === '/api/admin/waitlist') return json({ entries: [entry], ...pageInfo(1) });
    if (pathname === '/api/admin/waitlist/7/invite' && init.method === 'POST')
      return json({
        message: 'Beta invite sent to ava@example.com',
        email: entry.email,
        invitedAt: '2026-11-22T10:00:00.000Z',
      });
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
});
afterEach(() => vi.unstubAllGlobals());

describe('admin waitlist', () => {
  it('invites an entry to the beta', async () => {
    renderPage(<WaitlistPage />);
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    await userEvent.click(within(table).getByRole('button', { name: 'Invite ava@example.com' }));
    await waitFor(() => expect(toastMessages()).toContain('Beta invite sent to ava@example.com'));
    expect(
      fetchMock.mock.calls.some(
        ([u, i]) => String(u).endsWith('/api/admin/waitlist/7/invite') && i.method === 'POST',
      ),
    ).toBe(true);
  });
});
