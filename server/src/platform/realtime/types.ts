import type { RealtimeEventType, RealtimeEvents, RealtimeFrame } from '@fanspace/contracts';

/**
 * Who an event is for. Delivery is to every socket of the named users/sessions, in any process;
 * a socket matched twice gets the frame once.
 */
export interface Audience {
  userIds?: string[];
  sessionIds?: string[];
  /** sockets watching these users' presence (client `presence_watch` frame) */
  watchersOf?: string[];
  /** every connected socket (system announcements) */
  broadcast?: boolean;
}

export interface BusEnvelope {
  to: Audience;
  frame: RealtimeFrame;
}

/**
 * A notice from one process to all of them (itself included) that no socket sees, e.g. "drop
 * your cached reports of this creator". Small and best-effort, like events.
 */
export interface BusSignal {
  name: string;
  data: Record<string, unknown>;
}

/**
 * Fan-out of realtime events between server processes: in-process by default, Redis pub/sub
 * when REDIS_URL is set. Services never call this directly inside a transaction; they use
 * `publishAfterCommit` (publish.ts) so an event never announces a change that rolled back.
 */
export interface EventBus {
  publish(envelope: BusEnvelope): Promise<void>;
  subscribe(handler: (envelope: BusEnvelope) => void): () => void;
  /** sends a signal to every process, this one included */
  signal(signal: BusSignal): Promise<void>;
  onSignal(handler: (signal: BusSignal) => void): () => void;
  close(): Promise<void>;
}

export type Publish = <T extends RealtimeEventType>(
  to: Audience,
  type: T,
  data: RealtimeEvents[T],
) => Promise<void>;
