import { Type, type Static } from '@sinclair/typebox';
import { Post, PostPaging } from './posts.ts';
import { PublicUser } from './users.ts';

/**
 * GET /search and /search/suggestions (SPEC §7 Search, §9 mention search limit 10). Posts come
 * through the same presenter as every other post response, so a locked one carries no original
 * media URL here either.
 */

export const SEARCH_FILTERS = ['all', 'users', 'posts', 'hashtags'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  filter: Type.Union(
    [Type.Literal('all'), Type.Literal('users'), Type.Literal('posts'), Type.Literal('hashtags')],
    { default: 'all' },
  ),
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const HashtagResult = Type.Object({
  /** the normalised tag, lower case, without '#' */
  tag: Type.String(),
  /** '#' + tag, for display */
  name: Type.String(),
  postsCount: Type.Integer(),
});
export type HashtagResult = Static<typeof HashtagResult>;

export const SearchResponse = Type.Object({
  query: Type.String(),
  filter: Type.Union([
    Type.Literal('all'),
    Type.Literal('users'),
    Type.Literal('posts'),
    Type.Literal('hashtags'),
  ]),
  currentPage: Type.Integer(),
  /**
   * pages of the longest list; posts are counted up to the newest 1,000 matches (or past the
   * asked page), so a common word's count stops there while hasMore stays exact
   */
  totalPages: Type.Integer(),
  /** some list of this page was full, so the next page may have more */
  hasMore: Type.Boolean(),
  users: Type.Array(PublicUser),
  posts: Type.Array(Post),
  hashtags: Type.Array(HashtagResult),
});
export type SearchResponse = Static<typeof SearchResponse>;

export const SuggestionsQuery = Type.Object({
  /** the text after '@' or '#' (either prefix is accepted and decides nothing) */
  q: Type.String({ minLength: 1, maxLength: 60 }),
  limit: Type.Integer({ minimum: 1, maximum: 20, default: PostPaging.mentionSearch }),
});
export type SuggestionsQuery = Static<typeof SuggestionsQuery>;

export const SuggestionsResponse = Type.Object({
  users: Type.Array(PublicUser),
  hashtags: Type.Array(HashtagResult),
});
export type SuggestionsResponse = Static<typeof SuggestionsResponse>;
