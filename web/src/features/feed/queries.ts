/**
 * Feed hooks. Home: own, followed and subscribed creators, newest first; discover: public
 * posts ranked by trending score (spec §7/§9). Pages of 20, offset = 20 x (page-1).
 */
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuthStore } from '../auth/store.ts';
import { fetchFeed } from '../posts/posts-api.ts';
import { nextPageOf, postKeys, type FeedMode } from '../posts/queries.ts';

export const feedKeys = {
  all: postKeys.feeds(),
  feed: (mode: FeedMode) => postKeys.feed(mode),
};

export const feedQueryOptions = (mode: FeedMode) =>
  infiniteQueryOptions({
    queryKey: feedKeys.feed(mode),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchFeed(pageParam, mode === 'discover'),
    getNextPageParam: nextPageOf,
  });

export function useFeedQuery(mode: FeedMode) {
  return useInfiniteQuery(feedQueryOptions(mode));
}

/**
 * Following or unfollowing someone (anywhere in the app) changes whose posts the home feed
 * holds, so it is fetched again when the caller's following list changes.
 */
export function useRefreshFeedOnFollowChange(): void {
  const client = useQueryClient();
  const following = useAuthStore((s) => (s.user?.followingUserIds ?? []).join(','));
  const previous = useRef(following);
  useEffect(() => {
    if (previous.current === following) return;
    previous.current = following;
    void client.invalidateQueries({ queryKey: feedKeys.feed('home') });
  }, [following, client]);
}
