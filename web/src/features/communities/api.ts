/** Communities (spec §7 Communities: every path as listed there). */
import type {
  CommunitiesResponse,
  Community,
  CommunityActionResponse,
  CommunityCategory,
  CommunityListResponse,
  CommunityMember,
  CommunityPost,
  CommunityPostLikeResponse,
  CommunityPostsResponse,
  CommunityRole,
  CommunitySort,
  CreateCommunityBody,
  InviteResponse,
  MembersResponse,
  UpdateCommunityBody,
} from '@fanspace/contracts';
import { apiClient, LIKE_TIMEOUT_MS } from '../../lib/api/index.ts';

export interface CommunityFilters {
  search: string;
  category: 'all' | CommunityCategory;
  sortBy: CommunitySort;
}

/** Spec §2: category defaults to all and sortBy to activity. */
export const DEFAULT_FILTERS: CommunityFilters = {
  search: '',
  category: 'all',
  sortBy: 'activity',
};

const path = (id: string) => `/communities/${encodeURIComponent(id)}`;

export const fetchCommunities = (filters: CommunityFilters, page: number) =>
  apiClient.get<CommunitiesResponse>('/communities', {
    query: {
      category: filters.category,
      sortBy: filters.sortBy,
      page,
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    },
  });
export const searchCommunities = (q: string) =>
  apiClient.get<CommunityListResponse>('/communities/search', { query: { q } });
export const fetchRecommended = () =>
  apiClient.get<CommunityListResponse>('/communities/recommended');
export const fetchTrending = () => apiClient.get<CommunityListResponse>('/communities/trending');
export const fetchCommunity = (id: string) => apiClient.get<Community>(path(id));
export const createCommunity = (body: CreateCommunityBody) =>
  apiClient.post<Community>('/communities', body);
export const updateCommunity = (id: string, body: UpdateCommunityBody) =>
  apiClient.put<Community>(path(id), body);
export const deleteCommunity = (id: string) => apiClient.delete<CommunityActionResponse>(path(id));
export const joinCommunity = (id: string) =>
  apiClient.post<CommunityActionResponse>(`${path(id)}/join`);
export const leaveCommunity = (id: string) =>
  apiClient.post<CommunityActionResponse>(`${path(id)}/leave`);
export const inviteToCommunity = (id: string, userId: string) =>
  apiClient.post<InviteResponse>(`${path(id)}/invite`, { userId });
export const fetchMembers = (id: string, page: number) =>
  apiClient.get<MembersResponse>(`${path(id)}/members`, { query: { page } });
export const updateMemberRole = (id: string, userId: string, role: CommunityRole) =>
  apiClient.put<CommunityMember>(`${path(id)}/members/${encodeURIComponent(userId)}`, { role });
export const removeMember = (id: string, userId: string) =>
  apiClient.delete<CommunityActionResponse>(`${path(id)}/members/${encodeURIComponent(userId)}`);
export const fetchCommunityPosts = (id: string, page: number) =>
  apiClient.get<CommunityPostsResponse>(`${path(id)}/posts`, { query: { page } });

/** Spec §7: community posts are multipart; the image is optional. */
export function createCommunityPost(id: string, content: string, image: File | null) {
  const form = new FormData();
  form.append('content', content);
  if (image) form.append('image', image);
  return apiClient.post<CommunityPost>(`${path(id)}/posts`, form);
}
export const deleteCommunityPost = (postId: string) =>
  apiClient.delete<CommunityActionResponse>(`/communities/posts/${encodeURIComponent(postId)}`);
/** Spec §9: a like request gives up after 10 seconds. */
export const likeCommunityPost = (postId: string) =>
  apiClient.post<CommunityPostLikeResponse>(
    `/communities/posts/${encodeURIComponent(postId)}/like`,
    undefined,
    { timeoutMs: LIKE_TIMEOUT_MS },
  );
