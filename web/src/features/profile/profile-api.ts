/** Profiles and relations (spec §7 Users). Pure request functions. */
import type {
  PublicUser,
  RelationChangeResponse,
  UserListResponse,
  UserPage,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export function fetchUserByUsername(username: string): Promise<PublicUser> {
  return apiClient.get<PublicUser>(`/users/username/${encodeURIComponent(username)}`);
}

export function fetchUserById(id: string): Promise<PublicUser> {
  return apiClient.get<PublicUser>(`/users/${encodeURIComponent(id)}`);
}

/** The relation changes of spec §7; each answers with the caller's refreshed account. */
export const RELATION_CALLS = {
  follow: { method: 'POST', path: (id: string) => `/users/${id}/follow` },
  unfollow: { method: 'DELETE', path: (id: string) => `/users/${id}/follow` },
  block: { method: 'POST', path: (id: string) => `/users/${id}/block` },
  unblock: { method: 'DELETE', path: (id: string) => `/users/${id}/block` },
  restrict: { method: 'POST', path: (id: string) => `/users/${id}/restrict` },
  unrestrict: { method: 'POST', path: (id: string) => `/users/${id}/unrestrict` },
} as const;

export type RelationAction = keyof typeof RELATION_CALLS;

export async function changeRelation(
  action: RelationAction,
  userId: string,
): Promise<RelationChangeResponse> {
  const call = RELATION_CALLS[action];
  const path = call.path(encodeURIComponent(userId));
  const { data } = await apiClient.request<RelationChangeResponse>({ method: call.method, path });
  return data;
}

export async function fetchSignupSuggestions(limit = 10): Promise<PublicUser[]> {
  const body = await apiClient.get<UserListResponse>('/users/signup-suggestions', {
    query: { limit },
  });
  return body.users;
}

/** First page (up to 100) of the people the caller blocked or restricted. */
export async function fetchRelationList(kind: 'blocked' | 'restricted'): Promise<PublicUser[]> {
  const body = await apiClient.get<UserPage>(`/users/me/${kind}-users`, { query: { limit: 100 } });
  return body.users;
}
