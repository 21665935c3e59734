/** Community queries: key factory plus hooks; mutations refresh what they change. */
import type {
  CommunityPost,
  CommunityPostsResponse,
  CommunityRole,
  CreateCommunityBody,
} from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import * as api from './api.ts';

export const communityKeys = {
  all: ['communities'] as const,
  list: (filters: api.CommunityFilters, page: number) =>
    [...communityKeys.all, 'list', filters, page] as const,
  trending: () => [...communityKeys.all, 'trending'] as const,
  recommended: () => [...communityKeys.all, 'recommended'] as const,
  detail: (id: string) => [...communityKeys.all, 'detail', id] as const,
  members: (id: string) => [...communityKeys.all, 'members', id] as const,
  posts: (id: string) => [...communityKeys.all, 'posts', id] as const,
};

export const useCommunitiesQuery = (filters: api.CommunityFilters, page: number) =>
  useQuery({
    queryKey: communityKeys.list(filters, page),
    queryFn: () => api.fetchCommunities(filters, page),
    placeholderData: (previous) => previous,
  });
export const useTrendingQuery = () =>
  useQuery({ queryKey: communityKeys.trending(), queryFn: api.fetchTrending });
export const useRecommendedQuery = () =>
  useQuery({ queryKey: communityKeys.recommended(), queryFn: api.fetchRecommended });
export const useCommunityQuery = (id: string) =>
  useQuery({ queryKey: communityKeys.detail(id), queryFn: () => api.fetchCommunity(id) });
/** Members and posts come a page at a time; the tab shows "Show more" while hasMore. */
const nextPage = (last: { page: number; hasMore: boolean }) =>
  last.hasMore ? last.page + 1 : undefined;
export const useMembersQuery = (id: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: communityKeys.members(id),
    queryFn: ({ pageParam }) => api.fetchMembers(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
export const useCommunityPostsQuery = (id: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: communityKeys.posts(id),
    queryFn: ({ pageParam }) => api.fetchCommunityPosts(id, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });

type PostPages = InfiniteData<CommunityPostsResponse, number>;
/** Every loaded page of posts with `change` applied to each post. */
const mapPosts = (data: PostPages, change: (post: CommunityPost) => CommunityPost): PostPages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(change) })),
});

/** A failure with a readable message for the form or toast. */
const rethrow =
  (fallback: string) =>
  (error: unknown): never => {
    throw new Error(errorMessageOf(error, fallback));
  };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

export function useCreateCommunityMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateCommunityBody) =>
      api.createCommunity(body).catch(rethrow('Failed to create the community')),
    onSuccess: (community) => {
      toast.success(`${community.name} created`);
      void refresh();
    },
  });
}

export function useJoinMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.joinCommunity(id).catch(rethrow('Failed to join the community')),
    onSuccess: (result) => {
      toast.success(result.community ? `Welcome to ${result.community.name}` : 'Joined');
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useLeaveMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.leaveCommunity(id).catch(rethrow('Failed to leave the community')),
    onSuccess: (result) => {
      toast.success(result.message);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useUpdateCommunityMutation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Parameters<typeof api.updateCommunity>[1]) =>
      api.updateCommunity(id, body).catch(rethrow('Failed to update the community')),
    onSuccess: () => {
      toast.success('Community updated');
      void refresh();
    },
  });
}

export function useDeleteCommunityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.deleteCommunity(id).catch(rethrow('Failed to delete the community')),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.removeQueries({ queryKey: communityKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useInviteMutation(id: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      api.inviteToCommunity(id, userId).catch(rethrow('Failed to send the invite')),
    onSuccess: (result) => toast.success(result.message),
  });
}

export function useRoleMutation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { userId: string; role: CommunityRole }) =>
      api
        .updateMemberRole(id, input.userId, input.role)
        .catch(rethrow('Failed to change the role')),
    onSuccess: (member) => {
      toast.success(
        `${member.user.username} is now ${member.role === 'owner' ? 'the owner' : `a ${member.role}`}`,
      );
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useRemoveMemberMutation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) =>
      api.removeMember(id, userId).catch(rethrow('Failed to remove the member')),
    onSuccess: (result) => {
      toast.success(result.message);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useCreatePostMutation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { content: string; image: File | null }) =>
      api.createCommunityPost(id, input.content, input.image).catch(rethrow('Failed to post')),
    onSuccess: () => void refresh(),
  });
}

export function useDeletePostMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (postId: string) =>
      api.deleteCommunityPost(postId).catch(rethrow('Failed to delete post')),
    onSuccess: (result) => {
      toast.success(result.message);
      void refresh();
    },
    onError: (error) => toast.error(error.message),
  });
}

/** Likes are optimistic and roll back on error (as post likes, spec §4). */
export function useLikePostMutation(id: string) {
  const queryClient = useQueryClient();
  const key = communityKeys.posts(id);
  return useMutation({
    mutationFn: (postId: string) => api.likeCommunityPost(postId),
    onMutate: async (postId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PostPages>(key);
      if (previous)
        queryClient.setQueryData<PostPages>(
          key,
          mapPosts(previous, (p) =>
            p.id === postId
              ? { ...p, isLiked: !p.isLiked, likeCount: p.likeCount + (p.isLiked ? -1 : 1) }
              : p,
          ),
        );
      return { previous };
    },
    onError: (error, _postId, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(errorMessageOf(error, 'Failed to like the post'));
    },
    onSuccess: (result) => {
      queryClient.setQueryData<PostPages>(key, (data) =>
        data
          ? mapPosts(data, (p) =>
              p.id === result.postId
                ? { ...p, isLiked: result.liked, likeCount: result.likeCount }
                : p,
            )
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.detail(id) });
    },
  });
}
