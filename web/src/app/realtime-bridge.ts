/** Connects the realtime socket for the signed-in user and maps events onto query caches. */
import { useEffect } from 'react';
import { SESSION_EXPIRED_MESSAGE } from '../lib/api/unauthorized.ts';
import { queryClient } from '../lib/query-client.ts';
import { realtimeClient } from '../lib/realtime/realtime-client.ts';
import { useAuthStore } from '../features/auth/store.ts';
import { notificationKeys } from '../features/notifications/queries.ts';
import { fetchCurrentUser } from '../features/auth/auth-api.ts';
import { useChatRealtime } from '../features/messages/use-chat-realtime.ts';
import { toast } from '../ui/toast/toast-store.ts';

export function useRealtimeBridge(): void {
  const active = useAuthStore((s) => s.authReady && s.isAuthenticated);
  // chats: messages, receipts and typing from the socket (features/messages)
  useChatRealtime();

  useEffect(() => {
    if (!active) return undefined;
    realtimeClient.connect();
    const offs = [
      realtimeClient.on('invalidate', ({ keys }) => {
        keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
      }),
      realtimeClient.on('notification', () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }),
      realtimeClient.on('session_revoked', () => {
        // signed out from another device (or by a password change): say so, as a 401 would
        toast.info(SESSION_EXPIRED_MESSAGE);
        void useAuthStore.getState().logout('expired');
      }),
      realtimeClient.onStatus((status) => {
        // 4401: the server no longer accepts this session. One API call confirms it, and its
        // 401 ends the session through the usual rule (spec §8).
        if (status === 'unauthorized') void fetchCurrentUser().catch(() => undefined);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      realtimeClient.disconnect();
    };
  }, [active]);
}

/** The bridge as a component: root-layout loads it lazily, and only for a signed-in user. */
export function RealtimeBridge(): null {
  useRealtimeBridge();
  return null;
}
