/** Search (spec §7 Search): results by filter, and mention/hashtag suggestions. */
import {
  PostPaging,
  type SearchFilter,
  type SearchResponse,
  type SuggestionsResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export const SEARCH_PAGE_SIZE = 20;
/** Spec §9: mention search limit 10. */
export const SUGGESTIONS_LIMIT = PostPaging.mentionSearch;
/** The server reads at most this many characters of a query. */
export const SEARCH_QUERY_MAX = 100;
export const SUGGESTION_QUERY_MAX = 60;

export function fetchSearch(
  q: string,
  filter: SearchFilter,
  page: number,
): Promise<SearchResponse> {
  return apiClient.get<SearchResponse>('/search', {
    query: { q: q.slice(0, SEARCH_QUERY_MAX), filter, page, limit: SEARCH_PAGE_SIZE },
  });
}

export function fetchSuggestions(
  q: string,
  limit: number = SUGGESTIONS_LIMIT,
  signal?: AbortSignal,
): Promise<SuggestionsResponse> {
  return apiClient.get<SuggestionsResponse>('/search/suggestions', {
    query: { q: q.slice(0, SUGGESTION_QUERY_MAX), limit },
    signal,
  });
}
