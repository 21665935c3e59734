/**
 * Profile query keys and relation mutations. Follow, block and restrict change the caller's
 * own lists (spec §3 User lists) and the viewed profile optimistically, roll both back on
 * error, and take the server's refreshed current user on success (spec §4 Follow/unfollow).
 */
import type { PublicUser } from '@fanspace/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { errorMessageOf, isApiError } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { authKeys } from '../auth/queries.ts';
import { useAuthStore } from '../auth/store.ts';
import { isCreatorUser, type SessionUser } from '../auth/user.ts';
import { postKeys } from '../posts/queries.ts';
import {
  changeRelation,
  fetchRelationList,
  fetchSignupSuggestions,
  fetchUserByUsername,
  type RelationAction,
} from './profile-api.ts';

export const profileKeys = {
  all: ['profiles'] as const,
  byUsername: (username: string) =>
    [...profileKeys.all, 'username', username.toLowerCase()] as const,
};

/** The caller's blocked and restricted people (GET /users/me/blocked-users, restricted-users). */
export const relationListKeys = {
  all: ['relation-lists'] as const,
  list: (kind: 'blocked' | 'restricted') => [...relationListKeys.all, kind] as const,
};

export const suggestionKeys = {
  all: ['users', 'suggestions'] as const,
  signup: (limit: number) => [...suggestionKeys.all, 'signup', limit] as const,
};

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: profileKeys.byUsername(username),
    queryFn: () => fetchUserByUsername(username),
    // A missing or hidden account will not appear on a retry.
    retry: (count, error) => !isMissingProfileError(error) && count < 2,
  });

/**
 * The server says there is no such account: 404, or 400 for a name no account can have (bad
 * characters, too long – a mistyped or mangled link), which is just as missing to the reader.
 */
export function isMissingProfileError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function useProfileQuery(username: string | undefined) {
  const options = profileQueryOptions(username ?? '');
  // The page's prefetch (prefetch.ts) may already have been told the account is missing: asking
  // again as the page mounts would only hear the same answer.
  const cachedError = useQueryClient().getQueryState(options.queryKey)?.error;
  const missing = isMissingProfileError(cachedError);
  return useQuery({ ...options, enabled: Boolean(username), retryOnMount: !missing });
}

export function useRelationListQuery(kind: 'blocked' | 'restricted') {
  return useQuery({
    queryKey: relationListKeys.list(kind),
    queryFn: () => fetchRelationList(kind),
  });
}

export function useSignupSuggestionsQuery(limit = 10, enabled = true) {
  return useQuery({
    queryKey: suggestionKeys.signup(limit),
    enabled,
    queryFn: () => fetchSignupSuggestions(limit),
  });
}

/**
 * Membership in the caller's own lists decides which way a toggle goes (spec §4 Restrict). The
 * viewer-relative flags of a profile (isFollowing…) count too when the server sends them.
 * Following goes by the caller's list alone once it is there: an unfollow patches the profile
 * caches but not every list a row came from (search, trending, followers), whose stale
 * isFollowing would keep the button on 'Following'.
 */
export function relationState(
  me: SessionUser | null,
  user: Pick<PublicUser, 'id'> & Partial<PublicUser>,
) {
  const following = Array.isArray(me?.followingUserIds)
    ? me.followingUserIds.includes(user.id)
    : Boolean(user.isFollowing);
  const blocked = Boolean(me?.blockedUserIds?.includes(user.id) || user.isBlocked);
  const restricted = Boolean(me?.restrictedUserIds?.includes(user.id) || user.isRestricted);
  return { following, blocked, restricted };
}

/** Whether the profile at /u/:username is the signed-in user's own (usernames ignore case). */
export function isOwnProfile(me: SessionUser | null, username: string): boolean {
  return me?.username?.toLowerCase() === username.toLowerCase();
}

/**
 * What a profile page asks for once the profile is there: a creator's offers (shown to others,
 * when the creator has a price and is not blocked), and the widgets and posts (unless blocked).
 * The page's header (useHeaderSettled) and its prefetch (prefetch.ts) both follow this, so the
 * prefetch never asks for what the page would not.
 */
export function profileFollowUps(
  me: SessionUser | null,
  user: PublicUser,
  isOwn: boolean,
): { offers: boolean; widgetsAndPosts: boolean } {
  const { blocked } = relationState(me, user);
  return {
    offers: isCreatorUser(user) && !blocked && !isOwn && user.subscriptionPrice > 0,
    widgetsAndPosts: isOwn || !blocked,
  };
}

function toggled(list: string[] | undefined, id: string, present: boolean): string[] {
  const rest = (list ?? []).filter((x) => x !== id);
  return present ? [...rest, id] : rest;
}

/** The caller's lists after an action, as the server will have them. */
export function applyToMe(me: SessionUser, action: RelationAction, id: string): SessionUser {
  switch (action) {
    case 'follow':
      return { ...me, followingUserIds: toggled(me.followingUserIds, id, true) };
    case 'unfollow':
      return { ...me, followingUserIds: toggled(me.followingUserIds, id, false) };
    case 'block':
      // Blocking ends the follow both ways.
      return {
        ...me,
        blockedUserIds: toggled(me.blockedUserIds, id, true),
        followingUserIds: toggled(me.followingUserIds, id, false),
      };
    case 'unblock':
      return { ...me, blockedUserIds: toggled(me.blockedUserIds, id, false) };
    case 'restrict':
      return { ...me, restrictedUserIds: toggled(me.restrictedUserIds, id, true) };
    case 'unrestrict':
      return { ...me, restrictedUserIds: toggled(me.restrictedUserIds, id, false) };
  }
}

/** A follower count moved by `by`; a hidden one (null) stays hidden. */
const shifted = (count: number | null, by: number) =>
  count === null ? null : Math.max(0, count + by);

/** The other account after an action, as the caller will see it. */
export function applyToUser(user: PublicUser, action: RelationAction): PublicUser {
  const wasFollowing = user.isFollowing === true;
  switch (action) {
    case 'follow':
      return wasFollowing
        ? user
        : { ...user, isFollowing: true, followersCount: shifted(user.followersCount, 1) };
    case 'unfollow':
      return wasFollowing
        ? { ...user, isFollowing: false, followersCount: shifted(user.followersCount, -1) }
        : user;
    case 'block':
      return {
        ...user,
        isBlocked: true,
        isFollowing: false,
        followersCount: shifted(user.followersCount, wasFollowing ? -1 : 0),
      };
    case 'unblock':
      return { ...user, isBlocked: false };
    case 'restrict':
      return { ...user, isRestricted: true };
    case 'unrestrict':
      return { ...user, isRestricted: false };
  }
}

const FAILURE_TEXT: Record<RelationAction, string> = {
  follow: 'Could not follow this account. Please try again.',
  unfollow: 'Could not unfollow this account. Please try again.',
  block: 'Could not block this account. Please try again.',
  unblock: 'Could not unblock this account. Please try again.',
  restrict: 'Could not restrict this account. Please try again.',
  unrestrict: 'Could not unrestrict this account. Please try again.',
};

const SUCCESS_TEXT: Partial<Record<RelationAction, (name: string) => string>> = {
  block: (name) => `@${name} is blocked.`,
  unblock: (name) => `@${name} is unblocked.`,
  restrict: (name) => `@${name} is restricted.`,
  unrestrict: (name) => `@${name} is no longer restricted.`,
};

interface Snapshot {
  me: SessionUser | null;
  cached: Array<[QueryKey, unknown]>;
}

export function useRelationMutation() {
  const queryClient = useQueryClient();

  function patchCachedUser(userId: string, patch: (user: PublicUser) => PublicUser): void {
    queryClient.setQueriesData<PublicUser>({ queryKey: profileKeys.all }, (old) =>
      old && old.id === userId ? patch(old) : old,
    );
    queryClient.setQueriesData<PublicUser[]>({ queryKey: suggestionKeys.all }, (old) =>
      old?.map((u) => (u.id === userId ? patch(u) : u)),
    );
  }

  return useMutation({
    mutationFn: ({ action, user }: { action: RelationAction; user: PublicUser }) =>
      changeRelation(action, user.id),
    onMutate: async ({ action, user }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: profileKeys.all });
      const snapshot: Snapshot = {
        me: useAuthStore.getState().user,
        cached: [
          ...queryClient.getQueriesData({ queryKey: profileKeys.all }),
          ...queryClient.getQueriesData({ queryKey: suggestionKeys.all }),
        ],
      };
      if (snapshot.me) useAuthStore.getState().setUser(applyToMe(snapshot.me, action, user.id));
      patchCachedUser(user.id, (u) => applyToUser(u, action));
      return snapshot;
    },
    onError: (error, { action }, snapshot) => {
      if (snapshot?.me) useAuthStore.getState().setUser(snapshot.me);
      snapshot?.cached.forEach(([key, data]) => queryClient.setQueryData(key, data));
      toast.error(errorMessageOf(error, FAILURE_TEXT[action]));
    },
    onSuccess: (response, { action, user }) => {
      const meNow = response.updatedCurrentUser;
      useAuthStore.getState().setUser(meNow);
      queryClient.setQueryData(authKeys.me(), meNow);
      // the caller's own profile counts whom they follow (and, after a block, who follows them)
      patchCachedUser(meNow.id, (old) => ({
        ...old,
        followersCount: meNow.followersCount,
        followingCount: meNow.followingCount,
      }));
      if (response.user) {
        const fresh = response.user;
        patchCachedUser(user.id, (old) => ({ ...old, ...fresh }));
      }
      // their followers-only posts lock or unlock (the home feed follows followingUserIds)
      void queryClient.invalidateQueries({ queryKey: postKeys.user(user.id) });
      const success = SUCCESS_TEXT[action];
      if (success) toast.success(success(user.username));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: relationListKeys.all }),
  });
}
