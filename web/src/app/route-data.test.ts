import type { PublicUser } from '@fanspace/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discountsQueryOptions } from '../features/commerce/queries.ts';
import { onboardingQueryOptions } from '../features/community/queries.ts';
import { userWidgetsQueryOptions } from '../features/creator-kit/queries.ts';
import { feedQueryOptions } from '../features/feed/queries.ts';
import { userPostsQueryOptions } from '../features/posts/queries.ts';
import { profileQueryOptions } from '../features/profile/queries.ts';
import { storyTrayQueryOptions } from '../features/stories/queries.ts';
import { clearApiCache } from '../lib/api/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { json } from '../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../test/fixtures.ts';
import { makeLockedPost, makePost, TEASER_URL } from '../test/post-fixtures.ts';
import { signIn, stubFetch, type FetchMock } from '../test/render.tsx';
import { loadRouteData } from './route-data.ts';

/** What bootstrap does once the gate is open: the page's prefetch, if it has one. */
const prefetchRouteData = async (pathname: string) =>
  (await loadRouteData(pathname))?.(queryClient);

let fetchMock: FetchMock;
let profile: PublicUser;

const paths = () => fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').pathname);

beforeEach(() => {
  queryClient.clear();
  fetchMock = stubFetch();
  signIn(makeMeUser({ username: 'fan' }));
  profile = makePublicUser({ username: 'maya.lens', isCreator: true, subscriptionPrice: 999 });
  fetchMock.mockImplementation(async (raw) => {
    const url = new URL(raw, 'http://x');
    if (url.pathname === '/api/posts')
      return json({ posts: [], currentPage: 1, totalPages: 1, hasMore: false });
    if (url.pathname === '/api/onboarding') return json({ steps: [], completed: true });
    if (url.pathname === '/api/stories') return json({ groups: [] });
    if (url.pathname === '/api/users/username/maya.lens') return json(profile);
    if (url.pathname === '/api/users/me/subscriptions') return json({ subscriptions: [] });
    if (url.pathname === '/api/discounts') return json({ promotions: [] });
    if (url.pathname.startsWith('/api/widgets/user/')) return json({ widgets: [] });
    if (url.pathname.startsWith('/api/posts/user/'))
      return json({ posts: [], currentPage: 1, totalPages: 1, hasMore: false });
    return json({}, 404);
  });
});
afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
  queryClient.clear();
  clearApiCache();
});

describe('the landing page data starts with the session check (route-data.ts)', () => {
  it('fills the home feed page queries, under the keys the page reads', async () => {
    await prefetchRouteData('/');
    await vi.waitFor(() => {
      expect(queryClient.getQueryState(feedQueryOptions('home').queryKey)?.status).toBe('success');
      expect(queryClient.getQueryState(onboardingQueryOptions().queryKey)?.status).toBe('success');
      expect(queryClient.getQueryState(storyTrayQueryOptions().queryKey)?.status).toBe('success');
    });
    expect(paths().sort()).toEqual(['/api/onboarding', '/api/posts', '/api/stories']);
    const feed = new URL(
      fetchMock.mock.calls.find(([u]) => u.includes('/api/posts'))?.[0] ?? '',
      'http://x',
    );
    expect(feed.searchParams.get('offset')).toBe('0');
    expect(feed.searchParams.get('limit')).toBe('20');
  });

  it("preloads the feed's first card image as soon as the first page arrives", async () => {
    const imagePreloads = () =>
      [...document.head.querySelectorAll('link[rel="preload"][as="image"]')].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('fetchpriority'),
      ]);
    const feed = [makeLockedPost(), makePost()];
    fetchMock.mockImplementation(async (raw) => {
      const url = new URL(raw, 'http://x');
      if (url.pathname === '/api/posts')
        return json({ posts: feed, currentPage: 1, totalPages: 1, hasMore: false });
      return json({}, 404);
    });
    await prefetchRouteData('/');
    await vi.waitFor(() => expect(imagePreloads()).toEqual([[TEASER_URL, 'high']]));
    // once per image, and only the first card's
    queryClient.clear();
    clearApiCache();
    await prefetchRouteData('/');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(feedQueryOptions('home').queryKey)?.status).toBe('success'),
    );
    expect(imagePreloads()).toEqual([[TEASER_URL, 'high']]);
  });

  it('fills a profile page query for the username in the URL, then its offers, widgets and posts', async () => {
    await prefetchRouteData('/u/maya.lens');
    const statusOf = (key: readonly unknown[]) => queryClient.getQueryState(key)?.status;
    await vi.waitFor(() => {
      expect(statusOf(profileQueryOptions('maya.lens').queryKey)).toBe('success');
      expect(statusOf(discountsQueryOptions(profile.id).queryKey)).toBe('success');
      expect(statusOf(userWidgetsQueryOptions(profile.id).queryKey)).toBe('success');
      expect(statusOf(userPostsQueryOptions(profile.id).queryKey)).toBe('success');
    });
    // the second round waits for the profile: it needs the profile's id
    expect(paths().slice(0, 2).sort()).toEqual([
      '/api/users/me/subscriptions',
      '/api/users/username/maya.lens',
    ]);
    expect(paths().slice(2).sort()).toEqual([
      '/api/discounts',
      `/api/posts/user/${profile.id}`,
      `/api/widgets/user/${profile.id}`,
    ]);
  });

  it('asks for a profile second round only what its page would', async () => {
    // a creator without a price has no offers
    profile = makePublicUser({ username: 'maya.lens', isCreator: true, subscriptionPrice: 0 });
    await prefetchRouteData('/u/maya.lens');
    await vi.waitFor(() =>
      expect(paths().sort()).toEqual([
        `/api/posts/user/${profile.id}`,
        '/api/users/me/subscriptions',
        '/api/users/username/maya.lens',
        `/api/widgets/user/${profile.id}`,
      ]),
    );

    // someone the viewer blocked: the page shows the block notice and nothing else
    queryClient.clear();
    clearApiCache();
    fetchMock.mockClear();
    profile = makePublicUser({ username: 'maya.lens', isCreator: true, subscriptionPrice: 999 });
    signIn(makeMeUser({ username: 'fan', blockedUserIds: [profile.id] }));
    await prefetchRouteData('/u/maya.lens');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(profileQueryOptions('maya.lens').queryKey)?.status).toBe(
        'success',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths().sort()).toEqual([
      '/api/users/me/subscriptions',
      '/api/users/username/maya.lens',
    ]);
  });

  it('encodes a name from an encoded URL once, under the key the page reads', async () => {
    // the browser's pathname is percent-encoded; the page's useParams gives it decoded
    await prefetchRouteData('/u/Maya%20Lens');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(profileQueryOptions('Maya Lens').queryKey)?.status).toBe(
        'error',
      ),
    );
    const asked = fetchMock.mock.calls.map(([url]) => url).filter((u) => u.includes('/username/'));
    expect(asked).toEqual(['/api/users/username/Maya%20Lens']);
  });

  it('starts no second round when the profile does not exist', async () => {
    await prefetchRouteData('/u/nobody');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(profileQueryOptions('nobody').queryKey)?.status).toBe(
        'error',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paths().sort()).toEqual(['/api/users/me/subscriptions', '/api/users/username/nobody']);
  });

  it('asks for nothing on other pages', async () => {
    await prefetchRouteData('/login');
    await prefetchRouteData('/u/maya.lens/extra');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
