/**
 * Post query keys and hooks. Every query holding posts lives under `postKeys.all` (or the
 * search root), so post-cache.ts can change one post on every screen at once. Likes are
 * optimistic and roll back on error (spec §4); deletes are guarded against duplicates.
 */
import type { DeletePostResponse, PageInfo, Post, UpdatePostBody } from '@fanspace/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ErrorCodes } from '@fanspace/contracts/errors';
import { errorCodeOf, errorMessageOf, isApiError } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { requirePayer } from '../auth/require-payer.ts';
import { profileKeys } from '../profile/queries.ts';
import { refreshWallet } from '../wallet/queries.ts';
import {
  deletePost,
  fetchPost,
  fetchPurchasedContent,
  fetchUserPosts,
  fetchWalletBalance,
  setPostLike,
  unlockPost,
  updatePost,
} from './posts-api.ts';
import {
  findCachedPost,
  removePostFromCaches,
  updatePostInCaches,
  withLike,
} from './post-cache.ts';

export type FeedMode = 'home' | 'discover';

export const postKeys = {
  all: ['posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (mode: FeedMode) => [...postKeys.feeds(), mode] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
  user: (userId: string) => [...postKeys.all, 'user', userId] as const,
  userMedia: (userId: string) => [...postKeys.user(userId), 'media'] as const,
  comments: (postId: string) => [...postKeys.all, 'comments', postId] as const,
  purchased: () => [...postKeys.all, 'purchased'] as const,
  walletBalance: () => [...postKeys.all, 'unlock', 'wallet-balance'] as const,
};

/** Next 1-based page of a page-style list (spec §3 Pagination), or undefined at the end. */
export function nextPageOf(last: PageInfo): number | undefined {
  return last.hasMore ? last.currentPage + 1 : undefined;
}

export function usePostQuery(postId: string | undefined) {
  return useQuery({
    queryKey: postKeys.detail(postId ?? ''),
    enabled: Boolean(postId),
    queryFn: () => fetchPost(postId ?? ''),
    retry: (count, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/**
 * A profile's posts, 50 at a time (spec §9); the profile's prefetch uses them too. `media`:
 * only those with a photo, video or audio file (the Media tab), cached under the posts' key.
 */
export const userPostsQueryOptions = (userId: string, media = false) =>
  infiniteQueryOptions({
    queryKey: media ? postKeys.userMedia(userId) : postKeys.user(userId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchUserPosts(userId, pageParam, media),
    getNextPageParam: nextPageOf,
  });

export function useUserPostsQuery(userId: string | undefined, options: { media?: boolean } = {}) {
  return useInfiniteQuery({
    ...userPostsQueryOptions(userId ?? '', options.media),
    enabled: Boolean(userId),
  });
}

export function usePurchasedContentQuery() {
  return useInfiniteQuery({
    queryKey: postKeys.purchased(),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPurchasedContent(pageParam),
    getNextPageParam: nextPageOf,
  });
}

interface LikeVars {
  postId: string;
  like: boolean;
}

interface LikeSnapshot {
  isLikedByCurrentUser: boolean;
  likeCount: number;
}

export function useLikePostMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, like }: LikeVars) => setPostLike(postId, like),
    onMutate: ({ postId, like }): LikeSnapshot | undefined => {
      const current = findCachedPost(client, postId);
      updatePostInCaches(client, postId, (post) => withLike(post, like));
      return current
        ? { isLikedByCurrentUser: current.isLikedByCurrentUser, likeCount: current.likeCount }
        : undefined;
    },
    onError: (error, { postId }, previous) => {
      // Spec §4/§9: a like that timed out after 10 s keeps its optimistic state.
      if (isApiError(error) && error.code === 'TIMEOUT') return;
      if (previous) {
        updatePostInCaches(client, postId, (post) => ({
          ...post,
          isLikedByCurrentUser: previous.isLikedByCurrentUser,
          likeCount: previous.likeCount,
          likes: previous.likeCount,
        }));
      }
      toast.error(errorMessageOf(error, 'Could not update your like. Please try again.'));
    },
    onSuccess: (response, { postId }) => {
      updatePostInCaches(client, postId, (post) => ({
        ...post,
        isLikedByCurrentUser: response.isLikedByCurrentUser,
        likeCount: response.likeCount,
        likes: response.likes,
      }));
    },
  });
}

/** Deletes in flight by post id: a second request for the same post joins the first (spec §4). */
const deletesInFlight = new Map<string, Promise<DeletePostResponse>>();

export function deletePostOnce(postId: string): Promise<DeletePostResponse> {
  const running = deletesInFlight.get(postId);
  if (running) return running;
  const request = deletePost(postId).finally(() => deletesInFlight.delete(postId));
  deletesInFlight.set(postId, request);
  return request;
}

export function useDeletePostMutation(options: { onDeleted?: (postId: string) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deletePostOnce(postId),
    onSuccess: (_response, postId) => {
      removePostFromCaches(client, postId);
      client.removeQueries({ queryKey: postKeys.detail(postId) });
      // the author's profile counts its posts
      void client.invalidateQueries({ queryKey: profileKeys.all });
      toast.success('Post deleted.');
      options.onDeleted?.(postId);
    },
    onError: (error) => {
      toast.error(errorMessageOf(error, 'Could not delete the post. Please try again.'));
    },
  });
}

export function useUpdatePostMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body }: { postId: string; body: UpdatePostBody }) =>
      updatePost(postId, body),
    onSuccess: (post) => {
      updatePostInCaches(client, post.id, () => post);
      toast.success('Post updated.');
    },
  });
}

/** After an unlock the post must be fetched again: only then does it carry its media URLs. */
export function refreshPostEverywhere(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'posts' || query.queryKey[0] === 'search',
  });
}

export function useUnlockPostMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      postId,
      idempotencyKey,
      promoCode,
    }: {
      postId: string;
      idempotencyKey: string;
      promoCode?: string;
    }) => {
      // SPEC §5: no session, no payment ('You must be logged in to make a payment.')
      requirePayer();
      try {
        await unlockPost(postId, idempotencyKey, promoCode);
      } catch (error) {
        // Bought earlier (another tab, a lost answer): the post is unlocked all the same.
        if (errorCodeOf(error) !== ErrorCodes.ALREADY_UNLOCKED) throw error;
      }
    },
    onSuccess: async () => {
      // Every post list, the purchases and the wallet balance live under these roots; the
      // wallet history under its own.
      await Promise.all([refreshPostEverywhere(client), refreshWallet(client)]);
      toast.success('Post unlocked.');
    },
  });
}

/** The buyer's wallet balance, shown in the unlock dialog (GET /wallet/balance). */
export function useWalletBalanceQuery(enabled: boolean) {
  return useQuery({
    queryKey: postKeys.walletBalance(),
    enabled,
    queryFn: fetchWalletBalance,
    retry: false,
  });
}

/** Marks a post's comment count after a comment was added or removed. */
export function bumpCommentsCount(client: QueryClient, postId: string, delta: number): void {
  updatePostInCaches(client, postId, (post: Post) => ({
    ...post,
    commentsCount: Math.max(0, post.commentsCount + delta),
  }));
}
