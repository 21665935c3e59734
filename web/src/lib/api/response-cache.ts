/**
 * Short-lived GET response cache (spec §9). Entries expire by their own lifetime and are
 * dropped when a write touches the same resource family, so a like or an edit is never
 * followed by a stale read.
 */
const MAX_ENTRIES = 200;

interface Entry {
  value: unknown;
  expiresAt: number;
}

export interface ResponseCache {
  get(key: string): { hit: true; value: unknown } | { hit: false };
  set(key: string, value: unknown, ttlMs: number): void;
  /** Drops entries related to a successful write to `path`. */
  invalidateForWrite(path: string): void;
  clear(): void;
  size(): number;
}

function firstSegment(path: string): string {
  const clean = path.split('?')[0] ?? '';
  return clean.split('/').filter(Boolean)[0] ?? '';
}

/** Writes here can change what personalized pricing returns. */
const PRICING_AFFECTING = new Set(['users', 'subscriptions', 'stripe', 'payments', 'promotions']);
/** Writes here (a follow, a block, a subscription) can change which posts are unlocked. */
const POSTS_AFFECTING = new Set(['users', 'subscriptions']);

export function createResponseCache(now: () => number): ResponseCache {
  const entries = new Map<string, Entry>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return { hit: false };
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return { hit: false };
      }
      return { hit: true, value: entry.value };
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      // Map keeps insertion order, so the first key is the oldest write.
      while (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    invalidateForWrite(path) {
      const segment = firstSegment(path);
      for (const key of [...entries.keys()]) {
        const keySegment = firstSegment(key);
        if (keySegment === segment) entries.delete(key);
        else if (keySegment === 'pricing' && PRICING_AFFECTING.has(segment)) entries.delete(key);
        else if (keySegment === 'posts' && POSTS_AFFECTING.has(segment)) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
    size() {
      return entries.size;
    },
  };
}
