import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { MemoryBus } from '../realtime/memory-bus.ts';
import { WriteWatch } from '../db/write-watch.ts';
import { noticeOf, SESSION_CACHE_SIGNAL, SessionCache, wireSessionCache } from './session-cache.ts';
import pino from 'pino';

const value = (userId: string, sessionId: string) => ({
  session: { id: sessionId, user_id: userId } as SessionRow,
  user: { id: userId } as UserRow,
});

describe('SessionCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 2 });
    cache.set('t1', value('u1', 's1'), cache.stamp(), 0);
    cache.set('t2', value('u2', 's2'), cache.stamp(), 0);
    expect(cache.get('t1', 1)).toBeDefined(); // t1 is now the most recent
    cache.set('t3', value('u3', 's3'), cache.stamp(), 2);
    expect(cache.size).toBe(2);
    expect(cache.get('t2', 3)).toBeUndefined();
    expect(cache.get('t1', 3)).toBeDefined();
    expect(cache.get('t3', 3)).toBeDefined();
  });

  it('forgets an entry after ttlMs', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('t1', value('u1', 's1'), cache.stamp(), 0);
    expect(cache.get('t1', 999)).toBeDefined();
    expect(cache.get('t1', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops by account, by session or everything', () => {
    const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 10 });
    cache.set('a1', value('ua', 'sa1'), cache.stamp(), 0);
    cache.set('a2', value('ua', 'sa2'), cache.stamp(), 0);
    cache.set('b1', value('ub', 'sb1'), cache.stamp(), 0);
    cache.set('c1', value('uc', 'sc1'), cache.stamp(), 0);
    expect(cache.drop({ userIds: ['ua'] })).toBe(2);
    expect(cache.drop({ sessionIds: ['sb1', 'unknown'] })).toBe(1);
    expect(cache.get('c1', 1)).toBeDefined();
    expect(cache.drop({ all: true })).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('does not store a lookup that was in flight when a drop happened', () => {
    const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 10 });
    const stamp = cache.stamp();
    // e.g. a ban commits while the row (still active) is on its way back
    cache.drop({ userIds: ['someone-else'] });
    cache.set('t1', value('u1', 's1'), stamp, 0);
    expect(cache.get('t1', 1)).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = new SessionCache({ ttlMs: 0, maxEntries: 10 });
    cache.set('t1', value('u1', 's1'), cache.stamp(), 0);
    expect(cache.size).toBe(0);
  });

  it('reads signal data defensively: anything malformed drops everything', () => {
    expect(noticeOf({ userIds: ['u1'] })).toEqual({ userIds: ['u1'], sessionIds: [] });
    expect(noticeOf({ sessionIds: ['s1'] })).toEqual({ userIds: [], sessionIds: ['s1'] });
    expect(noticeOf({ all: true })).toEqual({ all: true });
    expect(noticeOf({ userIds: [1] })).toEqual({ all: true });
    expect(noticeOf({ sessionIds: 'x' })).toEqual({ all: true });
  });

  it('wiring: a committed write drops here and signals every process on the bus', async () => {
    const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 10 });
    const other = new SessionCache({ ttlMs: 30_000, maxEntries: 10 });
    const bus = new MemoryBus();
    const writes = new WriteWatch();
    const heard: unknown[] = [];
    bus.onSignal((s) => heard.push(s));
    const unwire = wireSessionCache(cache, bus, pino({ level: 'silent' }), writes);
    const unwireOther = wireSessionCache(other, bus, pino({ level: 'silent' }));
    cache.set('t1', value('u1', 's1'), cache.stamp());
    other.set('t1', value('u1', 's1'), other.stamp());
    writes.emit({ userIds: ['u1'] });
    expect(cache.size).toBe(0);
    expect(other.size).toBe(0);
    expect(heard).toEqual([{ name: SESSION_CACHE_SIGNAL, data: { userIds: ['u1'] } }]);
    unwire();
    unwireOther();
  });
});
