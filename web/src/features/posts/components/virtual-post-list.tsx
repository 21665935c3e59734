/**
 * A long list of post cards as an ARIA feed, virtualised against the window scroll
 * (@tanstack/react-virtual): only the cards near the viewport are in the DOM, each measured as
 * it renders (cards differ in height: captions, media, locked teasers). The next page is asked
 * for when the last rendered card is within a few of the end. Measured heights are kept per list
 * when the page unmounts, so coming back from a post restores the same total height and the
 * router's scroll restoration lands on the same card.
 *
 * Keyboard: every card is focusable (the feed pattern); Page Down / Page Up move to the next or
 * previous card, scrolling it in first when it is not rendered yet.
 */
import type { Post } from '@fanspace/contracts';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { PostCard } from './post-card.tsx';

/** A card's height before it is measured: a card with one 4:3 image on a phone. */
export const ESTIMATED_CARD_HEIGHT = 560;
/** Space between cards (Tailwind gap-5). */
export const CARD_GAP = 20;
/** Cards rendered beyond the viewport on each side. */
export const OVERSCAN = 3;
/** Ask for the next page when the last rendered card is this close to the end. */
export const LOAD_AHEAD = 5;

const INITIAL_RECT = { width: 0, height: 2 * ESTIMATED_CARD_HEIGHT };

/** Measured sizes per list (its label), kept across unmounts for scroll restoration. */
const measurements = new Map<string, VirtualItem[]>();

/** For tests: forget every kept measurement. */
export function clearPostListMeasurements(): void {
  measurements.clear();
}

/** The list's distance from the top of the document, kept up to date as content above moves. */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const update = () => setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // anything above the list changing height (story tray, onboarding card) resizes the body
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}

export function VirtualPostList({
  posts,
  label,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  posts: Post[];
  /** Accessible name of the feed; also the key its measurements are kept under. */
  label: string;
  hasMore: boolean;
  /** a page is being fetched, or the last one failed: do not ask again on scroll */
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  // no cards beyond the first window in the server's HTML (and so in the hydration of it):
  // less to send, lay out and hydrate before the page answers; they follow straight after
  const hydrated = useHydrated();
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    gap: CARD_GAP,
    overscan: hydrated ? OVERSCAN : 0,
    scrollMargin,
    getItemKey: (index) => posts[index]?.id ?? index,
    initialMeasurementsCache: measurements.get(label) ?? [],
    // the first render (on the server, and the browser's hydration of it) has no window to
    // measure: it renders the cards of two estimated heights, the same on both sides, so the
    // first cards are in the server's HTML and the browser agrees with it
    initialRect: INITIAL_RECT,
  });

  // keep what was measured for the next visit (back from a post)
  useEffect(
    () => () => {
      measurements.set(label, virtualizer.takeSnapshot());
    },
    [virtualizer, label],
  );

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const loadRef = useRef(onLoadMore);
  useEffect(() => {
    loadRef.current = onLoadMore;
  });
  // Once per list length: a re-render before the query reports that it is fetching must not
  // ask again (React Query would cancel the request in flight and start over). A request that
  // ended without new posts (cancelled by a refetch) may be asked again.
  const asked = useRef<{ length: number; started: boolean } | null>(null);
  useEffect(() => {
    const last = asked.current;
    if (last && last.length === posts.length) {
      if (loadingMore) {
        last.started = true;
        return;
      }
      if (!last.started) return;
    }
    if (!hasMore || loadingMore || lastIndex < posts.length - LOAD_AHEAD) return;
    asked.current = { length: posts.length, started: false };
    loadRef.current();
  });

  // Page Down / Page Up between cards, including ones not rendered yet
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`);
    if (el) {
      pendingFocus.current = null;
      el.focus();
    }
  });
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const next = Number(row.dataset.index) + (event.key === 'PageDown' ? 1 : -1);
    if (next < 0 || next >= posts.length) return;
    event.preventDefault();
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${next}"] article`);
    if (el) {
      el.focus();
      el.scrollIntoView?.({ block: 'nearest' });
    } else {
      pendingFocus.current = next;
      virtualizer.scrollToIndex(next, { align: 'start' });
    }
  }

  const offset = items[0] ? items[0].start - virtualizer.options.scrollMargin : 0;
  return (
    <div
      ref={listRef}
      role="feed"
      aria-label={label}
      aria-busy={loadingMore && hasMore}
      onKeyDown={onKeyDown}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {/* one translated block instead of one absolute box per card: simpler paint, and a card
          growing (comments, translation) pushes the next ones down before it is re-measured */}
      <div
        className="absolute inset-x-0 top-0 flex flex-col gap-5"
        style={{ transform: `translateY(${offset}px)` }}
      >
        {items.map((item) => {
          const post = posts[item.index];
          if (!post) return null;
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
              <PostCard
                post={post}
                priority={item.index === 0}
                position={{
                  index: item.index + 1,
                  // -1: the length is unknown while more pages may follow (WAI-ARIA feed)
                  setSize: hasMore ? -1 : posts.length,
                }}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
