import type { ProPackStatus } from '@fanspace/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
import { describeProPack, ProPackPage } from './pro-pack-page.tsx';

const DAY = 86_400_000;
let fetchMock: FetchMock;
let pack: ProPackStatus;
let balanceCents: number;

function basePack(overrides: Partial<ProPackStatus> = {}): ProPackStatus {
  return {
    provider: 'test',
    price: 9.99,
    priceCents: 999,
    currency: 'USD',
    periodDays: 30,
    proPackActiveUntil: null,
    proPackSubscriptionStatus: null,
    proPackCanceledAt: null,
    hasProPack: false,
    hasActiveProPack: false,
    benefits: ['A Pro badge on your profile and posts', 'Priority support'],
    ...overrides,
  };
}

describe('describeProPack (SPEC §4)', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads each status with its dates', () => {
    expect(describeProPack(basePack(), now).label).toBe('Not active');
    const future = new Date(now + 10 * DAY).toISOString();
    expect(
      describeProPack(
        basePack({ proPackSubscriptionStatus: 'active', proPackActiveUntil: future }),
        now,
      ).detail,
    ).toMatch(/^Renews on .* for \$9\.99\.$/);
    const canceled = describeProPack(
      basePack({
        proPackSubscriptionStatus: 'canceled',
        proPackActiveUntil: future,
        proPackCanceledAt: new Date(now - DAY).toISOString(),
      }),
      now,
    );
    expect(canceled.label).toBe('Canceled');
    expect(canceled.detail).toMatch(/stays active until/);
    const past = new Date(now - DAY).toISOString();
    expect(
      describeProPack(
        basePack({ proPackSubscriptionStatus: 'canceled', proPackActiveUntil: past }),
        now,
      ).label,
    ).toBe('Ended');
    expect(describeProPack(basePack({ proPackSubscriptionStatus: 'expired' }), now).label).toBe(
      'Expired',
    );
    // a future date alone is active, whatever the status (a free grant)
    expect(describeProPack(basePack({ proPackActiveUntil: future }), now).label).toBe('Active');
  });
});

describe('ProPackPage', () => {
  beforeEach(() => {
    pack = basePack();
    balanceCents = 2000;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      const method = init.method ?? 'GET';
      if (url.endsWith('/pro-pack') && method === 'GET') return json(pack);
      if (url.endsWith('/stripe/pro-pack-transactions')) return json({ transactions: [] });
      if (url.endsWith('/wallet/balance'))
        return json({ balance: balanceCents / 100, balanceCents, currency: 'USD' });
      if (url.endsWith('/users/me')) return json(makeMeUser());
      if (url.endsWith('/stripe/create-subscription-checkout') && method === 'POST') {
        if (balanceCents < pack.priceCents)
          return json({ message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' }, 402);
        balanceCents -= pack.priceCents;
        pack = basePack({
          proPackSubscriptionStatus: 'active',
          proPackActiveUntil: new Date(Date.now() + 30 * DAY).toISOString(),
          hasProPack: true,
          hasActiveProPack: true,
        });
        return json({
          url: '/pro-pack?checkout=success',
          productType: 'pro_pack',
          sessionId: null,
          completed: true,
          transactionId: '44444444-4444-4444-8444-444444444444',
        });
      }
      if (url.endsWith('/stripe/cancel-subscription') && method === 'POST') {
        pack = {
          ...pack,
          proPackSubscriptionStatus: 'canceled',
          proPackCanceledAt: new Date().toISOString(),
          hasActiveProPack: true,
        };
        return json({ ok: true, message: 'ok', proPack: pack });
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the price and benefits, buys from the wallet with an Idempotency-Key, then cancels to the period end', async () => {
    renderPage(<ProPackPage />);
    expect(await screen.findByText('A Pro badge on your profile and posts')).toBeTruthy();
    expect(screen.getByTestId('pro-pack-status').textContent).toBe(
      'You do not have the Pro pack yet.',
    );
    const buy = await screen.findByRole('button', { name: 'Get Pro for $9.99' });
    await waitFor(() => expect((buy as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(buy);
    await waitFor(() =>
      expect(screen.getByTestId('pro-pack-status').textContent).toMatch(/^Renews on /),
    );
    const calls = fetchMock.mock.calls.filter(([u]) =>
      u.endsWith('/stripe/create-subscription-checkout'),
    );
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]![1].headers).get('Idempotency-Key')).toBeTruthy();
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ productType: 'pro_pack' });
    expect(toastMessages()).toContain('Welcome to Pro!');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel renewal' }));
    await waitFor(() =>
      expect(screen.getByTestId('pro-pack-status').textContent).toMatch(/stays active until/),
    );
    expect(screen.getByRole('button', { name: 'Resume renewal' })).toBeTruthy();
  });

  it('does not offer to buy with a short wallet and links to add funds', async () => {
    balanceCents = 500;
    renderPage(<ProPackPage />, { others: ['/wallet'] });
    expect(await screen.findByText('Your wallet needs $9.99 to buy the Pro pack.')).toBeTruthy();
    const buy = screen.getByRole('button', { name: 'Get Pro for $9.99' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe('/wallet');
  });

  it('shows an error state when the pack cannot be loaded', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'Server exploded', code: 'INTERNAL' }, 500),
    );
    renderPage(<ProPackPage />);
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
