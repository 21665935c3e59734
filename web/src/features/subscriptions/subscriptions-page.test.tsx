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
import { SubscriptionsPage } from './pages/subscriptions-page.tsx';

let fetchMock: FetchMock;
const future = new Date(Date.now() + 10 * 86_400_000).toISOString();
const base = {
  id: '55555555-5555-4555-8555-555555555555',
  subscriberId: '11111111-1111-4111-8111-111111111111',
  creatorId: '22222222-2222-4222-8222-222222222222',
  status: 'active',
  currentPeriodEnd: future,
  isRecurring: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  price: 9.99,
  priceCents: 999,
  creator: {
    id: '22222222-2222-4222-8222-222222222222',
    username: 'maya.lens',
    displayName: 'Maya Lens',
    avatarUrl: null,
  },
};

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('SubscriptionsPage', () => {
  it('cancels after a confirm: access stays to the period end', async () => {
    let current = base;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/users/me/subscriptions') return json({ subscriptions: [current] });
      if (url === `/api/subscriptions/${base.id}` && init.method === 'DELETE') {
        current = { ...base, status: 'canceled', isRecurring: false };
        return json(current);
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<SubscriptionsPage />);
    expect(await screen.findByText(/Renews on/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('You keep access until');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(toastMessages().some((t) => t.startsWith('Cancelled.'))).toBe(true));
    expect(await screen.findByRole('button', { name: 'Resume renewal' })).toBeTruthy();
  });

  it('resumes renewal of a cancelled subscription', async () => {
    const canceled = { ...base, status: 'canceled', isRecurring: false };
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/users/me/subscriptions') return json({ subscriptions: [canceled] });
      if (url === `/api/subscriptions/${base.id}/recurring` && init.method === 'PUT')
        return json({ ...base });
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<SubscriptionsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Resume renewal' }));
    await waitFor(() =>
      expect(toastMessages()).toContain('Your subscription to Maya Lens will renew again.'),
    );
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/recurring'))!;
    expect(JSON.parse(String(call[1].body))).toEqual({ isRecurring: true });
  });

  it('shows an empty state', async () => {
    fetchMock.mockImplementation(async () => json({ subscriptions: [] }));
    renderPage(<SubscriptionsPage />);
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
  });
});
