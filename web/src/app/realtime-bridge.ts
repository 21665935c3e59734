/** Connects the realtime socket for the signed-in user and maps events onto query caches. */
import { useEffect } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { realtimeClient } from '../lib/realtime/realtime-client.ts';
import { useAuthStore } from '../features/auth/store.ts';
import { notificationKeys } from '../features/notifications/queries.ts';

export function useRealtimeBridge(): void {
  const active = useAuthStore((s) => s.authReady && s.isAuthenticated);

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
        void useAuthStore.getState().logout('expired');
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      realtimeClient.disconnect();
    };
  }, [active]);
}
