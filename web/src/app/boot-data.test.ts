import { BOOT_DATA_ELEMENT_ID, type BootData, type PostPage } from '@fanspace/contracts';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../features/auth/store.ts';
import { validateSession } from '../features/auth/session.ts';
import { onboardingQueryOptions } from '../features/community/queries.ts';
import { feedQueryOptions } from '../features/feed/queries.ts';
import { storyTrayQueryOptions } from '../features/stories/queries.ts';
import { clearApiCache } from '../lib/api/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { json } from '../test/api-harness.ts';
import { makeMeUser } from '../test/fixtures.ts';
import { makePost } from '../test/post-fixtures.ts';
import { signIn, stubFetch, type FetchMock } from '../test/render.tsx';
import { adoptBootData } from './bootstrap.ts';
import { loadRouteData } from './route-data.ts';

let fetchMock: FetchMock;
const me = makeMeUser({ username: 'fan' });
const feed: PostPage = { posts: [makePost()], currentPage: 1, totalPages: 1, hasMore: false };
/** The server's tag (server/src/platform/http/boot-data.ts, sessionTagOf), for the token 'tok'. */
const tagOf = (token: string) =>
  createHash('sha256').update(`fanspace-boot:${token}`).digest('hex').slice(0, 32);
const home = (userId: string, sessionTag = tagOf('tok')): BootData => ({
  userId,
  sessionTag,
  responses: {
    '/users/me': me,
    '/posts?limit=20&offset=0&discoverMode=false': feed,
    '/onboarding': { steps: [], completed: true },
    '/stories?page=1&limit=30': { groups: [] },
  },
});

function embed(data: BootData) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

/** What start-up asks the server for when the block is not used. */
const ALL_ASKED = ['/api/onboarding', '/api/posts', '/api/stories', '/api/users/me'];
const paths = () => fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').pathname);

/** Start-up as bootstrap runs it: the stored session, the block, the check, the page's data. */
async function start(): Promise<void> {
  useAuthStore.setState({ authReady: false });
  await adoptBootData();
  await validateSession();
  expect(useAuthStore.getState().authReady).toBe(true);
  (await loadRouteData('/'))?.(queryClient);
  await vi.waitFor(() => {
    for (const options of [
      feedQueryOptions('home'),
      onboardingQueryOptions(),
      storyTrayQueryOptions(),
    ])
      expect(queryClient.getQueryState(options.queryKey)?.status).toBe('success');
  });
}

beforeEach(() => {
  queryClient.clear();
  fetchMock = stubFetch();
  signIn(me);
  fetchMock.mockImplementation(async (raw) => {
    const url = new URL(raw, 'http://x');
    if (url.pathname === '/api/users/me') return json(me);
    if (url.pathname === '/api/posts')
      return json({ posts: [], currentPage: 1, totalPages: 1, hasMore: false });
    if (url.pathname === '/api/onboarding') return json({ steps: [], completed: true });
    if (url.pathname === '/api/stories') return json({ groups: [] });
    return json({}, 404);
  });
});
afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
  queryClient.clear();
  clearApiCache();
});

describe('boot data: the page starts from the answers in index.html', () => {
  it('opens the gate and fills the home feed without a request, then refetches from the server', async () => {
    embed(home(me.id));
    await start();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { id: me.id } });
    expect(queryClient.getQueryData(feedQueryOptions('home').queryKey)?.pages[0]).toEqual(feed);
    expect(document.getElementById(BOOT_DATA_ELEMENT_ID)).toBeNull();
    // the normal rules from here: a refetch asks the server
    await queryClient.refetchQueries({ queryKey: feedQueryOptions('home').queryKey });
    expect(paths()).toEqual(['/api/posts']);
  });

  it("uses nothing of another user's block (a sign-out or switch in another tab)", async () => {
    embed(home('someone-else'));
    await start();
    expect(paths().sort()).toEqual(ALL_ASKED);
    expect(queryClient.getQueryData(feedQueryOptions('home').queryKey)?.pages[0]?.posts).toEqual(
      [],
    );
  });

  it('uses nothing of a block made for another session of the same user', async () => {
    embed(home(me.id, tagOf('another-token')));
    await start();
    expect(paths().sort()).toEqual(ALL_ASKED);
  });

  it('uses nothing without a stored session, and asks the server when there is no block', async () => {
    useAuthStore.setState({ token: null });
    embed(home(me.id));
    await adoptBootData();
    signIn(me);
    await start();
    expect(paths().sort()).toEqual(ALL_ASKED);
  });
});
