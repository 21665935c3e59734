import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingQueryOptions } from '../features/community/queries.ts';
import { feedQueryOptions } from '../features/feed/queries.ts';
import { profileQueryOptions } from '../features/profile/queries.ts';
import { storyTrayQueryOptions } from '../features/stories/queries.ts';
import { queryClient } from '../lib/query-client.ts';
import { json } from '../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../test/fixtures.ts';
import { signIn, stubFetch, type FetchMock } from '../test/render.tsx';
import { loadRouteData } from './route-data.ts';

/** What bootstrap does once the gate is open: the page's prefetch, if it has one. */
const prefetchRouteData = async (pathname: string) => (await loadRouteData(pathname))?.();

let fetchMock: FetchMock;

const paths = () => fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').pathname);

beforeEach(() => {
  queryClient.clear();
  fetchMock = stubFetch();
  signIn(makeMeUser());
  fetchMock.mockImplementation(async (raw) => {
    const url = new URL(raw, 'http://x');
    if (url.pathname === '/api/posts')
      return json({ posts: [], currentPage: 1, totalPages: 1, hasMore: false });
    if (url.pathname === '/api/onboarding') return json({ steps: [], completed: true });
    if (url.pathname === '/api/stories') return json({ groups: [] });
    if (url.pathname.startsWith('/api/users/username/'))
      return json(makePublicUser({ username: 'maya.lens', isCreator: true }));
    return json({}, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
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

  it('fills a profile page query for the username in the URL', async () => {
    await prefetchRouteData('/u/maya.lens');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(profileQueryOptions('maya.lens').queryKey)?.status).toBe(
        'success',
      ),
    );
    expect(paths()).toEqual(['/api/users/username/maya.lens']);
  });

  it('asks for nothing on other pages', async () => {
    await prefetchRouteData('/login');
    await prefetchRouteData('/u/maya.lens/extra');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
