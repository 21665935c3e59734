import type { FeedQuery, PostPage, UserPostsQuery } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { isUuid } from '../../platform/ids.ts';
import { findUserById } from '../users/users.queries.ts';
import { assertPubliclyVisible, userNotFound } from '../users/users.policy.ts';
import { presentPosts, type PostsCtx, type Viewer } from './post-views.ts';
import { cachedDiscoverFeed } from './discover-cache.ts';
import { homeFeed } from './home-feed.queries.ts';
import { authorPosts, type PageWindow } from './posts.queries.ts';
import type { PageExtras, PostFacts } from './viewer-state.queries.ts';

/** The post lists: home and discover feeds and a profile's posts, all offset-paged. */

/** SPEC §3 Pagination for offset paging (offset = limit x (page-1)). */
export function pageInfo(window: PageWindow, total: number, count: number) {
  return {
    currentPage: Math.floor(window.offset / window.limit) + 1,
    totalPages: Math.ceil(total / window.limit),
    hasMore: window.offset + count < total,
  };
}

export async function postPage(
  ctx: PostsCtx,
  viewer: Viewer | null,
  window: PageWindow,
  result: {
    rows: PostRow[];
    total: number;
    facts?: PostFacts | undefined;
    extras?: PageExtras | undefined;
  },
): Promise<PostPage> {
  return {
    posts: await presentPosts(ctx, viewer, result.rows, ctx.db, result.facts, result.extras),
    ...pageInfo(window, result.total, result.rows.length),
  };
}

/**
 * GET /posts: the home feed of a signed-in viewer, or discover (discoverMode=true, and always
 * for visitors, who have no home).
 */
export async function feed(
  ctx: PostsCtx & Pick<AppContext, 'readDb'>,
  viewer: Viewer | null,
  query: FeedQuery,
): Promise<PostPage> {
  const window = { limit: query.limit, offset: query.offset };
  const result =
    viewer && !query.discoverMode
      ? await homeFeed(ctx.db, viewer.id, window)
      : await cachedDiscoverFeed(
          ctx.db,
          viewer?.id ?? null,
          window,
          ctx.config.DISCOVER_CACHE_SECONDS,
          // the ranking is the same for everyone: ranked on the replica even for a viewer
          // whose own reads are on the primary, so a process keeps one ranking, not two
          ctx.readDb,
        );
  return postPage(ctx, viewer, window, result);
}

/**
 * GET /posts/user/{id}: an unknown, banned or deleted account is 404, like its profile; so is
 * a malformed id.
 */
export async function userPosts(
  ctx: PostsCtx,
  viewer: Viewer | null,
  userId: string,
  query: UserPostsQuery,
): Promise<PostPage> {
  if (!isUuid(userId)) throw userNotFound();
  const window = { limit: query.limit, offset: query.offset };
  const result = await authorPosts(ctx.db, viewer?.id ?? null, userId, window, query.media);
  // a post in the page says its author is visible (`visiblePosts`); without one, ask
  if (result.rows.length === 0) assertPubliclyVisible(await findUserById(ctx.db, userId));
  return postPage(ctx, viewer, window, result);
}
