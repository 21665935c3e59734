import type { PostPage, PublicUser } from '@fanspace/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';
import { useAuthStore } from './features/auth/store.ts';
import { useUiSettings } from './features/settings/store.ts';
import { displayLocale, displayTimeZone } from './lib/intl.ts';
import { makeMeUser, makePublicUser } from './test/fixtures.ts';
import { makePost } from './test/post-fixtures.ts';
import { stubFetch, type FetchMock } from './test/render.tsx';

const me = makeMeUser({ username: 'sam', displayName: 'Sam Rivera' });
const FEED = '/posts?limit=20&offset=0&discoverMode=false';

function homeAnswers(...captions: string[]): Record<string, unknown> {
  const feed: PostPage = {
    posts: captions.map((caption) => makePost({ caption })),
    currentPage: 1,
    totalPages: 1,
    hasMore: false,
  };
  return {
    '/users/me': me,
    [FEED]: feed,
    '/onboarding': { steps: [], completed: true },
    '/stories?page=1&limit=30': { groups: [] },
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => {
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([]);
});

describe('renderPage (the server’s render of a first view)', () => {
  it('renders a member’s home feed from the boot answers, with the same components as the app', async () => {
    const html = await renderPage({
      pathname: '/',
      responses: homeAnswers('Golden hour over the rooftops'),
      timeoutMs: 10_000,
    });
    expect(html).not.toBeNull();
    expect(text(html!)).toContain('Welcome, Sam');
    expect(text(html!)).toContain('Golden hour over the rooftops');
    expect(html).toContain('role="feed"');
    // every boundary inline: no script is needed to show any of it (CSP: script-src 'self')
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
  });

  it('renders the cards of the first window only: the rest come after hydration', async () => {
    const captions = Array.from({ length: 8 }, (_, i) => `Post number ${i + 1}`);
    const html = await renderPage({
      pathname: '/',
      responses: homeAnswers(...captions),
      timeoutMs: 10_000,
    });
    // two estimated card heights, no overscan (virtual-post-list.tsx)
    expect(html!.match(/<article/g)).toHaveLength(2);
    expect(text(html!)).toContain('Post number 2');
    expect(text(html!)).not.toContain('Post number 3');
    expect(html).toContain('aria-setsize="8"');
  });

  it('renders a profile with what its header waits for', async () => {
    const maya: PublicUser = makePublicUser({
      username: 'maya.lens',
      displayName: 'Maya Lens',
      bio: 'Travel photographer in Lisbon.',
      isCreator: true,
      accountType: 'creator',
    });
    const html = await renderPage({
      pathname: '/u/maya.lens',
      responses: {
        '/users/me': me,
        '/users/username/maya.lens': maya,
        '/users/me/subscriptions': { subscriptions: [] },
      },
      timeoutMs: 10_000,
    });
    expect(text(html!)).toContain('Maya Lens');
    expect(text(html!)).toContain('Travel photographer in Lisbon.');
  });

  it('shows numbers and dates as the browser will (its locale and time zone), then forgets them', async () => {
    const maya = makePublicUser({
      username: 'maya.lens',
      displayName: 'Maya Lens',
      isCreator: true,
      accountType: 'creator',
      followersCount: 12345,
    });
    const emptyPage: PostPage = { posts: [], currentPage: 1, totalPages: 1, hasMore: false };
    const render = (intl?: { locale: string; timeZone: string }) =>
      renderPage({
        pathname: '/u/maya.lens',
        responses: {
          '/users/me': me,
          '/users/username/maya.lens': maya,
          '/users/me/subscriptions': { subscriptions: [] },
          // what the header waits for before it shows the counts
          [`/widgets/user/${maya.id}`]: { widgets: [] },
          [`/posts/user/${maya.id}?limit=50&offset=0`]: emptyPage,
        },
        ...(intl ? { intl } : {}),
        timeoutMs: 10_000,
      });
    const german = text((await render({ locale: 'de-DE', timeZone: 'Europe/Berlin' }))!);
    expect(german).toContain('12.345 followers');
    expect(displayLocale()).toBeUndefined();
    expect(displayTimeZone()).toBeUndefined();
    expect(text((await render())!)).toContain(`${(12345).toLocaleString()} followers`);
  });

  it('lays the shell out as the member left it (a collapsed sidebar), then forgets it', async () => {
    const render = (ui?: { sidebarCollapsed: boolean }) =>
      renderPage({
        pathname: '/',
        responses: homeAnswers('x'),
        ...(ui ? { ui } : {}),
        timeoutMs: 10_000,
      });
    // a collapsed sidebar's links are icons with their label as a tooltip
    expect(await render({ sidebarCollapsed: true })).toContain('title="Discover"');
    expect(useUiSettings.getState().sidebarCollapsed).toBe(false);
    expect(await render()).not.toContain('title="Discover"');
  });

  it('leaves what the boot data does not answer pending, and asks nobody for it', async () => {
    const answers = homeAnswers('unused');
    delete answers[FEED];
    const html = await renderPage({ pathname: '/', responses: answers, timeoutMs: 10_000 });
    expect(text(html!)).toContain('Welcome, Sam');
    expect(html).toContain('aria-label="Loading posts"');
    expect(text(html!)).not.toContain('unused');
  });

  it('renders nothing without a session check answer, or for a page it has no data for', async () => {
    const answers = homeAnswers('x');
    delete answers['/users/me'];
    expect(await renderPage({ pathname: '/', responses: answers, timeoutMs: 10_000 })).toBeNull();
    expect(
      await renderPage({ pathname: '/discover', responses: homeAnswers('x'), timeoutMs: 10_000 }),
    ).toBeNull();
  });

  it('renders one member at a time and leaves no session behind', async () => {
    const other = makeMeUser({ username: 'lee', displayName: 'Lee Park' });
    const [first, second] = await Promise.all([
      renderPage({ pathname: '/', responses: homeAnswers('for sam'), timeoutMs: 10_000 }),
      renderPage({
        pathname: '/',
        responses: { ...homeAnswers('for lee'), '/users/me': other },
        timeoutMs: 10_000,
      }),
    ]);
    expect(text(first!)).toContain('Welcome, Sam');
    expect(text(first!)).toContain('for sam');
    expect(text(first!)).not.toContain('for lee');
    expect(text(second!)).toContain('Welcome, Lee');
    expect(text(second!)).toContain('for lee');
    expect(text(second!)).not.toContain('Sam');
    const { token, user, isAuthenticated, authReady } = useAuthStore.getState();
    expect({ token, user, isAuthenticated, authReady }).toEqual({
      token: null,
      user: null,
      isAuthenticated: false,
      authReady: false,
    });
  });
});
