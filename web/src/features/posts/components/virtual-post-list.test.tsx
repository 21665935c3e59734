import type { Post } from '@fanspace/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { makePost } from '../../../test/post-fixtures.ts';
import { renderRoutes, signIn, stubFetch } from '../../../test/render.tsx';
import { InfinitePosts, type PagedQuery } from './infinite-posts.tsx';
import {
  CARD_GAP,
  clearPostListMeasurements,
  ESTIMATED_CARD_HEIGHT,
} from './virtual-post-list.tsx';

// happy-dom has no layout. As @tanstack/react-virtual's docs suggest for jsdom, give the
// elements sizes: every card row is CARD px tall, the window VIEWPORT px high.
const CARD = 600;
const VIEWPORT = 800;
let scrollY = 0;

function setScroll(y: number) {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** Reports an element's size when it starts being observed, as browsers do. */
class SizingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const blockSize = target.hasAttribute('data-index') ? CARD : 0;
    setTimeout(() =>
      this.callback(
        [{ target, borderBoxSize: [{ blockSize, inlineSize: 600 }] } as never],
        this as never,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  scrollY = 0;
  clearPostListMeasurements();
  vi.stubGlobal('ResizeObserver', SizingResizeObserver);
  Object.defineProperty(window, 'ResizeObserver', {
    value: SizingResizeObserver,
    configurable: true,
    writable: true,
  });
  // the document is as tall as the feed, so the window can scroll to any card
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(1e7);
  vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-index') ? CARD : 0;
  });
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(VIEWPORT);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
    const options = args[0];
    const top = typeof options === 'object' && options ? (options as ScrollToOptions).top : args[1];
    setScroll(Number(top ?? 0));
  });
  // post cards ask for nothing on render, but a stray request must not hit the network
  stubFetch().mockImplementation(async () => json({}));
  signIn(makeMeUser());
});
const browserResizeObserver = window.ResizeObserver;
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'ResizeObserver', {
    value: browserResizeObserver,
    configurable: true,
    writable: true,
  });
});

function makePosts(n: number): Post[] {
  return Array.from({ length: n }, (_, i) => makePost({ caption: `Card ${i + 1}` }));
}

function fakeQuery(overrides: Partial<PagedQuery> = {}): PagedQuery {
  return {
    isPending: false,
    isError: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(async () => undefined),
    refetch: vi.fn(async () => undefined),
    ...overrides,
  };
}

function renderList(posts: Post[], query: PagedQuery) {
  return renderRoutes([
    {
      path: '/',
      element: <InfinitePosts query={query} posts={posts} label="Home feed" empty={null} />,
    },
    { path: '/p/:id', element: <p>Post page</p> },
  ]);
}

const articles = () =>
  within(screen.getByRole('feed', { name: 'Home feed' })).queryAllByRole('article');
const positions = () => articles().map((a) => Number(a.getAttribute('aria-posinset')));

describe('virtualised feed (issue 10)', () => {
  it(
    'keeps only a window of cards in the DOM with 200 posts loaded',
    { timeout: 60_000 },
    async () => {
      const query = fakeQuery();
      renderList(makePosts(200), query);
      const feed = await screen.findByRole('feed', { name: 'Home feed' });

      // the viewport (800 px) shows two 600 px cards; three more each side at most (overscan)
      await waitFor(() => expect(articles().length).toBeGreaterThan(0));
      expect(articles().length).toBeLessThanOrEqual(5);
      expect(positions()[0]).toBe(1);
      // the container is as tall as all 200 cards (rendered ones measured, the others
      // estimated), so the scrollbar is right
      expect(parseInt(feed.style.height, 10)).toBeGreaterThanOrEqual(
        200 * ESTIMATED_CARD_HEIGHT + 199 * CARD_GAP,
      );
      // the length is unknown while more pages may follow
      expect(articles()[0]?.getAttribute('aria-setsize')).toBe('-1');
      expect(query.fetchNextPage).not.toHaveBeenCalled();

      // scrolled to card 101: cards around it are rendered, the first ones are gone
      // scrolled 100 cards down (the cards below the first ones are still estimated): the
      // cards around the 100th are rendered, the first ones are gone
      setScroll(100 * (ESTIMATED_CARD_HEIGHT + CARD_GAP));
      // polled: on a loaded machine the window can still be settling (its measurements of the
      // newly rendered cards) when card 101 first appears
      await waitFor(
        () => {
          expect(positions()).toContain(101);
          expect(positions()).not.toContain(1);
          expect(Math.min(...positions())).toBeGreaterThan(90);
          expect(articles().length).toBeLessThanOrEqual(8);
        },
        { timeout: 10_000 },
      );
      expect(screen.getByText('Card 101')).toBeTruthy();
      expect(query.fetchNextPage).not.toHaveBeenCalled();
    },
  );

  it('asks for the next page as the end approaches, once while it loads', async () => {
    const query = fakeQuery();
    const { client } = renderList(makePosts(40), query);
    await screen.findByRole('feed', { name: 'Home feed' });
    setScroll(20 * (CARD + CARD_GAP));
    await waitFor(() => expect(positions()).toContain(21));
    expect(query.fetchNextPage).not.toHaveBeenCalled();

    setScroll(37 * (CARD + CARD_GAP));
    await waitFor(() => expect(query.fetchNextPage).toHaveBeenCalledTimes(1));
    client.clear();
  });

  it('does not ask again while a page is loading, and gives the full size at the end', async () => {
    const loading = fakeQuery({ isFetchingNextPage: true });
    renderList(makePosts(3), loading);
    const feed = await screen.findByRole('feed', { name: 'Home feed' });
    expect(feed.getAttribute('aria-busy')).toBe('true');
    expect(loading.fetchNextPage).not.toHaveBeenCalled();
  });

  it('reports the set size when every page is loaded', async () => {
    const done = fakeQuery({ hasNextPage: false });
    renderList(makePosts(3), done);
    await waitFor(() => expect(articles().length).toBe(3));
    expect(articles().map((a) => a.getAttribute('aria-setsize'))).toEqual(['3', '3', '3']);
    expect(positions()).toEqual([1, 2, 3]);
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
    expect(done.fetchNextPage).not.toHaveBeenCalled();
  });

  it('moves between cards with Page Down and Page Up, rendering the next one first', async () => {
    renderList(makePosts(50), fakeQuery());
    await waitFor(() => expect(articles().length).toBeGreaterThan(0));
    const first = articles()[0] as HTMLElement;
    first.focus();
    await userEvent.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('2');
    await userEvent.keyboard('{PageUp}');
    expect(document.activeElement?.getAttribute('aria-posinset')).toBe('1');

    // from the last rendered card, Page Down scrolls the next one in, then focuses it
    const last = articles().at(-1) as HTMLElement;
    const next = Number(last.getAttribute('aria-posinset')) + 1;
    last.focus();
    fireEvent.keyDown(last, { key: 'PageDown' });
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-posinset')).toBe(String(next)),
    );
  });

  it('restores the measured heights when the list is shown again', async () => {
    const { router } = renderList(makePosts(8), fakeQuery({ hasNextPage: false }));
    const feed = await screen.findByRole('feed', { name: 'Home feed' });
    await waitFor(() => expect(positions()).toEqual([1, 2, 3, 4, 5]));
    // scrolled down, every card has been rendered and measured (600 px, not 560)
    setScroll(2000);
    await waitFor(() => expect(positions()).toContain(8));
    const allMeasured = `${8 * CARD + 7 * CARD_GAP}px`;
    await waitFor(() => expect(feed.style.height).toBe(allMeasured));

    await act(() => router.navigate('/p/x'));
    expect(screen.getByText('Post page')).toBeTruthy();
    setScroll(0);
    await act(() => router.navigate(-1));
    // only the first five cards are rendered again, yet the list has its full measured height
    // at once (not 3 cards at the estimate): the router's scroll restoration lands where it was
    const again = await screen.findByRole('feed', { name: 'Home feed' });
    expect(positions()).toEqual([1, 2, 3, 4, 5]);
    expect(again.style.height).toBe(allMeasured);
  });
});
