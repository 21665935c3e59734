import type { AdminVerification } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, toastMessages } from '../../test/render.tsx';
import { adminKeys } from '../api.ts';
import { makeAdminUser, pageInfo } from '../test/admin-fixtures.ts';
import { VerificationsPage } from './verifications-page.tsx';

const submission: AdminVerification = {
  id: '88888888-8888-4888-8888-888888888888',
  userId: '11111111-1111-4111-8111-111111111111',
  username: 'mallory',
  displayName: 'Mallory',
  email: 'mallory@example.com',
  status: 'pending',
  submittedAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: null,
  rejectionReason: null,
  documents: {},
};

beforeEach(() => {
  stubFetch().mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === '/api/admin/verifications/pending')
      return json({ submissions: [submission], verifications: [submission], ...pageInfo(1) });
    if (pathname === `/api/admin/verifications/${submission.id}/approve` && init.method === 'POST')
      return json({
        verification: { ...submission, status: 'approved' },
        message: 'Verification approved',
      });
    if (pathname === `/api/admin/verifications/${submission.id}/reject` && init.method === 'POST')
      return json({
        verification: { ...submission, status: 'rejected' },
        message: 'Verification rejected',
      });
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
});
afterEach(() => vi.unstubAllGlobals());

describe('admin verification submissions', () => {
  it.each([
    ['approve', 'Verification approved'],
    ['reject', 'Verification rejected'],
  ] as const)('a review (%s) refreshes the cached users list', async (review, message) => {
    const { client } = renderPage(<VerificationsPage />);
    // The users page was visited before: its list shows the account as it was.
    const usersKey = adminKeys.userList({ page: 1, limit: 20 });
    client.setQueryData(usersKey, { users: [makeAdminUser()], ...pageInfo(1) });
    expect(client.getQueryState(usersKey)?.isInvalidated).toBe(false);

    if (review === 'approve') {
      await userEvent.click(await screen.findByRole('button', { name: 'Approve @mallory' }));
    } else {
      await userEvent.click(await screen.findByRole('button', { name: 'Reject @mallory' }));
      await userEvent.type(screen.getByLabelText(/Reason/), 'Blurry photo');
      await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    }

    await waitFor(() => expect(toastMessages()).toContain(message));
    expect(client.getQueryState(usersKey)?.isInvalidated).toBe(true);
  });

  it.each([
    ['blank', '   '],
    ['shorter than 3 characters once trimmed', '  ok  '],
    ['longer than 500 characters', 'x'.repeat(501)],
  ])('refuses a reason %s with the server text, and sends nothing', async (_case, reason) => {
    renderPage(<VerificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject @mallory' }));
    const dialog = screen.getByRole('dialog', { name: /Reject @mallory/ });
    const field = within(dialog).getByLabelText(/Reason/);
    // a change event, as a paste would: maxLength does not stop a script-set value
    fireEvent.change(field, { target: { value: reason } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('A rejection reason (3–500 characters) is required'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const rejects = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).includes(`/verifications/${submission.id}/reject`));
    expect(rejects).toHaveLength(0);
  });

  it.each([
    [' abc ', 'abc'],
    ['y'.repeat(500), 'y'.repeat(500)],
  ])('sends a reason within 3–500 characters, trimmed (%#)', async (typed, sent) => {
    renderPage(<VerificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject @mallory' }));
    const dialog = screen.getByRole('dialog', { name: /Reject @mallory/ });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: typed } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bodies = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).includes(`/verifications/${submission.id}/reject`))
      .map(([, init]) => JSON.parse(String(init?.body)) as { reason?: string });
    expect(bodies.map((b) => b.reason)).toEqual([sent]);
  });
});
