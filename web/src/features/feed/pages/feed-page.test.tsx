import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { makePost } from '../../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { feedOffset } from '../../posts/posts-api.ts';
import { FeedPage } from './feed-page.tsx';

let fetchMock: FetchMock;

function feedCalls() {
  return fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://x'))
    .filter((url) => url.pathname === '/api/posts');
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('home feed paging (spec §9: 20 per page, offset = 20 x (page-1))', () => {
  it('computes the offset from the 1-based page', () => {
    expect(feedOffset(1)).toBe(0);
    expect(feedOffset(2)).toBe(20);
    expect(feedOffset(5)).toBe(80);
  });

  it('asks for page 1 then page 2 with limit 20 and offsets 0 and 20', async () => {
    const first = Array.from({ length: 20 }, (_, i) => makePost({ caption: `Post ${i + 1}` }));
    const second = [makePost({ caption: 'Post 21' })];
    fetchMock.mockImplementation(async (raw) => {
      const url = new URL(raw, 'http://x');
      if (url.pathname === '/api/posts') {
        const offset = Number(url.searchParams.get('offset'));
        return offset === 0
          ? json({ posts: first, currentPage: 1, totalPages: 2, hasMore: true })
          : json({ posts: second, currentPage: 2, totalPages: 2, hasMore: false });
      }
      return json({ users: [] });
    });
    renderPage(<FeedPage />);
    expect(await screen.findByText('Post 1')).toBeTruthy();
    // happy-dom has no layout: every card of the virtual list counts as on screen, so the end
    // of the list is in view and the feed asks for page 2 by itself
    expect(await screen.findByText('Post 21', {}, { timeout: 10_000 })).toBeTruthy();

    const calls = feedCalls();
    expect(calls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '20']);
    expect(calls.every((u) => u.searchParams.get('limit') === '20')).toBe(true);
    expect(calls.every((u) => u.searchParams.get('discoverMode') === 'false')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
  });

  it('suggests creators to follow when the feed is empty', async () => {
    const creator = makePublicUser({ username: 'leo_beats', isCreator: true });
    fetchMock.mockImplementation(async (raw) =>
      raw.startsWith('/api/users/trending')
        ? json({ users: [creator] })
        : json({ posts: [], currentPage: 1, totalPages: 0, hasMore: false }),
    );
    renderPage(<FeedPage />);
    expect(await screen.findByText('Your feed is waiting')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Suggestions to follow' });
    expect(list.textContent).toContain('@leo_beats');
    expect(screen.getAllByRole('button', { name: 'Follow @leo_beats' }).length).toBeGreaterThan(0);
  });

  it('offers a retry when the feed fails', async () => {
    // the story tray asks too: only the first feed request fails
    let feedCalls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('/api/stories'))
        return json({ groups: [], stories: [], currentPage: 1, hasMore: false });
      feedCalls += 1;
      if (feedCalls === 1) return json({ message: 'boom' }, 500);
      return json({
        posts: [makePost({ caption: 'Back again' })],
        currentPage: 1,
        totalPages: 1,
        hasMore: false,
      });
    });
    renderPage(<FeedPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Back again')).toBeTruthy());
  });
});
