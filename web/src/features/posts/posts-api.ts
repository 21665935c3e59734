/** Posts, likes, views, comments and purchases (spec §7 Posts). Pure request functions. */
import {
  PostPaging,
  type Comment,
  type CommentLikeResponse,
  type CommentPage,
  type CreateCommentBody,
  type CreatePostBody,
  type DeletePostResponse,
  type LikeResponse,
  type Post,
  type PostPage,
  type UnlockResponse,
  type UpdatePostBody,
  type ViewResponse,
  type WalletBalance,
} from '@fanspace/contracts';
import { apiClient, LIKE_TIMEOUT_MS } from '../../lib/api/index.ts';

export const FEED_PAGE_SIZE = PostPaging.feed;
export const USER_POSTS_LIMIT = PostPaging.userPosts;
export const COMMENTS_PAGE_SIZE = PostPaging.comments;

/** Spec §9: offset = 20 x (page-1). Pages are 1-based like the server's currentPage. */
export function feedOffset(page: number, pageSize: number = FEED_PAGE_SIZE): number {
  return pageSize * (Math.max(1, page) - 1);
}

const postPath = (id: string) => `/posts/${encodeURIComponent(id)}`;

export function fetchFeed(page: number, discoverMode: boolean): Promise<PostPage> {
  return apiClient.get<PostPage>('/posts', {
    query: { limit: FEED_PAGE_SIZE, offset: feedOffset(page), discoverMode },
  });
}

export function fetchUserPosts(userId: string, page = 1, media = false): Promise<PostPage> {
  return apiClient.get<PostPage>(`/posts/user/${encodeURIComponent(userId)}`, {
    query: {
      limit: USER_POSTS_LIMIT,
      offset: feedOffset(page, USER_POSTS_LIMIT),
      ...(media ? { media: true } : {}),
    },
  });
}

export function fetchPost(id: string): Promise<Post> {
  return apiClient.get<Post>(postPath(id));
}

export function createPost(body: CreatePostBody): Promise<Post> {
  return apiClient.post<Post>('/posts', body);
}

export function updatePost(id: string, body: UpdatePostBody): Promise<Post> {
  return apiClient.put<Post>(postPath(id), body);
}

export function deletePost(id: string): Promise<DeletePostResponse> {
  return apiClient.delete<DeletePostResponse>(postPath(id));
}

export function setPostLike(id: string, like: boolean): Promise<LikeResponse> {
  const path = `${postPath(id)}/like`;
  return like
    ? apiClient.post<LikeResponse>(path, undefined, { timeoutMs: LIKE_TIMEOUT_MS })
    : apiClient.delete<LikeResponse>(path, { timeoutMs: LIKE_TIMEOUT_MS });
}

export function recordView(id: string): Promise<ViewResponse> {
  return apiClient.post<ViewResponse>(`${postPath(id)}/view`);
}

/**
 * Pay-to-unlock from the wallet. Money calls carry an Idempotency-Key: one key per purchase
 * attempt, so a retry after a lost answer cannot charge twice.
 */
export function unlockPost(
  id: string,
  idempotencyKey: string,
  promoCode?: string,
): Promise<UnlockResponse> {
  return apiClient.post<UnlockResponse>(
    `${postPath(id)}/unlock`,
    promoCode ? { promoCode } : undefined,
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}

export function fetchWalletBalance(): Promise<WalletBalance> {
  return apiClient.get<WalletBalance>('/wallet/balance');
}

export function fetchComments(postId: string, page: number): Promise<CommentPage> {
  return apiClient.get<CommentPage>(`${postPath(postId)}/comments`, {
    query: { page, limit: COMMENTS_PAGE_SIZE },
  });
}

export function createComment(postId: string, body: CreateCommentBody): Promise<Comment> {
  return apiClient.post<Comment>(`${postPath(postId)}/comments`, body);
}

const commentPath = (postId: string, commentId: string) =>
  `${postPath(postId)}/comments/${encodeURIComponent(commentId)}`;

export function updateComment(postId: string, commentId: string, text: string): Promise<Comment> {
  return apiClient.put<Comment>(commentPath(postId, commentId), { text });
}

export function deleteComment(postId: string, commentId: string): Promise<Comment> {
  return apiClient.delete<Comment>(commentPath(postId, commentId));
}

export function toggleCommentLike(postId: string, commentId: string): Promise<CommentLikeResponse> {
  return apiClient.post<CommentLikeResponse>(`${commentPath(postId, commentId)}/like`, undefined, {
    timeoutMs: LIKE_TIMEOUT_MS,
  });
}

export function fetchPurchasedContent(page: number): Promise<PostPage> {
  return apiClient.get<PostPage>('/purchased-content', {
    query: { page, limit: FEED_PAGE_SIZE },
  });
}
