/** Notification query keys and hooks. The unread count polls while signed in (spec §4/§9). */
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { useAuthStore } from '../auth/store.ts';

export const NEW_NOTIFICATION_CHECK_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

export function parseUnreadCount(body: unknown): number {
  if (typeof body === 'number') return body;
  if (typeof body === 'object' && body !== null) {
    const { count, unreadCount } = body as { count?: unknown; unreadCount?: unknown };
    const value = typeof unreadCount === 'number' ? unreadCount : count;
    if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, value);
  }
  return 0;
}

/** Polling starts with the session and stops with it: the query is disabled when signed out. */
export function useUnreadNotificationCount(): number {
  const enabled = useAuthStore((s) => s.authReady && s.isAuthenticated);
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount(),
    enabled,
    refetchInterval: NEW_NOTIFICATION_CHECK_MS,
    retry: false,
    // A failed check is not worth an error state; the badge just stays as it was.
    queryFn: async () => {
      try {
        return parseUnreadCount(await apiClient.get('/notifications/unread-count'));
      } catch {
        return 0;
      }
    },
  });
  return data ?? 0;
}
