import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { walletKeys } from '../../wallet/queries.ts';
import { SubscribeButton } from './subscribe-button.tsx';

let fetchMock: FetchMock;
const creator = makePublicUser({
  id: '11111111-1111-4111-8111-111111111111',
  username: 'maya',
  isCreator: true,
  accountType: 'creator',
  subscriptionPrice: 9.99,
});

function subscription(status: 'active' | 'canceled') {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    subscriberId: '33333333-3333-4333-8333-333333333333',
    creatorId: creator.id,
    status,
    currentPeriodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
    isRecurring: status === 'active',
    createdAt: new Date().toISOString(),
    price: 9.99,
    priceCents: 999,
  };
}

describe('SubscribeButton', () => {
  let subscribed = false;
  beforeEach(() => {
    subscribed = false;
    fetchMock = stubFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/users/me/subscriptions'))
        return json({ subscriptions: subscribed ? [subscription('active')] : [] });
      if (url.endsWith('/wallet/balance'))
        return json({ balance: 50, balanceCents: 5000, currency: 'USD' });
      if (url.endsWith('/subscriptions') && init.method === 'POST') {
        subscribed = true;
        return json({ subscription: subscription('active'), charged: true, transactionId: null });
      }
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    signIn(makeMeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the price, charges once with an Idempotency-Key, then says Subscribed', async () => {
    renderPage(<SubscribeButton user={creator} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe · $9.99' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe to/ });
    await waitFor(() => expect(dialog.textContent).toContain('balance $50.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    await screen.findByRole('link', { name: 'Subscribed' });
    const posts = fetchMock.mock.calls.filter(
      ([u, i]) => u.endsWith('/subscriptions') && i.method === 'POST',
    );
    expect(posts).toHaveLength(1);
    const headers = new Headers(posts[0]![1].headers);
    expect(headers.get('Idempotency-Key')).toBeTruthy();
    expect(JSON.parse(String(posts[0]![1].body))).toEqual({ creatorId: creator.id });
  });

  it('a subscription refreshes the wallet history it was paid from', async () => {
    const { client } = renderPage(<SubscribeButton user={creator} />);
    client.setQueryData(walletKeys.transactions(1), { transactions: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe · $9.99' }));
    await screen.findByRole('dialog', { name: /Subscribe to/ });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    await screen.findByRole('link', { name: 'Subscribed' });
    expect(client.getQueryState(walletKeys.transactions(1))?.isInvalidated).toBe(true);
  });

  it('shows the server reason of a refused payment, else the SPEC §8 payment text', async () => {
    let reply = json({ message: 'Card declined', code: 'PAYMENT_FAILED' }, 402);
    fetchMock.mockImplementation(async (url, init) => {
      if (url.endsWith('/users/me/subscriptions')) return json({ subscriptions: [] });
      if (url.endsWith('/wallet/balance'))
        return json({ balance: 50, balanceCents: 5000, currency: 'USD' });
      if (url.endsWith('/subscriptions') && init.method === 'POST') return reply;
      return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
    });
    renderPage(<SubscribeButton user={creator} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe · $9.99' }));
    const dialog = await screen.findByRole('dialog', { name: /Subscribe to/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Card declined');
    reply = json({}, 500);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $9.99' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(PAYMENT_UNKNOWN_ERROR),
    );
  });

  it('counts accountType creator as a creator (spec §6)', async () => {
    renderPage(<SubscribeButton user={{ ...creator, isCreator: false }} />);
    expect(await screen.findByRole('button', { name: 'Subscribe · $9.99' })).toBeTruthy();
  });

  it('renders nothing for a creator without a price', async () => {
    renderPage(<SubscribeButton user={{ ...creator, subscriptionPrice: 0 }} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();
  });
});
