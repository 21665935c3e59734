import type { EarningsOverviewDetailed, Payout } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { parsePayoutAmount } from '../payout-rules.ts';
import { EarningsPage } from './earnings-page.tsx';

const step = (cents: number, explanation: string) => ({
  amount: cents / 100,
  amountCents: cents,
  explanation,
});

function overview(availableCents: number, owedCents = 0): EarningsOverviewDetailed {
  return {
    currency: 'USD',
    feePercent: 20,
    gross: 100,
    grossCents: 10000,
    fees: 20,
    feesCents: 2000,
    net: 80,
    netCents: 8000,
    pending: 20,
    pendingCents: 2000,
    nextReleaseAt: '2026-12-01T00:00:00.000Z',
    nextReleaseAmountCents: 2000,
    available: availableCents / 100,
    availableCents,
    lifetime: 80,
    lifetimeCents: 8000,
    steps: {
      gross: step(10000, 'Fans paid you 100.00 in total.'),
      fee: step(2000, 'The platform keeps its 20% fee.'),
      refunded: step(0, 'Nothing was refunded or charged back.'),
      net: step(8000, 'Your share after the fee and refunds: 80.00.'),
      pending: step(2000, 'held for 7 days; next on 2026-12-01'),
      available: step(availableCents, 'finished its hold'),
      inFlight: step(0, 'in payout requests'),
      paidOut: step(6000 - availableCents, 'sent to your bank'),
      owed: step(owedCents, owedCents ? 'You owe money' : 'You owe nothing.'),
    },
    releases: [{ availableAt: '2026-12-01T00:00:00.000Z', amount: 20, amountCents: 2000 }],
    owed: owedCents / 100,
    owedCents,
    paidOut: (6000 - availableCents) / 100,
    paidOutCents: 6000 - availableCents,
    inFlight: 0,
    inFlightCents: 0,
    canRequestPayout: owedCents === 0 && availableCents >= 2000,
    minimumPayout: 20,
    minimumPayoutCents: 2000,
  };
}

let fetchMock: FetchMock;
let state: {
  availableCents: number;
  owedCents: number;
  payoutStatus: number;
  payoutBody: unknown;
  payouts: Payout[];
  releases?: EarningsOverviewDetailed['releases'];
};

describe('parsePayoutAmount', () => {
  it('needs at least 20.00, at most the available balance, two decimals', () => {
    expect(parsePayoutAmount('20', 5000)).toBe(20);
    expect(parsePayoutAmount('25.50', 5000)).toBe(25.5);
    expect(parsePayoutAmount('19.99', 5000)).toBe('The minimum payout is $20.00.');
    expect(parsePayoutAmount('50.01', 5000)).toBe('You can request at most your available $50.00.');
    expect(parsePayoutAmount('20.001', 5000)).toBe('Enter an amount like 20 or 25.50.');
    expect(parsePayoutAmount('abc', 5000)).toBe('Enter an amount like 20 or 25.50.');
  });
});

describe('EarningsPage', () => {
  beforeEach(() => {
    state = {
      availableCents: 4000,
      owedCents: 0,
      payoutStatus: 201,
      payoutBody: null,
      payouts: [],
    };
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/earnings/overview'))
        return json({
          ...overview(state.availableCents, state.owedCents),
          ...(state.releases ? { releases: state.releases } : {}),
        });
      if (url.includes('/earnings/payouts'))
        return json({
          payouts: state.payouts,
          total: state.payouts.length,
          totalPages: state.payouts.length ? 1 : 0,
          currentPage: 1,
        });
      if (url.endsWith('/payments/payouts/schedule') && init.method === 'PUT') {
        const { schedule } = JSON.parse(String(init.body)) as { schedule: string };
        return json({
          schedule,
          nextRunAt: '2026-11-23T00:00:00.000Z',
          minimumPayout: 20,
          minimumPayoutCents: 2000,
          payoutSettingsConfigured: true,
        });
      }
      if (url.endsWith('/payments/payouts/schedule'))
        return json({
          schedule: 'manual',
          nextRunAt: null,
          minimumPayout: 20,
          minimumPayoutCents: 2000,
          payoutSettingsConfigured: true,
        });
      if (url.endsWith('/earnings/payout') && init.method === 'POST') {
        if (state.payoutStatus !== 201) return json(state.payoutBody, state.payoutStatus);
        const { amount } = JSON.parse(String(init.body)) as { amount: number };
        state.availableCents -= Math.round(amount * 100);
        return json(
          {
            payout: {
              id: '55555555-5555-4555-8555-555555555555',
              creatorId: '66666666-6666-4666-8666-666666666666',
              amount,
              amountCents: Math.round(amount * 100),
              currency: 'USD',
              status: 'requested',
              source: 'manual',
              method: 'bank_transfer',
              destinationLast4: '3000',
              note: null,
              requestedAt: new Date().toISOString(),
              processedAt: null,
            },
            available: state.availableCents / 100,
            availableCents: state.availableCents,
            message: 'ok',
          },
          201,
        );
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser({ accountType: 'creator', isCreator: true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('explains every step from gross to available, with release dates', async () => {
    renderPage(<EarningsPage />);
    const breakdown = await screen.findByLabelText('Earnings breakdown');
    expect(within(breakdown).getByText('Gross paid by fans')).toBeTruthy();
    expect(within(breakdown).getByText('$100.00')).toBeTruthy();
    expect(within(breakdown).getByText('Platform fee (20%)')).toBeTruthy();
    expect(within(breakdown).getByText('The platform keeps its 20% fee.')).toBeTruthy();
    expect(within(breakdown).getByText('= $80.00')).toBeTruthy();
    const balances = screen.getByLabelText('Balances');
    expect(within(balances).getByText('Pending (7-day hold)')).toBeTruthy();
    expect(within(balances).getByText('Available to pay out')).toBeTruthy();
    expect(within(screen.getByLabelText('Upcoming releases')).getByText('$20.00')).toBeTruthy();
    expect(screen.getByTestId('available-balance').textContent).toBe('Available now: $40.00');
    expect(await screen.findByText('No payouts yet')).toBeTruthy();
  });

  it('lays the figures out as valid description lists (dt/dd in a div directly in the dl)', async () => {
    renderPage(<EarningsPage />);
    await screen.findByLabelText('Earnings breakdown');
    const lists = [...document.querySelectorAll('dl')];
    expect(lists.length).toBeGreaterThan(0);
    const tags = (el: Element) => [...el.children].map((c) => c.tagName);
    for (const dl of lists) {
      for (const child of dl.children) {
        if (child.tagName === 'DIV') {
          expect(tags(child).every((t) => t === 'DT' || t === 'DD')).toBe(true);
          expect(tags(child)).toContain('DT');
        } else {
          expect(['DT', 'DD']).toContain(child.tagName);
        }
      }
    }
    // each term keeps its amount and its explanation as definitions
    const pending = within(screen.getByLabelText('Balances')).getByText('Pending (7-day hold)');
    expect(tags(pending.parentElement!)).toEqual(['DT', 'DD', 'DD']);
  });

  it('shows the release date in the server’s explanation as a readable date, not ISO', async () => {
    renderPage(<EarningsPage />);
    const balances = await screen.findByLabelText('Balances');
    const readable = new Date('2026-12-01T00:00:00Z').toLocaleDateString(undefined, {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(within(balances).getByText(`held for 7 days; next on ${readable}`)).toBeTruthy();
    expect(balances.textContent).not.toContain('2026-12-01');
  });

  it('validates the payout amount locally, then requests it with an Idempotency-Key', async () => {
    renderPage(<EarningsPage />);
    const field = (await screen.findByLabelText('Payout amount (USD)')) as HTMLInputElement;
    expect(field.value).toBe('40.00');
    fireEvent.change(field, { target: { value: '19.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('The minimum payout is $20.00.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '40.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('You can request at most your available $40.00.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/earnings/payout'))).toBe(false);

    fireEvent.change(field, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'Payout of $25.00 requested. It is on its way to your bank.',
      ),
    );
    const calls = fetchMock.mock.calls.filter(([u]) => u.endsWith('/earnings/payout'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ amount: 25 });
    expect(new Headers(calls[0]![1].headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('available-balance').textContent).toBe('Available now: $15.00'),
    );
  });

  it('shows the refusal by its code, and blocks requests while money is owed', async () => {
    state.payoutStatus = 409;
    state.payoutBody = { message: 'server text', code: 'BALANCE_OWED' };
    renderPage(<EarningsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
    expect(
      await screen.findByText(
        'Payouts are paused while you owe a balance from a refund or chargeback. It is repaid from your next earnings.',
      ),
    ).toBeTruthy();
  });

  it('disables the form when the creator owes a balance', async () => {
    state.owedCents = 1500;
    renderPage(<EarningsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Payouts are paused while you owe \$15\.00/)).toBeTruthy();
  });

  it('blocks a request until the minimum is available, and says so', async () => {
    state.availableCents = 1500;
    renderPage(<EarningsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('You can request a payout once at least $20.00 is available.'),
    ).toBeTruthy();
  });

  it('lists upcoming releases one line per day', async () => {
    const release = (availableAt: string, amountCents: number) => ({
      availableAt,
      amount: amountCents / 100,
      amountCents,
    });
    state.releases = [
      release('2026-12-05T12:00:00.000Z', 800),
      release('2026-12-05T12:00:01.000Z', 267),
      release('2026-12-09T12:00:00.000Z', 1000),
    ];
    renderPage(<EarningsPage />);
    const list = await screen.findByRole('list', { name: 'Upcoming releases' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('$10.67')).toBeTruthy();
    expect(within(rows[1]!).getByText('$10.00')).toBeTruthy();
  });

  it('saves the payout schedule', async () => {
    renderPage(<EarningsPage />);
    fireEvent.click(await screen.findByLabelText('Weekly'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => u.endsWith('/payments/payouts/schedule') && init.method === 'PUT',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/requested automatically every week/)).toBeTruthy();
  });

  it('lists payouts with their status, and explains a failed one', async () => {
    const base = {
      creatorId: '66666666-6666-4666-8666-666666666666',
      currency: 'USD',
      method: 'bank_transfer',
      destinationLast4: '3000',
      requestedAt: '2026-11-20T10:00:00.000Z',
    };
    state.payouts = [
      {
        ...base,
        id: '77777777-7777-4777-8777-777777777777',
        amount: 30,
        amountCents: 3000,
        status: 'failed',
        source: 'weekly',
        note: 'IBAN closed',
        processedAt: '2026-11-21T10:00:00.000Z',
      },
      {
        ...base,
        id: '88888888-8888-4888-8888-888888888888',
        amount: 25,
        amountCents: 2500,
        status: 'paid',
        source: 'manual',
        note: null,
        processedAt: '2026-11-21T10:00:00.000Z',
      },
    ];
    renderPage(<EarningsPage />);
    const list = await screen.findByRole('list', { name: 'Payouts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('$30.00 to the account ending 3000')).toBeTruthy();
    expect(within(items[0]!).getByText('Failed')).toBeTruthy();
    expect(within(items[0]!).getByText(/by your weekly schedule/)).toBeTruthy();
    expect(
      within(items[0]!).getByText('The money is back in your available balance: IBAN closed'),
    ).toBeTruthy();
    expect(within(items[1]!).getByText('Paid')).toBeTruthy();
  });

  it('tells a fan that earnings are for creators', async () => {
    signIn(makeMeUser({ accountType: 'fan', isCreator: false }));
    renderPage(<EarningsPage />);
    expect(await screen.findByText('Earnings are for creators')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u.includes('/earnings/'))).toBe(false);
  });
});
