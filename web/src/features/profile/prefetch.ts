/**
 * A profile page's queries, started as soon as the session check opens the auth-ready gate
 * (app/route-data.ts) instead of after the signed-in shell and the page have rendered: the
 * profile and the caller's subscriptions first, then – the moment it arrives, with the page's own conditions
 * (profileFollowUps) – its offers, widgets and posts, which the page's header waits for.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/store.ts';
import { discountsQueryOptions } from '../commerce/queries.ts';
import { userWidgetsQueryOptions } from '../creator-kit/queries.ts';
import { userPostsQueryOptions } from '../posts/queries.ts';
import { isOwnProfile, profileFollowUps, profileQueryOptions } from './queries.ts';
import { mySubscriptionsQueryOptions } from './subscriptions.ts';

export function prefetchProfile(client: QueryClient, username: string): void {
  // someone else's profile waits for the caller's subscriptions (ProfilePage): ask at once
  if (!isOwnProfile(useAuthStore.getState().user, username))
    void client.prefetchQuery(mySubscriptionsQueryOptions());
  client.fetchQuery(profileQueryOptions(username)).then(
    (user) => {
      const me = useAuthStore.getState().user;
      const next = profileFollowUps(me, user, isOwnProfile(me, username));
      if (next.offers) void client.prefetchQuery(discountsQueryOptions(user.id));
      if (next.widgetsAndPosts) {
        void client.prefetchQuery(userWidgetsQueryOptions(user.id));
        void client.prefetchInfiniteQuery(userPostsQueryOptions(user.id));
      }
    },
    // the page shows the failure (a missing account, an error) from its own query
    () => undefined,
  );
}
