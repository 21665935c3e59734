/**
 * Notification hooks for the shell and pages. The state lives in the notifications store
 * (store.ts); the realtime bridge still invalidates `notificationKeys.all` for any query other
 * features keep under it.
 */
import { useEffect } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAuthStore } from '../auth/store.ts';
import {
  ensureNotificationPolling,
  NEW_NOTIFICATION_CHECK_MS,
  useNotificationStore,
} from './store.ts';

export { NEW_NOTIFICATION_CHECK_MS };

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/** Reads `{count}` (unread-count) or `{unreadCount}` (check, list) bodies. */
export function parseUnreadCount(body: unknown): number {
  if (typeof body === 'number') return body;
  if (typeof body === 'object' && body !== null) {
    const { count, unreadCount } = body as { count?: unknown; unreadCount?: unknown };
    const value = typeof unreadCount === 'number' ? unreadCount : count;
    if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, value);
  }
  return 0;
}

/**
 * The bell's count. Mounting it (the shell does) binds polling to the session once: it starts
 * on login and stops on logout (spec §4), checking every 60 s (spec §9).
 */
export function useUnreadNotificationCount(): number {
  useEffect(() => {
    ensureNotificationPolling();
  }, []);
  const signedIn = useAuthStore((s) => s.authReady && s.isAuthenticated);
  const count = useNotificationStore((s) => s.unreadCount);
  // the server's render of the page knows no count: the browser's follows its hydration
  const hydrated = useHydrated();
  return signedIn && hydrated ? count : 0;
}
