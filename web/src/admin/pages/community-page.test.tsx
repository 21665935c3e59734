import type { DmcaNotice } from '@fanspace/contracts';
import { screen, waitFor } from '@testing-library/react';
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
import { CommunityPage } from './community-page.tsx';

const ID = '44444444-4444-4444-8444-444444444444';
const countered: DmcaNotice = {
  id: ID,
  status: 'countered',
  claimantName: 'Ada',
  email: 'ada@example.com',
  copyrightedWork: 'Dawn series',
  infringingUrls: [],
  postIds: ['55555555-5555-4555-8555-555555555555'],
  statement: 'I have a good faith belief this is not authorised.',
  signature: 'Ada',
  notes: null,
  contentRemoved: true,
  counterNotice: {
    statement: 'My own photo.',
    signature: 'Creator',
    createdAt: '2026-11-20T10:00:00.000Z',
  },
  restoreAfter: '2026-12-04T10:00:00.000Z',
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

let fetchMock: FetchMock;
let notice: DmcaNotice;
beforeEach(() => {
  notice = { ...countered };
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === '/api/admin/dmca') return json({ notices: [notice], ...pageInfo(1) });
    if (pathname === `/api/admin/dmca/${ID}` && init.method === 'PUT') {
      const { status } = JSON.parse(String(init.body)) as { status: DmcaNotice['status'] };
      notice = {
        ...notice,
        status,
        restoreAfter: null,
        contentRemoved: status === 'restored' ? false : notice.contentRemoved,
      };
      return json({
        notice,
        message: status === 'restored' ? 'The content was restored' : 'Notice updated',
      });
    }
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
});
afterEach(() => vi.unstubAllGlobals());

const puts = () =>
  fetchMock.mock.calls
    .filter(([, i]) => i.method === 'PUT')
    .map(([, i]) => JSON.parse(String(i.body)) as unknown);

describe('admin copyright notices after a counter-notice', () => {
  it('shows the automatic restore date and restores at once', async () => {
    renderPage(<CommunityPage />);
    expect(await screen.findByText(/Restores automatically on/)).toBeTruthy();
    // only restore or keep down are left
    expect(screen.queryByRole('button', { name: /Reject notice from Ada/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark actioned/ })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: 'Restore content of notice from Ada' }),
    );
    await waitFor(() => expect(toastMessages()).toContain('The content was restored'));
    expect(puts()).toEqual([{ status: 'restored' }]);
    await waitFor(() => expect(screen.getByTestId('dmca-status').textContent).toBe('restored'));
    expect(screen.queryByRole('button', { name: /Restore content/ })).toBeNull();
  });

  it('keeps the content down when the claimant went to court', async () => {
    renderPage(<CommunityPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Keep content down for notice from Ada' }),
    );
    await waitFor(() => expect(puts()).toEqual([{ status: 'upheld' }]));
    await waitFor(() => expect(screen.getByTestId('dmca-status').textContent).toBe('upheld'));
  });
});
