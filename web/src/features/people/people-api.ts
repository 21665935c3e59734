/** People lists (spec §7 Users): trending creators and the caller's followers/following. */
import {
  DiscoveryDefaults,
  type RelationChangeResponse,
  type UserListResponse,
  type UserPage,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export type ConnectionKind = 'followers' | 'following';

export const CONNECTIONS_PAGE_SIZE = 20;

export async function fetchTrendingCreators(
  limit: number = DiscoveryDefaults.trending,
): Promise<UserListResponse> {
  return apiClient.get<UserListResponse>('/users/trending', { query: { limit } });
}

/** Keyset pages: the first without a cursor, then `nextCursor` until it is null. */
export function fetchMyConnections(kind: ConnectionKind, cursor: string | null): Promise<UserPage> {
  return apiClient.get<UserPage>(`/users/me/${kind}`, {
    query: { limit: CONNECTIONS_PAGE_SIZE, cursor: cursor ?? undefined },
  });
}

export function removeFollower(userId: string): Promise<RelationChangeResponse> {
  return apiClient.delete<RelationChangeResponse>(
    `/users/me/followers/${encodeURIComponent(userId)}`,
  );
}
