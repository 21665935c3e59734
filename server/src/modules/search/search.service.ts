import type {
  HashtagResult,
  SearchQuery,
  SearchResponse,
  SuggestionsQuery,
  SuggestionsResponse,
} from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { PostRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { hashtagsByPrefix } from '../posts/hashtags.queries.ts';
import { presentPosts, type PostsCtx, type Viewer } from '../posts/post-views.ts';
import type { PageWindow } from '../posts/posts.queries.ts';
import { normaliseTag, searchWords } from '../posts/posts.rules.ts';
import { publicListView } from '../users/user-views.ts';
import { cleanText } from '../users/profile-rules.ts';
import { searchUsers } from '../users/users.queries.ts';
import { postsByTag, postsByText, suggestUsers } from './search.queries.ts';

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

/** `#tag` finds the posts carrying that tag; other text searches caption and tags by prefix. */
function matchingPosts(
  db: DbHandle,
  viewerId: string | null,
  text: string,
  window: PageWindow,
): Promise<PostRow[]> {
  const tag = text.startsWith('#') ? normaliseTag(text) : null;
  if (tag) return postsByTag(db, viewerId, tag, window);
  const words = searchWords(text);
  return words.length > 0 ? postsByText(db, viewerId, words, window) : Promise.resolve([]);
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

  const postRows = trim(
    wants('posts') ? await matchingPosts(ctx.db, viewerId, text, probe) : [],
    query.limit,
  );

  const tagPrefix = normaliseTag(text);
  const tags =
    wants('hashtags') && tagPrefix
      ? trim(await hashtagsByPrefix(ctx.db, tagPrefix, probe.limit, offset), query.limit)
      : trim([], query.limit);

  return {
    query: text,
    filter: query.filter,
    currentPage: query.page,
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
