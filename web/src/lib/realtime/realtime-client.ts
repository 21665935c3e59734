/**
 * WebSocket client for /api/realtime. Frames are `{type, data}` as typed by the event map in
 * @fanspace/contracts; the app merges them into query caches or invalidates keys.
 * The socket is same-origin, so the HttpOnly session cookie authenticates the upgrade and no
 * token ever goes into a URL (and from there into access logs).
 */
import type {
  RealtimeClientEvents,
  RealtimeClientEventType,
  RealtimeCloseCodes,
  RealtimeEvents,
  RealtimeEventType,
} from '@fanspace/contracts';

/** 'unauthorized': closed with 4401; no reconnect until connect() is called again. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed' | 'unauthorized';

type Listener<T extends RealtimeEventType> = (data: RealtimeEvents[T]) => void;
type AnyListener = (type: RealtimeEventType, data: unknown) => void;

export interface RealtimeClient {
  connect(): void;
  disconnect(): void;
  on<T extends RealtimeEventType>(type: T, listener: Listener<T>): () => void;
  onAny(listener: AnyListener): () => void;
  status(): RealtimeStatus;
  /** Sends a client frame when the socket is open; returns whether it went out. */
  send<T extends RealtimeClientEventType>(type: T, data: RealtimeClientEvents[T]): boolean;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
}

export const REALTIME_PATH = '/api/realtime';
const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 1_000;
/**
 * contracts RealtimeCloseCodes.UNAUTHENTICATED: the token is unknown, expired or revoked, so a
 * reconnect would only be refused again. Typed against the contract (a change there fails the
 * build) without bundling the schema library the contracts module pulls in.
 */
export const CLOSE_UNAUTHENTICATED: (typeof RealtimeCloseCodes)['UNAUTHENTICATED'] = 4401;
/** Idle sockets get cut by proxies after about a minute; a ping keeps ours alive. */
const PING_INTERVAL_MS = 25_000;

/** Capped exponential backoff with jitter, so a restarting server is not stampeded. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** attempt);
  return Math.round(exp / 2 + random() * (exp / 2));
}

export function parseFrame(raw: unknown): { type: RealtimeEventType; data: unknown } | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) {
      const { type, data } = parsed as { type?: unknown; data?: unknown };
      if (typeof type === 'string') return { type: type as RealtimeEventType, data };
    }
  } catch {
    // Malformed frames are dropped rather than tearing the connection down.
  }
  return null;
}

function realtimeUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

export function createRealtimeClient(
  makeSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
): RealtimeClient {
  const listeners = new Map<RealtimeEventType, Set<(data: unknown) => void>>();
  const anyListeners = new Set<AnyListener>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let wanted = false;
  let current: RealtimeStatus = 'idle';

  function setStatus(next: RealtimeStatus): void {
    current = next;
    statusListeners.forEach((l) => l(next));
  }

  function stopPing(): void {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
  }

  function open(): void {
    if (!wanted) return;
    setStatus('connecting');
    const ws = makeSocket(realtimeUrl());
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      setStatus('open');
      stopPing();
      pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, PING_INTERVAL_MS);
    });
    ws.addEventListener('message', (message) => {
      const frame = parseFrame(message.data);
      if (!frame) return;
      listeners.get(frame.type)?.forEach((l) => l(frame.data));
      anyListeners.forEach((l) => l(frame.type, frame.data));
    });
    ws.addEventListener('close', (event) => {
      if (socket !== ws) return;
      socket = null;
      stopPing();
      // The server refused the session: stop for good until connect() is called again.
      if (event.code === CLOSE_UNAUTHENTICATED) wanted = false;
      setStatus(event.code === CLOSE_UNAUTHENTICATED ? 'unauthorized' : 'closed');
      if (!wanted) return;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        open();
      }, backoffDelay(attempt));
      attempt += 1;
    });
  }

  return {
    connect() {
      wanted = true;
      if (socket || retryTimer) return;
      open();
    },
    disconnect() {
      wanted = false;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      stopPing();
      const ws = socket;
      socket = null;
      ws?.close();
      attempt = 0;
      setStatus('idle');
    },
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      const wrapped = listener as (data: unknown) => void;
      set.add(wrapped);
      listeners.set(type, set);
      return () => {
        set.delete(wrapped);
      };
    },
    onAny(listener) {
      anyListeners.add(listener);
      return () => {
        anyListeners.delete(listener);
      };
    },
    status: () => current,
    send(type, data) {
      const ws = socket;
      if (!ws || current !== 'open' || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify({ type, data }));
      return true;
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
}

export const realtimeClient = createRealtimeClient();
