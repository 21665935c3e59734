import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { hiddenUserIds } from '../graph/graph.relations.ts';
import {
  discoverFeed,
  discoverRanking,
  findVisiblePostsPage,
  type PageWindow,
} from './posts.queries.ts';
import type { PageExtras, PostFacts } from './viewer-state.queries.ts';

/**
 * Discover from a per-process ranking: the trending score depends on now(), so no index can
 * order by it and ranking means scoring every public post of the 30-day window (95 ms at 1M
 * posts, docs/PERFORMANCE.md). The ranking is the same for everyone but blocks, so each
 * process ranks once every DISCOVER_CACHE_SECONDS (one refresh in flight at a time) and keeps
 * the first RANKED_HEAD ids; a request drops the authors the viewer blocks or is blocked by,
 * slices its page, and reads those rows through visiblePosts (so a post deleted since, or an
 * author banned since, is left out at once) with the viewer's facts, authors and media in the
 * same statement. Pages past the head rank on the spot.
 */

export const RANKED_HEAD = 1000;

interface Ranking {
  entries: Array<{ id: string; user_id: string }>;
  total: number;
}

const rankings = new WeakMap<DbHandle, { at: number; ranking: Promise<Ranking> }>();

function ranking(db: DbHandle, ttlMs: number): Promise<Ranking> {
  const now = Date.now();
  const cached = rankings.get(db);
  if (cached && now - cached.at < ttlMs) return cached.ranking;
  const fresh = discoverRanking(db, RANKED_HEAD);
  rankings.set(db, { at: now, ranking: fresh });
  // a failed ranking is not kept: the next request ranks again
  fresh.catch(() => rankings.delete(db));
  return fresh;
}

export async function cachedDiscoverFeed(
  db: DbHandle,
  viewerId: string | null,
  window: PageWindow,
  ttlSeconds: number,
  /** where the shared ranking is read (the read replica when there is one) */
  rankDb: DbHandle = db,
): Promise<{ rows: PostRow[]; total: number; facts?: PostFacts; extras?: PageExtras }> {
  if (ttlSeconds <= 0) return discoverFeed(db, viewerId, window);
  const ranked = await ranking(rankDb, ttlSeconds * 1000);
  const end = window.offset + window.limit;
  if (end > ranked.entries.length && ranked.total > ranked.entries.length)
    return discoverFeed(db, viewerId, window);
  const hidden = new Set(viewerId ? await hiddenUserIds(db, viewerId) : []);
  const visible = ranked.entries.filter((e) => !hidden.has(e.user_id));
  const pageIds = visible.slice(window.offset, end).map((e) => e.id);
  // the rows with the viewer's facts, authors and media: one statement for the page
  const page = await findVisiblePostsPage(db, viewerId, pageIds);
  return {
    ...page,
    total: ranked.total - (ranked.entries.length - visible.length),
  };
}
