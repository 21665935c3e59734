/**
 * People query keys and hooks: trending creators (feed suggestions, discover) and the caller's
 * followers and following (keyset pages). Follows themselves go through the profile feature's
 * relation mutation, which keeps the caller's lists in the session (spec §4 Follow).
 */
import type { PublicUser, UserPage } from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { authKeys } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';
import { profileKeys } from '../profile/queries.ts';
import {
  fetchMyConnections,
  fetchTrendingCreators,
  removeFollower,
  type ConnectionKind,
} from './people-api.ts';

export const peopleKeys = {
  all: ['people'] as const,
  trending: (limit: number) => [...peopleKeys.all, 'trending', limit] as const,
  connections: (kind: ConnectionKind) => [...peopleKeys.all, 'me', kind] as const,
};

export function useTrendingCreatorsQuery(limit = 8) {
  return useQuery({
    queryKey: peopleKeys.trending(limit),
    queryFn: async () => (await fetchTrendingCreators(limit)).users,
    staleTime: 5 * 60_000,
  });
}

export function useMyConnectionsQuery(kind: ConnectionKind, enabled = true) {
  return useInfiniteQuery({
    queryKey: peopleKeys.connections(kind),
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchMyConnections(kind, pageParam),
    getNextPageParam: (last: UserPage) => (last.hasMore ? last.nextCursor : null) ?? undefined,
  });
}

export function usersOfPages(data: InfiniteData<UserPage> | undefined): PublicUser[] {
  const seen = new Set<string>();
  return (data?.pages ?? [])
    .flatMap((page) => page.users)
    .filter((user) => (seen.has(user.id) ? false : (seen.add(user.id), true)));
}

export function useRemoveFollowerMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (user: PublicUser) => removeFollower(user.id),
    onSuccess: (response, user) => {
      useAuthStore.getState().setUser(response.updatedCurrentUser);
      client.setQueryData(authKeys.me(), response.updatedCurrentUser);
      // the caller's own profile counts their followers
      void client.invalidateQueries({ queryKey: profileKeys.all });
      client.setQueryData<InfiniteData<UserPage>>(peopleKeys.connections('followers'), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                users: page.users.filter((u) => u.id !== user.id),
              })),
            }
          : old,
      );
      toast.success(`@${user.username} no longer follows you.`);
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Could not remove this follower.')),
  });
}
