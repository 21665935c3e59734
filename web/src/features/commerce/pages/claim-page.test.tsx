import type { PromotionClaimInfo } from '@fanspace/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  renderRoutes,
  signIn,
  signOut,
  stubFetch,
  type FetchMock,
} from '../../../test/render.tsx';
import { pathAfterSignIn, safeReturnPath } from '../../auth/post-login.ts';
import { postKeys } from '../../posts/queries.ts';
import { subscriptionKeys } from '../../profile/subscriptions.ts';
import { walletKeys } from '../../wallet/queries.ts';
import { ClaimPage } from './claim-page.tsx';

const TOKEN = 'tok_abc123';
const offer = (over: Partial<PromotionClaimInfo['promotion']> = {}): PromotionClaimInfo => ({
  promotion: {
    id: '88888888-8888-4888-8888-888888888888',
    kind: 'free_trial',
    title: '7 days free',
    discountPercent: null,
    trialDays: 7,
    expiresAt: '2030-01-31T10:00:00.000Z',
    status: 'active',
    remainingClaims: 3,
    price: 10,
    priceCents: 1000,
    promoPrice: 0,
    promoPriceCents: 0,
    ...over,
  },
  creator: {
    id: '99999999-9999-4999-8999-999999999999',
    username: 'mira',
    displayName: 'Mira',
    avatarUrl: null,
  },
});

let fetchMock: FetchMock;
let info: PromotionClaimInfo;
const claims = () =>
  fetchMock.mock.calls.filter(
    ([u, i]) => String(u).endsWith(`/api/promotions/claim/${TOKEN}`) && i.method === 'POST',
  );

beforeEach(() => {
  info = offer();
  localStorage.clear();
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    const { pathname } = new URL(url, 'http://x');
    if (pathname === `/api/promotions/claim/${TOKEN}`)
      return (init.method ?? 'GET') === 'GET'
        ? json(info)
        : json({ charged: false, transactionId: null, subscription: {} });
    return json({ message: 'unexpected', code: 'NOT_FOUND' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('claim link, visitor', () => {
  it('the app route shows the offer publicly and asks to sign up or log in', async () => {
    signOut();
    renderRoutes(routes, { at: `/promotions/claim/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: '7 days free' })).toBeTruthy();
    expect(screen.getByText(/free for 7 days, then/)).toBeTruthy();
    expect(screen.getByTestId('offer-facts').textContent).toMatch(/^Ends .+ · 3 claims left$/);
    const next = encodeURIComponent(`/promotions/claim/${TOKEN}?claim=1`);
    expect(screen.getByRole('link', { name: 'Log in to claim' }).getAttribute('href')).toBe(
      `/login?next=${next}`,
    );
    // no landing page, no redirect
    await new Promise((r) => setTimeout(r, 1200));
    expect(screen.getByRole('heading', { name: '7 days free' })).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Sign up to claim' }));
    await screen.findByRole('heading', { name: /sign up|create/i });
    // after signup (or login) the visitor comes back to the link, once
    expect(pathAfterSignIn({ needsOnboarding: true })).toBe(`/promotions/claim/${TOKEN}?claim=1`);
    expect(pathAfterSignIn({ needsOnboarding: true })).toBe('/onboarding');
    expect(claims()).toHaveLength(0);
  });

  it('accepts only same-site return paths', () => {
    expect(safeReturnPath('/promotions/claim/x')).toBe('/promotions/claim/x');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '', null])
      expect(safeReturnPath(bad)).toBeNull();
  });
});

describe('claim link, back after signing in', () => {
  beforeEach(() => signIn(makeMeUser()));

  it('claims a free trial at once', async () => {
    const { router } = renderPage(<ClaimPage />, {
      path: '/promotions/claim/:token',
      at: `/promotions/claim/${TOKEN}`,
      others: ['/u/:username'],
    });
    await screen.findByRole('button', { name: 'Start free trial' });
    expect(claims()).toHaveLength(0);
    await router.navigate(`/promotions/claim/${TOKEN}?claim=1`);
    await waitFor(() => expect(claims()).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/mira'));
  });

  it('waits for a click before a discount charges', async () => {
    info = offer({ kind: 'discount', discountPercent: 50, trialDays: null, promoPrice: 5 });
    const { router } = renderPage(<ClaimPage />, {
      path: '/promotions/claim/:token',
      at: `/promotions/claim/${TOKEN}`,
      others: ['/u/:username'],
    });
    await router.navigate(`/promotions/claim/${TOKEN}?claim=1`);
    const button = await screen.findByRole('button', { name: /Subscribe for/ });
    await new Promise((r) => setTimeout(r, 100));
    expect(claims()).toHaveLength(0);
    await userEvent.click(button);
    await waitFor(() => expect(claims()).toHaveLength(1));
  });

  it('a paid claim refreshes the wallet balance and history', async () => {
    info = offer({ kind: 'discount', discountPercent: 50, trialDays: null, promoPrice: 5 });
    const { client } = renderPage(<ClaimPage />, {
      path: '/promotions/claim/:token',
      at: `/promotions/claim/${TOKEN}`,
      others: ['/u/:username'],
    });
    client.setQueryData(postKeys.walletBalance(), { balance: 30, balanceCents: 3000 });
    client.setQueryData(walletKeys.transactions(1), { transactions: [] });
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe for/ }));
    await waitFor(() =>
      expect(client.getQueryState(postKeys.walletBalance())?.isInvalidated).toBe(true),
    );
    expect(client.getQueryState(walletKeys.transactions(1))?.isInvalidated).toBe(true);
  });

  it('a claim refreshes the subscriptions and the posts of the profile it opens', async () => {
    info = offer({ kind: 'discount', discountPercent: 50, trialDays: null, promoPrice: 5 });
    const { client } = renderPage(<ClaimPage />, {
      path: '/promotions/claim/:token',
      at: `/promotions/claim/${TOKEN}`,
      others: ['/u/:username'],
    });
    client.setQueryData(subscriptionKeys.mine(), { subscriptions: [] });
    client.setQueryData(postKeys.user(info.creator.id), { posts: [] });
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe for/ }));
    await waitFor(() =>
      expect(client.getQueryState(subscriptionKeys.mine())?.isInvalidated).toBe(true),
    );
    expect(client.getQueryState(postKeys.user(info.creator.id))?.isInvalidated).toBe(true);
  });
});
