import { sql, type SqlBool } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { Precompiled } from '../../platform/db/precompiled.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { activeSubscription, type PageWindow } from './posts.queries.ts';
import {
  pageExtraColumns,
  splitPage,
  viewerFactColumns,
  type PageExtras,
  type PostFacts,
} from './viewer-state.queries.ts';

/**
 * The home feed as a two-phase query whose cost does not grow with the posts table (see
 * docs/PERFORMANCE.md for the measurements and plans):
 * 1. the authors: the viewer, everyone they follow or actively subscribe to, kept only while
 *    the account is visible (active or suspended, not deleted, no block either way); every
 *    author-level visibility rule is decided here once, not per post;
 * 2. per author, the newest `offset + limit` live published posts from posts_author_idx
 *    (user_id, published_at desc, id desc) – an index-only scan – merged and cut to the page;
 *    only the page's rows are then read from the heap.
 */

/** Totals are counted up to this many posts ahead (50 pages); beyond it the feed says "at least". */
export const HOME_COUNT_CAP = 1000;

function homeAuthors(db: DbHandle, viewerId: string) {
  const followed = db
    .selectFrom('follows')
    .select('followee_id as id')
    .where('follower_id', '=', viewerId)
    .union(
      db
        .selectFrom('subscriptions')
        .select('creator_id as id')
        .where('subscriber_id', '=', viewerId)
        .where(activeSubscription),
    )
    .union(db.selectNoFrom(sql<string>`${viewerId}::uuid`.as('id')));
  // each followed account's row probed by its key: as `users.id in (…)` PostgreSQL hash-joined
  // a seq scan of every account on a small site (docs/PERFORMANCE.md "The feed's authors")
  const liveAccount = db
    .selectFrom('users as home_au')
    .select('home_au.id')
    .where('home_au.id', '=', sql.ref<string>('home_f.id'))
    .where('home_au.status', 'in', ['active', 'suspended'])
    .where('home_au.deleted_at', 'is', null)
    // a LIMIT keeps the probe a subquery of its own, run per followed account
    .limit(sql.lit(1));
  return db
    .selectFrom(followed.as('home_f'))
    .innerJoinLateral(liveAccount.as('home_live'), (join) => join.onTrue())
    .select('home_f.id')
    .where(notHiddenFrom(viewerId, 'home_f.id'));
}

/** Live, published posts of one author (the lateral probe), newest first, `take` at most. */
function newestOfAuthor(db: DbHandle, take: number) {
  return db
    .selectFrom('posts as hp')
    .select(['hp.id', 'hp.published_at'])
    .whereRef('hp.user_id', '=', sql.ref('home_a.id'))
    .where('hp.deleted_at', 'is', null)
    .where(sql<SqlBool>`hp.published_at <= now()`)
    .orderBy('hp.published_at', 'desc')
    .orderBy('hp.id', 'desc')
    .limit(take);
}

/** Phase 1: the page's post ids and their order (`take`: the page's end, offset + limit). */
function homePageIds(db: DbHandle, viewerId: string, window: PageWindow, take: number) {
  return db
    .selectFrom(homeAuthors(db, viewerId).as('home_a'))
    .innerJoinLateral(newestOfAuthor(db, take).as('home_p'), (join) => join.onTrue())
    .select(['home_p.id', 'home_p.published_at'])
    .orderBy('home_p.published_at', 'desc')
    .orderBy('home_p.id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
}

/** Phase 2: the rows of that page, in feed order (one query with phase 1). */
export function homeFeedRows(
  db: DbHandle,
  viewerId: string,
  window: PageWindow,
  take = window.offset + window.limit,
) {
  return db
    .selectFrom(homePageIds(db, viewerId, window, take).as('page'))
    .innerJoin('posts', 'posts.id', 'page.id')
    .selectAll('posts')
    .orderBy('page.published_at', 'desc')
    .orderBy('page.id', 'desc');
}

/** The number of feed posts, counted up to max(HOME_COUNT_CAP, the end of this page + 1). */
export function homeFeedCount(
  db: DbHandle,
  viewerId: string,
  window: PageWindow,
  cap = homeCountCap(window),
) {
  return db
    .selectFrom(
      db
        .selectFrom(homeAuthors(db, viewerId).as('home_a'))
        .innerJoinLateral(newestOfAuthor(db, cap).as('home_p'), (join) => join.onTrue())
        .select('home_p.id')
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'));
}

const homeCountCap = (window: PageWindow) =>
  Math.max(HOME_COUNT_CAP, window.offset + window.limit + 1);

/** The whole page in one statement: rows, the viewer's facts, authors, media and the total. */
export function homePageQuery(
  db: DbHandle,
  viewerId: string,
  window: PageWindow,
  take = window.offset + window.limit,
  cap = homeCountCap(window),
) {
  return homeFeedRows(db, viewerId, window, take)
    .select(viewerFactColumns(viewerId))
    .select(pageExtraColumns(viewerId))
    .select(homeFeedCount(db, viewerId, window, cap).as('feed_total'));
}

/**
 * The page query, built and compiled once per process and page shape (platform/db/precompiled.ts);
 * the window's numbers are in its text, so PostgreSQL keeps one generic plan for it.
 */
const homePage = new Precompiled(
  ['viewer', 'limit', 'offset', 'take', 'cap'] as const,
  (db, p) => homePageQuery(db, p.viewer, { limit: p.limit, offset: p.offset }, p.take, p.cap),
  ['limit', 'offset', 'take', 'cap'],
);

/**
 * One round trip: the page's rows carry the total (an InitPlan evaluated once), the viewer's
 * like and purchase of each post, and its author (with the viewer's relations) and media.
 */
export async function homeFeed(
  db: DbHandle,
  viewerId: string,
  window: PageWindow,
): Promise<{ rows: PostRow[]; total: number; facts: PostFacts; extras?: PageExtras }> {
  const rows = await homePage.execute(db, {
    viewer: viewerId,
    limit: window.limit,
    offset: window.offset,
    take: window.offset + window.limit,
    cap: homeCountCap(window),
  });
  if (rows.length === 0) {
    // past the last page: the count alone
    const count = await homeFeedCount(db, viewerId, window).executeTakeFirstOrThrow();
    return {
      rows: [],
      total: Number(count.total),
      facts: { liked: new Set(), purchased: new Set() },
    };
  }
  const total = Number(rows[0]?.feed_total ?? 0);
  return { ...splitPage(rows.map(({ feed_total: _, ...row }) => row)), total };
}
