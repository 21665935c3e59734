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
import { EarningsPage } from './earnings-page.tsx';

let fetchMock: FetchMock;
const payout = {
  id: '77777777-7777-4777-8777-777777777777',
  creatorId: '99999999-9999-4999-8999-999999999999',
  amount: 45,
  amountCents: 4500,
  currency: 'USD',
  status: 'requested',
  source: 'manual',
  method: 'bank',
  destinationLast4: '3000',
  note: null,
  requestedAt: '2026-11-20T10:00:00.000Z',
  processedAt: null,
  creator: { id: '99999999-9999-4999-8999-999999999999', username: 'maya', displayName: null },
};
const financials = {
  totalRevenue: 100,
  totalPayouts: 0,
  netRevenue: 100,
  revenueLast30Days: 100,
  dailyRevenue: [],
  revenueByType: {},
  currency: 'USD',
};

beforeEach(() => {
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname === '/api/admin/financials') return json(financials);
    if (pathname === '/api/admin/earnings')
      return json({
        creators: [],
        total: 0,
        page: 1,
        currentPage: 1,
        totalPages: 0,
        hasMore: false,
      });
    if (pathname === '/api/admin/payouts')
      return json(
        searchParams.get('status') === 'requested'
          ? { payouts: [payout], total: 1, totalPages: 1, currentPage: 1 }
          : { payouts: [], total: 0, totalPages: 0, currentPage: 1 },
      );
    if (pathname === `/api/admin/payouts/${payout.id}/process` && init.method === 'POST')
      return json({
        ...payout,
        status: 'paid',
        note: 'SEPA 42',
        processedAt: '2026-11-22T10:00:00.000Z',
      });
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
  signIn(makeMeUser({ isAdmin: true, role: 'admin', twoFactorEnabled: true }));
});
afterEach(() => vi.unstubAllGlobals());

describe('admin earnings · payout queue', () => {
  it('lists requested payouts and marks one paid with a note', async () => {
    renderPage(<EarningsPage />);
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(table).getByText('@maya')).toBeTruthy();
    expect(within(table).getByText('••••3000')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: /to @maya paid$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Mark payout paid' });
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'SEPA 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toastMessages()).toContain('Payout of $45.00 marked paid.'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/process'))!;
    expect(JSON.parse(String(call[1].body))).toEqual({ status: 'paid', note: 'SEPA 42' });
  });
});
