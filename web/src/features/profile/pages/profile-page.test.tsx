import type { Promotion, PublicUser, Subscription } from '@fanspace/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  renderRoutes,
  signIn,
  stubFetch,
  type FetchMock,
} from '../../../test/render.tsx';
import { prefetchProfile } from '../prefetch.ts';
import { profileQueryOptions } from '../queries.ts';
import { ProfilePage } from './profile-page.tsx';

let fetchMock: FetchMock;
let creator: PublicUser;
let releaseOffers: () => void;
let releaseSubscriptions: () => void;
let mySubscriptions: Subscription[];
let promotions: Promotion[];

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ username: 'fan' }));
  creator = makePublicUser({ username: 'maya.lens', isCreator: true, subscriptionPrice: 9.99 });
  const offers = new Promise<void>((resolve) => (releaseOffers = resolve));
  const subscriptions = new Promise<void>((resolve) => (releaseSubscriptions = resolve));
  mySubscriptions = [];
  promotions = [];
  fetchMock.mockImplementation(async (raw) => {
    const url = new URL(raw, 'http://x');
    if (url.pathname === '/api/users/username/maya.lens') return json(creator);
    if (url.pathname === '/api/users/me/subscriptions') {
      await subscriptions;
      return json({ subscriptions: mySubscriptions });
    }
    if (url.pathname === '/api/discounts') {
      await offers;
      return json({ promotions });
    }
    if (url.pathname.startsWith('/api/widgets/user/'))
      return json({
        widgets: [
          {
            id: 'w1',
            type: 'about',
            title: 'About me',
            enabled: true,
            position: 0,
            config: { text: 'Photographer in Lisbon' },
          },
        ],
      });
    if (url.pathname.startsWith('/api/posts/user/'))
      return json({ posts: [], currentPage: 1, totalPages: 0, hasMore: false });
    return json({ message: 'not here' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('profile header (no layout shift)', () => {
  it("waits for the caller's subscriptions (the Subscribe button's width) before showing it", async () => {
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('/api/users/username/'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status').textContent).toBe('Loading profile…');
    expect(screen.queryByRole('heading', { name: 'maya.lens' })).toBeNull();
    releaseSubscriptions();
    expect(await screen.findByRole('heading', { name: 'maya.lens' })).toBeTruthy();
  });

  it('shows widgets that arrive before the offers only with the offers and the counts', async () => {
    releaseSubscriptions();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    expect(await screen.findByRole('heading', { name: 'maya.lens' })).toBeTruthy();
    // the widgets are there, the offers are not: nothing below the bio yet
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('/api/widgets/user/'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Widgets' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Counts' })).toBeNull();

    releaseOffers();
    expect(await screen.findByRole('region', { name: 'Widgets' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Counts' })).toBeTruthy();
    expect(screen.getByText('Photographer in Lisbon')).toBeTruthy();
  });

  const promotion = (): Promotion => ({
    id: '00000000-0000-4000-8000-0000000000a1',
    creatorId: creator.id,
    kind: 'free_trial',
    title: '7 days free',
    discountPercent: null,
    trialDays: 7,
    maxUses: null,
    usesCount: 0,
    expiresAt: null,
    status: 'active',
    claimUrl: 'http://x/promotions/claim/t1',
    claimToken: 't1',
    price: 9.99,
    priceCents: 999,
    promoPrice: 0,
    promoPriceCents: 0,
    createdAt: new Date().toISOString(),
  });

  it("shows the creator's offers to a fan without a subscription", async () => {
    promotions = [promotion()];
    releaseSubscriptions();
    releaseOffers();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    const offers = await screen.findByRole('list', { name: 'Offers' });
    expect(offers.textContent).toContain('7 days free');
  });

  it('does not offer a first period to a fan who already subscribes', async () => {
    promotions = [promotion()];
    mySubscriptions = [
      {
        id: '00000000-0000-4000-8000-0000000000b1',
        subscriberId: '00000000-0000-4000-8000-0000000000c1',
        creatorId: creator.id,
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        isRecurring: true,
        createdAt: new Date().toISOString(),
        price: 9.99,
        priceCents: 999,
      },
    ];
    releaseSubscriptions();
    releaseOffers();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    expect(await screen.findByRole('list', { name: 'Counts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Subscribed/ })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Offers' })).toBeNull();
  });
});

describe('profile tabs', () => {
  it('asks for the posts with media only on the Media tab', async () => {
    releaseSubscriptions();
    releaseOffers();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    const postsRequests = () =>
      fetchMock.mock.calls
        .map(([raw]) => new URL(String(raw), 'http://x'))
        .filter((url) => url.pathname.startsWith('/api/posts/user/'));
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(postsRequests().every((url) => !url.searchParams.has('media'))).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Media' }));
    expect(await screen.findByText('No media yet')).toBeTruthy();
    expect(postsRequests().at(-1)?.searchParams.get('media')).toBe('true');
  });
});

describe('profile counts', () => {
  it('lead the owner to their followers and following lists; not on anyone else’s', async () => {
    const own = makePublicUser({ username: 'fan', followersCount: 3, followingCount: 2 });
    const others = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (raw, init) =>
      new URL(raw, 'http://x').pathname === '/api/users/username/fan'
        ? json(own)
        : others(raw, init),
    );
    releaseSubscriptions();
    releaseOffers();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/fan' });
    const counts = await screen.findByRole('list', { name: 'Counts' });
    expect(within(counts).getByRole('link', { name: '3 followers' }).getAttribute('href')).toBe(
      '/u/fan/followers',
    );
    expect(within(counts).getByRole('link', { name: '2 following' }).getAttribute('href')).toBe(
      '/u/fan/following',
    );
    cleanup();

    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    const theirs = await screen.findByRole('list', { name: 'Counts' });
    expect(within(theirs).queryAllByRole('link')).toHaveLength(0);
  });
  it('leave out a follower count the account hides (no "0"), keeping the others', async () => {
    creator = makePublicUser({
      username: 'maya.lens',
      isCreator: true,
      followersCount: null,
      followingCount: 4,
      postsCount: 2,
    });
    releaseSubscriptions();
    releaseOffers();
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    const counts = await screen.findByRole('list', { name: 'Counts' });
    expect(counts.textContent).toContain('2 posts');
    expect(counts.textContent).toContain('4 following');
    expect(counts.textContent).not.toMatch(/follower/);
  });
});

describe('long unbroken words', () => {
  it('wrap in the name and the bio instead of widening the page', async () => {
    releaseSubscriptions();
    releaseOffers();
    const word = 'w'.repeat(200);
    creator = { ...creator, displayName: word, bio: `Hi ${word}` };
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/maya.lens' });
    const heading = await screen.findByRole('heading', { level: 1, name: word });
    // the name is a flex item of the heading: it may only wrap when it may also shrink
    const name = within(heading).getByText(word);
    expect(name.className.split(' ')).toEqual(expect.arrayContaining(['min-w-0', 'wrap-anywhere']));
    expect(screen.getByText(`Hi ${word}`).className.split(' ')).toContain('wrap-anywhere');
  });
});

describe('a missing account', () => {
  it('a name the server refuses (400) shows the no-such-account state, asked once', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'params/username must match pattern', code: 'VALIDATION_FAILED' }, 400),
    );
    renderPage(<ProfilePage />, { path: '/u/:username', at: '/u/bad%20name!' });
    expect(await screen.findByText('This account doesn’t exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find creators' })).toBeTruthy();
    expect(screen.queryByText('Could not load this profile')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = fetchMock.mock.calls.filter(([url]) => url.includes('/api/users/username/'));
    expect(asked).toHaveLength(1);
  });

  it('is asked for once: the page takes the 404 its prefetch already heard', async () => {
    const { router, client } = renderRoutes([
      { path: '/', element: <p>Home</p> },
      { path: '/u/:username', element: <ProfilePage /> },
    ]);
    prefetchProfile(client, 'ghost');
    await waitFor(() =>
      expect(client.getQueryState(profileQueryOptions('ghost').queryKey)?.status).toBe('error'),
    );
    await router.navigate('/u/ghost');
    expect(await screen.findByText('This account doesn’t exist')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = fetchMock.mock.calls.filter(([url]) => url.includes('/api/users/username/ghost'));
    expect(asked).toHaveLength(1);
  });
});
