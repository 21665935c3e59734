/**
 * Who is online among the people on screen (the conversation header): the socket's
 * `presence_watch` frame names them – the whole set, each time it changes and whenever a socket
 * is ready again (a new socket watches nobody) – and `presence` frames answer. The server
 * reports a user who hides their activity status as offline, so nothing here needs to know.
 */
import { useEffect } from 'react';
import { create } from '../../lib/create-store.ts';
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';

export const usePresenceStore = create<{ online: Record<string, boolean> }>()(() => ({
  online: {},
}));

/** userId → how many components watch them */
const watched = new Map<string, number>();
let stopListening: (() => void) | null = null;

function sendWatch(): void {
  // not open (or not ready yet): the next `ready` sends the set
  realtimeClient.send('presence_watch', { userIds: [...watched.keys()] });
}

function listen(): void {
  if (stopListening) return;
  const offs = [
    realtimeClient.on('presence', ({ userId, online }) => {
      if (!watched.has(userId)) return;
      usePresenceStore.setState((s) => ({ online: { ...s.online, [userId]: online } }));
    }),
    realtimeClient.on('ready', sendWatch),
    // without a socket nobody is known to be online
    realtimeClient.onStatus((status) => {
      if (status !== 'open') usePresenceStore.setState({ online: {} });
    }),
  ];
  stopListening = () => offs.forEach((off) => off());
}

/** Watches `userId` until the returned function is called. */
export function watchPresence(userId: string): () => void {
  listen();
  const count = watched.get(userId) ?? 0;
  watched.set(userId, count + 1);
  if (count === 0) sendWatch();
  return () => {
    const left = (watched.get(userId) ?? 1) - 1;
    if (left > 0) {
      watched.set(userId, left);
      return;
    }
    watched.delete(userId);
    usePresenceStore.setState((s) => {
      const online = { ...s.online };
      delete online[userId];
      return { online };
    });
    sendWatch();
    if (watched.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

/** Whether `userId` is online now, watched while the calling component is mounted. */
export function useIsOnline(userId: string | null): boolean {
  useEffect(() => (userId ? watchPresence(userId) : undefined), [userId]);
  return usePresenceStore((s) => (userId ? s.online[userId] === true : false));
}
