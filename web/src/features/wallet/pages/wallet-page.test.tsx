import type { TransactionLine } from '@fanspace/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { parseAmount, WalletPage } from './wallet-page.tsx';

let fetchMock: FetchMock;
let balanceCents = 0;
let lines: TransactionLine[] = [];

describe('parseAmount', () => {
  it('accepts currency units with at most two decimals between 1 and 1000', () => {
    expect(parseAmount('10')).toBe(10);
    expect(parseAmount('12.50')).toBe(12.5);
    expect(typeof parseAmount('0.5')).toBe('string');
    expect(typeof parseAmount('1.234')).toBe('string');
    expect(typeof parseAmount('5000')).toBe('string');
    expect(typeof parseAmount('ten')).toBe('string');
  });
});

describe('WalletPage', () => {
  beforeEach(() => {
    balanceCents = 0;
    lines = [];
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/wallet/balance'))
        return json({ balance: balanceCents / 100, balanceCents, currency: 'USD' });
      if (url.includes('/users/me/transactions'))
        return json({ transactions: lines, totalPages: lines.length ? 1 : 0, currentPage: 1 });
      if (url.endsWith('/stripe/add-test-funds') && init.method === 'POST') {
        const { amount } = JSON.parse(String(init.body)) as { amount: number };
        balanceCents += amount * 100;
        return json({
          balance: balanceCents / 100,
          balanceCents,
          currency: 'USD',
          amount,
          amountCents: amount * 100,
          transactionId: '44444444-4444-4444-8444-444444444444',
          provider: 'test',
        });
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds the default 10 test funds with an Idempotency-Key and shows the new balance', async () => {
    renderPage(<WalletPage />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$0.00'));
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('10');
    fireEvent.click(screen.getByRole('button', { name: 'Add test funds' }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('$10.00'));
    const calls = fetchMock.mock.calls.filter(([u]) => u.endsWith('/stripe/add-test-funds'));
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1].headers).get('Idempotency-Key')).toBeTruthy();
    expect(toastMessages()).toContain('Added $10.00 to your wallet.');
  });

  it('shows the SPEC §8 payment text when adding funds fails without a server message', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/wallet/balance'))
        return json({ balance: 0, balanceCents: 0, currency: 'USD' });
      if (url.includes('/users/me/transactions'))
        return json({ transactions: [], totalPages: 0, currentPage: 1 });
      if (url.endsWith('/stripe/add-test-funds')) return json({ code: 'INTERNAL' }, 500);
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<WalletPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add test funds' }));
    const form = screen.getByRole('form', { name: 'Add test funds' });
    expect((await within(form).findByRole('alert')).textContent).toBe(PAYMENT_UNKNOWN_ERROR);
  });

  it('refuses a bad amount without calling the server', async () => {
    renderPage(<WalletPage />);
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '0.001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add test funds' }));
    expect(await screen.findByText('Enter an amount like 10 or 12.50.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => u.endsWith('/stripe/add-test-funds'))).toBe(false);
  });

  it('tells a creator which lines are earnings, not wallet money', async () => {
    const line = (id: string, account: string, explanation: string): TransactionLine => ({
      id,
      type: 'tip',
      amount: 8,
      amountCents: 800,
      direction: account === 'user_wallet' ? 'out' : 'in',
      account,
      counterparty: null,
      createdAt: '2026-11-28T12:00:00.000Z',
      explanation,
      breakdown: [],
    });
    lines = [
      line('11111111-1111-4111-8111-111111111111', 'creator_pending', 'A fan tipped you.'),
      line('22222222-2222-4222-8222-222222222222', 'user_wallet', 'You tipped a creator.'),
    ];
    signIn(makeMeUser({ accountType: 'creator', isCreator: true }));
    renderPage(<WalletPage />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [earned, spent] = within(list).getAllByRole('listitem');
    expect(within(earned!).getByText(/Earnings · pending/)).toBeTruthy();
    expect(within(spent!).queryByText(/Earnings/)).toBeNull();
  });
});
