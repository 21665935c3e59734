/** Story queries and mutations: the tray, one creator's stories, views and viewers. */
import type { StoriesResponse, StoryGroup } from '@fanspace/contracts';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { UploadOptions } from '../media-vault/upload-request.ts';
import {
  createStory,
  deleteStory,
  fetchStories,
  fetchStoryViewers,
  markStoryViewed,
  type StoryDraft,
} from './api.ts';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const storyKeys = {
  all: ['stories'] as const,
  tray: () => [...storyKeys.all, 'tray'] as const,
  user: (userId: string) => [...storyKeys.all, 'user', userId] as const,
  viewers: (storyId: string) => [...storyKeys.all, 'viewers', storyId] as const,
};

/** The home feed's tray; stories come and go, so it refreshes every minute while shown. */
export const storyTrayQueryOptions = () =>
  queryOptions({ queryKey: storyKeys.tray(), queryFn: () => fetchStories(), staleTime: 30_000 });
export const useStoryTrayQuery = (enabled = true) =>
  useQuery({ ...storyTrayQueryOptions(), enabled, refetchInterval: pollUnlessFailed(60_000) });

export const useUserStoriesQuery = (userId: string | null) =>
  useQuery({
    queryKey: storyKeys.user(userId ?? ''),
    queryFn: () => fetchStories({ userId: userId ?? undefined }),
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** Groups with a story marked seen; `hasUnseen` follows. */
export function markSeenIn(data: StoriesResponse, storyId: string): StoriesResponse {
  let changed = false;
  const groups: StoryGroup[] = data.groups.map((group) => {
    if (!group.stories.some((s) => s.id === storyId && !s.seen)) return group;
    changed = true;
    const stories = group.stories.map((s) => (s.id === storyId ? { ...s, seen: true } : s));
    return { ...group, stories, hasUnseen: stories.some((s) => !s.seen) };
  });
  if (!changed) return data;
  return { ...data, groups, stories: groups.flatMap((g) => g.stories) };
}

/** Groups without a story; a group left empty goes. */
export function removeStoryFrom(data: StoriesResponse, storyId: string): StoriesResponse {
  const groups = data.groups
    .map((group) => ({ ...group, stories: group.stories.filter((s) => s.id !== storyId) }))
    .filter((group) => group.stories.length > 0);
  return { ...data, groups, stories: groups.flatMap((g) => g.stories) };
}

function updateStoryLists(client: QueryClient, update: (data: StoriesResponse) => StoriesResponse) {
  client.setQueriesData<StoriesResponse>({ queryKey: storyKeys.all }, (data) =>
    data && 'groups' in data ? update(data) : data,
  );
}

/** Marks a story seen at once (the ring turns grey), and tells the server. */
export function useMarkStorySeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => markStoryViewed(storyId),
    onMutate: (storyId) => updateStoryLists(client, (data) => markSeenIn(data, storyId)),
  });
}

export function useCreateStoryMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      draft,
      onProgress,
    }: {
      draft: StoryDraft;
      onProgress?: UploadOptions['onProgress'];
    }) => createStory(draft, { onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: storyKeys.all }),
  });
}

export function useDeleteStoryMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storyId: string) => deleteStory(storyId),
    onSuccess: (_result, storyId) => {
      updateStoryLists(client, (data) => removeStoryFrom(data, storyId));
      return client.invalidateQueries({ queryKey: storyKeys.all });
    },
  });
}

/** Who saw one of my stories, page by page (keyset cursor). */
export const useStoryViewersQuery = (storyId: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: storyKeys.viewers(storyId),
    queryFn: ({ pageParam }) => fetchStoryViewers(storyId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    enabled,
  });
