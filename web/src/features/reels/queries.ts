/** Reels queries: the feed (cursor pages), like (optimistic), views, post and delete. */
import type { Reel, ReelsResponse } from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import * as api from './api.ts';

export const reelKeys = {
  all: ['reels'] as const,
  feed: () => [...reelKeys.all, 'feed'] as const,
  comments: (id: string) => [...reelKeys.all, 'comments', id] as const,
};

type Feed = InfiniteData<ReelsResponse, string | null>;

export const useReelsFeedQuery = () =>
  useInfiniteQuery({
    queryKey: reelKeys.feed(),
    queryFn: ({ pageParam }) => api.fetchReels(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });

function patchReel(data: Feed | undefined, id: string, patch: (r: Reel) => Reel): Feed | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      reels: p.reels.map((r) => (r.id === id ? patch(r) : r)),
    })),
  };
}

export function useLikeReelMutation() {
  const queryClient = useQueryClient();
  const key = reelKeys.feed();
  return useMutation({
    mutationFn: (id: string) => api.likeReel(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Feed>(key);
      queryClient.setQueryData<Feed>(key, (data) =>
        patchReel(data, id, (r) => ({
          ...r,
          isLiked: !r.isLiked,
          likeCount: r.likeCount + (r.isLiked ? -1 : 1),
        })),
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessageOf(error, 'Failed to like the reel'));
    },
    onSuccess: (result) =>
      queryClient.setQueryData<Feed>(key, (data) =>
        patchReel(data, result.reelId, (r) => ({
          ...r,
          isLiked: result.liked,
          likeCount: result.likeCount,
        })),
      ),
  });
}

export function useViewReelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.viewReel(id),
    onSuccess: (result) =>
      queryClient.setQueryData<Feed>(reelKeys.feed(), (data) =>
        patchReel(data, result.reelId, (r) => ({ ...r, viewCount: result.viewCount })),
      ),
  });
}

export function useCreateReelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { video: File; caption: string }) =>
      api.createReel(input.video, input.caption).catch((error: unknown) => {
        throw new Error(errorMessageOf(error, 'Failed to post the reel'));
      }),
    onSuccess: () => {
      toast.success('Reel posted');
      void queryClient.invalidateQueries({ queryKey: reelKeys.all });
    },
  });
}

export function useDeleteReelMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteReel(id),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: reelKeys.all });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to delete the reel')),
  });
}

/** Oldest first, a page at a time: later pages (the newest comments) come with "Show more". */
export const useReelCommentsQuery = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: reelKeys.comments(id),
    queryFn: ({ pageParam }) => api.fetchReelComments(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });

/** Adding or deleting a comment refreshes the list and the reel's comment count. */
export function useReelCommentMutations(id: string) {
  const queryClient = useQueryClient();
  const refresh = (count: number) => {
    void queryClient.invalidateQueries({ queryKey: reelKeys.comments(id) });
    queryClient.setQueryData<Feed>(reelKeys.feed(), (data) =>
      patchReel(data, id, (r) => ({ ...r, commentCount: count })),
    );
  };
  const add = useMutation({
    mutationFn: (content: string) =>
      api.addReelComment(id, content).catch((error: unknown) => {
        throw new Error(errorMessageOf(error, 'Failed to comment'));
      }),
    onSuccess: () => {
      const feed = queryClient.getQueryData<Feed>(reelKeys.feed());
      const reel = feed?.pages.flatMap((p) => p.reels).find((r) => r.id === id);
      refresh((reel?.commentCount ?? 0) + 1);
    },
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => api.deleteReelComment(commentId),
    onSuccess: (result) => refresh(result.commentCount),
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to delete the comment')),
  });
  return { add, remove };
}
