/**
 * Search query keys and hooks. Results live under `searchKeys.all`, one of the roots the post
 * cache helpers walk, so a like in search results shows everywhere.
 */
import type { SearchFilter, SearchResponse } from '@fanspace/contracts';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchSearch, fetchSuggestions } from './search-api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string, filter: SearchFilter) =>
    [...searchKeys.all, 'results', q.trim().toLowerCase(), filter] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q.trim().toLowerCase()] as const,
};

/** The part of a typed query the server matches on: no leading '@' or '#', trimmed. */
export function suggestionTerm(raw: string): string {
  return raw.trim().replace(/^[@#]+/, '');
}

export function useSearchQuery(q: string, filter: SearchFilter) {
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: searchKeys.results(term, filter),
    enabled: term.length > 0,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchSearch(term, filter, pageParam),
    getNextPageParam: (last: SearchResponse) => (last.hasMore ? last.currentPage + 1 : undefined),
  });
}

/**
 * Suggestions for what is being typed, after the debounce (spec §9 mention limit 10). Returns
 * the debounced term too, so a list can tell stale results from fresh ones.
 */
export function useSuggestionsQuery(raw: string, options: { enabled?: boolean } = {}) {
  const term = useDebouncedValue(suggestionTerm(raw));
  const query = useQuery({
    queryKey: searchKeys.suggestions(term),
    enabled: (options.enabled ?? true) && term.length > 0,
    queryFn: ({ signal }) => fetchSuggestions(term, undefined, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return { ...query, term };
}
