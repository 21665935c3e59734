import type { WebSocket } from 'ws';
import { FrameLimiter } from './client-frames.ts';
import type { Audience } from './types.ts';

/** One authenticated socket of this process. */
export interface Connection {
  readonly socket: WebSocket;
  readonly userId: string;
  readonly sessionId: string;
  /** cleared by each heartbeat, set by any sign of life; still clear at the next one = dead */
  alive: boolean;
  readonly limiter: FrameLimiter;
  /** users whose presence this socket receives (owned by the registry's index) */
  watching: ReadonlySet<string>;
  /** the user hides their activity status (privacy.showActivityStatus false), as last known */
  hidesPresence: boolean;
}

export function createConnection(
  socket: WebSocket,
  userId: string,
  sessionId: string,
  hidesPresence = false,
): Connection {
  return {
    socket,
    userId,
    sessionId,
    hidesPresence,
    alive: true,
    limiter: new FrameLimiter(),
    watching: new Set(),
  };
}

function addTo(index: Map<string, Set<Connection>>, key: string, conn: Connection) {
  const set = index.get(key);
  if (set) set.add(conn);
  else index.set(key, new Set([conn]));
}

function removeFrom(index: Map<string, Set<Connection>>, key: string, conn: Connection) {
  const set = index.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) index.delete(key);
}

/**
 * The live sockets of this process, indexed by user, session and watched user, so delivering
 * an event costs a few map lookups however many sockets are open.
 */
export class ConnectionRegistry {
  private readonly all = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private readonly watchers = new Map<string, Set<Connection>>();

  get size() {
    return this.all.size;
  }

  has(conn: Connection) {
    return this.all.has(conn);
  }

  hasUser(userId: string) {
    return this.byUser.has(userId);
  }

  connections(): Iterable<Connection> {
    return this.all;
  }

  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }

  forSession(sessionId: string): Iterable<Connection> {
    return this.bySession.get(sessionId) ?? [];
  }

  /** @returns true when this is the user's first socket here */
  add(conn: Connection): boolean {
    const first = !this.byUser.has(conn.userId);
    this.all.add(conn);
    addTo(this.byUser, conn.userId, conn);
    addTo(this.bySession, conn.sessionId, conn);
    return first;
  }

  /** @returns true when that was the user's last socket here; false if it was not registered */
  remove(conn: Connection): boolean {
    if (!this.all.delete(conn)) return false;
    removeFrom(this.byUser, conn.userId, conn);
    removeFrom(this.bySession, conn.sessionId, conn);
    this.watch(conn, []);
    return !this.byUser.has(conn.userId);
  }

  /** Replaces what `conn` watches. */
  watch(conn: Connection, userIds: string[]) {
    for (const userId of conn.watching) removeFrom(this.watchers, userId, conn);
    const next = new Set(userIds);
    if (this.all.has(conn)) for (const userId of next) addTo(this.watchers, userId, conn);
    conn.watching = this.all.has(conn) ? next : new Set();
  }

  /** The sockets an audience names, each once. */
  match(to: Audience): Set<Connection> {
    // a copy: sending may drop sockets, which must not change the set being iterated
    if (to.broadcast) return new Set(this.all);
    const out = new Set<Connection>();
    const collect = (index: Map<string, Set<Connection>>, keys: string[] | undefined) => {
      for (const key of keys ?? []) for (const conn of index.get(key) ?? []) out.add(conn);
    };
    collect(this.byUser, to.userIds);
    collect(this.bySession, to.sessionIds);
    collect(this.watchers, to.watchersOf);
    return out;
  }
}
