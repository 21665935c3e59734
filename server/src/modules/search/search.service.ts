import type {
  HashtagResult,
  SearchQuery,
  SearchResponse,
  SuggestionsQuery,
  SuggestionsResponse,
} from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { hashtagsByPrefix } from '../posts/hashtags.queries.ts';
import { presentPosts, type PostsCtx, type Viewer } from '../posts/post-views.ts';
import type { PageWindow } from '../posts/posts.queries.ts';
import { normaliseTag, searchWords } from '../posts/posts.rules.ts';
import { publicListView } from '../users/user-views.ts';
import { cleanText } from '../users/profile-rules.ts';
import { searchUsers } from '../users/users.queries.ts';
import { postsByTag, postsByText, suggestUsers, type CountedPostRow } from './search.queries.ts';

/**
 * GET /search and /search/suggestions. Accounts hidden by a block (either way) never appear,
 * neither as users nor as authors of posts; posts are presented like everywhere else.
 */

const presentTag = (row: { tag: string; posts_count: number }): HashtagResult => ({
  tag: row.tag,
  name: `#${row.tag}`,
  postsCount: row.posts_count,
});

/** Rows of one more than the page tell whether there is a next page. */
function trim<T>(rows: T[], limit: number): { items: T[]; more: boolean } {
  return { items: rows.slice(0, limit), more: rows.length > limit };
}

/** What the rows of a page counted (their `count(*) over ()`), read off the first one. */
const countOf = <T>(rows: T[], total: (row: T) => number) => (rows[0] ? total(rows[0]) : 0);

/**
 * `#tag` finds the posts carrying that tag; other text searches caption and tags by prefix.
 * `total` counts the matches up to the depth the search reads (search.queries.ts); a page past
 * the last one has no row to carry it, so the first page is asked.
 */
async function matchingPosts(
  db: DbHandle,
  viewerId: string | null,
  text: string,
  window: PageWindow,
): Promise<{ rows: CountedPostRow[]; total: number }> {
  const tag = text.startsWith('#') ? normaliseTag(text) : null;
  const words = tag ? [] : searchWords(text);
  const read = (w: PageWindow): Promise<CountedPostRow[]> =>
    tag
      ? postsByTag(db, viewerId, tag, w)
      : words.length > 0
        ? postsByText(db, viewerId, words, w)
        : Promise.resolve([]);
  const rows = await read(window);
  const total =
    rows.length > 0 || window.offset === 0
      ? countOf(rows, (r) => r.search_total)
      : countOf(await read({ offset: 0, limit: 1 }), (r) => r.search_total);
  return { rows, total };
}

export async function search(
  ctx: PostsCtx,
  viewer: Viewer | null,
  query: SearchQuery,
): Promise<SearchResponse> {
  const viewerId = viewer?.id ?? null;
  const text = cleanText(query.q);
  const offset = (query.page - 1) * query.limit;
  const wants = (filter: SearchQuery['filter']) =>
    query.filter === 'all' || query.filter === filter;
  const probe = { limit: query.limit + 1, offset };

  const name = text.replace(/^@+/, '');
  const users =
    wants('users') && name !== ''
      ? await searchUsers(ctx.db, {
          q: name,
          limit: query.limit,
          offset,
          visibleTo: notHiddenFrom(viewerId, 'users.id'),
        })
      : { rows: [], total: 0 };

  const posts = wants('posts')
    ? await matchingPosts(ctx.db, viewerId, text, probe)
    : { rows: [], total: 0 };
  const postRows = trim(posts.rows, query.limit);

  const tagPrefix = normaliseTag(text);
  const tagRows =
    wants('hashtags') && tagPrefix
      ? await hashtagsByPrefix(ctx.db, tagPrefix, probe.limit, offset)
      : [];
  const tags = trim(tagRows, query.limit);
  const tagsTotal =
    tagRows.length > 0 || offset === 0 || !tagPrefix || !wants('hashtags')
      ? countOf(tagRows, (r) => r.total)
      : countOf(await hashtagsByPrefix(ctx.db, tagPrefix, 1), (r) => r.total);

  return {
    query: text,
    filter: query.filter,
    currentPage: query.page,
    // the longest of the three lists sets the pages; posts are counted up to the depth a
    // search reads (at least SEARCH_CANDIDATES, always past this page when there is more)
    totalPages: Math.ceil(Math.max(users.total, posts.total, tagsTotal) / query.limit),
    hasMore: offset + users.rows.length < users.total || postRows.more || tags.more,
    users: await publicListView(ctx.db, viewerId, users.rows),
    posts: await presentPosts(ctx, viewer, postRows.items),
    hashtags: tags.items.map(presentTag),
  };
}

/** Mention and tag completion (SPEC §9 mention search limit 10). */
export async function suggestions(
  ctx: PostsCtx,
  viewer: Viewer | null,
  query: SuggestionsQuery,
): Promise<SuggestionsResponse> {
  const viewerId = viewer?.id ?? null;
  const text = cleanText(query.q).replace(/^[@#]+/, '');
  if (text === '') return { users: [], hashtags: [] };
  const tag = normaliseTag(text);
  const [users, tags] = await Promise.all([
    suggestUsers(ctx.db, viewerId, text, query.limit),
    tag ? hashtagsByPrefix(ctx.db, tag, query.limit) : Promise.resolve([]),
  ]);
  return {
    users: await publicListView(ctx.db, viewerId, users),
    hashtags: tags.map(presentTag),
  };
}
