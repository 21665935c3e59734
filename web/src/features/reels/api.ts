/** Reels (spec §7 "Other families": /reels, /reels/{id}, /reels/{id}/like). */
import type {
  DeleteReelCommentResponse,
  DeleteReelResponse,
  ReelComment,
  ReelCommentsResponse,
  Reel,
  ReelLikeResponse,
  ReelsResponse,
  ReelViewResponse,
} from '@fanspace/contracts';
import { apiClient, LIKE_TIMEOUT_MS } from '../../lib/api/index.ts';

const path = (id: string) => `/reels/${encodeURIComponent(id)}`;

export const fetchReels = (cursor: string | null) =>
  apiClient.get<ReelsResponse>('/reels', { query: cursor ? { cursor } : {} });
/** Spec §9: a like request gives up after 10 seconds. */
export const likeReel = (id: string) =>
  apiClient.post<ReelLikeResponse>(`${path(id)}/like`, undefined, { timeoutMs: LIKE_TIMEOUT_MS });
export const viewReel = (id: string) => apiClient.post<ReelViewResponse>(`${path(id)}/view`);
export const deleteReel = (id: string) => apiClient.delete<DeleteReelResponse>(path(id));

export function createReel(video: File, caption: string) {
  const form = new FormData();
  form.append('caption', caption);
  form.append('video', video);
  return apiClient.post<Reel>('/reels', form);
}

export const fetchReelComments = (id: string, page = 1) =>
  apiClient.get<ReelCommentsResponse>(`${path(id)}/comments`, { query: { page } });
export const addReelComment = (id: string, content: string) =>
  apiClient.post<ReelComment>(`${path(id)}/comments`, { content });
export const deleteReelComment = (commentId: string) =>
  apiClient.delete<DeleteReelCommentResponse>(`/reels/comments/${encodeURIComponent(commentId)}`);
