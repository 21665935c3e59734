import type { Logger } from 'pino';
import type { SessionRow, UserRow } from '../db/schema.ts';
import type { WriteNotice, WriteWatch } from '../db/write-watch.ts';
import type { EventBus } from '../realtime/types.ts';

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
}

export interface SessionCacheOptions {
  /** how long a lookup is reused; 0 turns the cache off */
  ttlMs: number;
  maxEntries: number;
}

interface Entry {
  value: CachedSession;
  storedAt: number;
}

/** The bus signal that tells every process to forget sessions (see `wireSessionCache`). */
export const SESSION_CACHE_SIGNAL = 'auth.session-cache';

/**
 * The session lookups of this process, keyed by token hash: every authenticated request
 * otherwise costs a statement joining `sessions` and the 63-column `users` row
 * (docs/PERFORMANCE.md). Bounded (least recently used goes first) and short-lived (`ttlMs`,
 * 30 s by default), so a missed invalidation – e.g. a Redis blip – heals by itself.
 *
 * Invalidation: every committed write to `users` or `sessions` (the database's `WriteWatch`)
 * drops the entries of the accounts and sessions it touched, here at once and in every other
 * process through a bus signal. A lookup that was in flight when a drop happened is not stored
 * (`stamp`), so a row read before a commit can never outlive the drop that followed it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly bySession = new Map<string, string>();
  private generation = 0;

  constructor(private readonly options: SessionCacheOptions) {}

  get enabled() {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  get size() {
    return this.entries.size;
  }

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.options.ttlMs) {
      this.remove(tokenHash);
      return undefined;
    }
    // Map order is insertion order: re-inserting makes this the most recently used
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.value;
  }

  /** Take before the lookup, pass to `set`: a drop in between makes `set` a no-op. */
  stamp(): number {
    return this.generation;
  }

  set(tokenHash: string, value: CachedSession, stamp: number, now = Date.now()) {
    if (!this.enabled || stamp !== this.generation) return;
    this.remove(tokenHash);
    this.entries.set(tokenHash, { value, storedAt: now });
    let keys = this.byUser.get(value.user.id);
    if (!keys) this.byUser.set(value.user.id, (keys = new Set()));
    keys.add(tokenHash);
    this.bySession.set(value.session.id, tokenHash);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Forgets what a write may have changed; returns how many entries went. */
  drop(notice: WriteNotice): number {
    this.generation += 1;
    const before = this.entries.size;
    if (notice.all) {
      this.entries.clear();
      this.byUser.clear();
      this.bySession.clear();
      return before;
    }
    for (const userId of notice.userIds ?? []) {
      for (const key of [...(this.byUser.get(userId) ?? [])]) this.remove(key);
    }
    for (const sessionId of notice.sessionIds ?? []) {
      const key = this.bySession.get(sessionId);
      if (key) this.remove(key);
    }
    return before - this.entries.size;
  }

  private remove(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    this.bySession.delete(entry.value.session.id);
    const keys = this.byUser.get(entry.value.user.id);
    keys?.delete(tokenHash);
    if (keys?.size === 0) this.byUser.delete(entry.value.user.id);
  }
}

const stringList = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;

/** A signal's data as a notice; other processes are trusted, but a bad one drops everything. */
export function noticeOf(data: Record<string, unknown>): WriteNotice {
  const userIds = stringList(data.userIds ?? []);
  const sessionIds = stringList(data.sessionIds ?? []);
  if (data.all === true || !userIds || !sessionIds) return { all: true };
  return { userIds, sessionIds };
}

/**
 * Connects a process's cache to its database and the bus: a committed write drops the entries
 * here synchronously (the next request of this process must not see them, even before Redis
 * echoes the signal back) and signals every other process to do the same.
 */
export function wireSessionCache(
  cache: SessionCache,
  bus: EventBus,
  log: Logger,
  writes?: WriteWatch,
): () => void {
  const stopWrites = writes?.subscribe((notice) => {
    cache.drop(notice);
    bus
      .signal({ name: SESSION_CACHE_SIGNAL, data: { ...notice } })
      .catch((err: unknown) => log.warn({ err }, 'session cache signal failed'));
  });
  const stopSignals = bus.onSignal((signal) => {
    if (signal.name === SESSION_CACHE_SIGNAL) cache.drop(noticeOf(signal.data));
  });
  return () => {
    stopWrites?.();
    stopSignals();
  };
}
