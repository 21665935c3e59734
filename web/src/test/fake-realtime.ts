/**
 * A stand-in for `lib/realtime/realtime-client.ts` in tests, always open, whose listeners a test
 * can read and call:
 *
 *   vi.mock('../lib/realtime/realtime-client.ts', () => import('../test/fake-realtime.ts'));
 *   …
 *   act(() => emitRealtime('session_revoked', {}));
 */
export const realtimeListeners = new Map<string, Set<(data: unknown) => void>>();

export const realtimeClient = {
  connect: () => undefined,
  disconnect: () => undefined,
  status: () => 'open',
  send: () => true,
  on: (type: string, listener: (data: unknown) => void) => {
    const set = realtimeListeners.get(type) ?? new Set();
    set.add(listener);
    realtimeListeners.set(type, set);
    return () => set.delete(listener);
  },
  onAny: () => () => undefined,
  onStatus: () => () => undefined,
};

/** Calls every listener of `type` with `data`, as a frame from the server would. */
export function emitRealtime(type: string, data: unknown) {
  realtimeListeners.get(type)?.forEach((listener) => listener(data));
}
