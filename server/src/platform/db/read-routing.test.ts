import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { MemoryBus } from '../realtime/memory-bus.ts';
import { RedisBus } from '../realtime/redis-bus.ts';
import {
  isRecoveryConflict,
  isUnreachable,
  ReplicaHealth,
  RETRY_AFTER_MS,
} from './read-replica.ts';
import { READ_STICKY_SIGNAL, readContext, ReadRouting, SIGNAL_WAIT_MS } from './read-routing.ts';

const log = pino({ level: 'silent' });

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('read-your-writes marks', () => {
  it('keeps a writer on the primary for the window, and nobody else', async () => {
    const time = clock();
    const reads = new ReadRouting({ enabled: true, stickyMs: 3000, now: time.now });
    expect(reads.sticky('writer')).toBe(false);
    await reads.wrote('writer');
    expect(reads.sticky('writer')).toBe(true);
    expect(reads.sticky('someone-else')).toBe(false);
    expect(reads.sticky(null)).toBe(false);
    time.advance(2999);
    expect(reads.sticky('writer')).toBe(true);
    time.advance(1);
    expect(reads.sticky('writer')).toBe(false);
  });

  it('tells the other processes, at most about once per half window', async () => {
    const time = clock();
    const bus = new MemoryBus(log);
    const signal = vi.spyOn(bus, 'signal');
    const here = new ReadRouting({ enabled: true, stickyMs: 2000, bus, now: time.now });
    const there = new ReadRouting({ enabled: true, stickyMs: 2000, now: time.now });
    const stop = there.listen(bus);

    // the memory bus delivers at once; Redis within moments
    await here.wrote('u1');
    expect(there.sticky('u1')).toBe(true);
    expect(signal).toHaveBeenCalledTimes(1);
    expect(signal.mock.calls[0]![0]).toEqual({
      name: READ_STICKY_SIGNAL,
      data: { userId: 'u1', forMs: 3000 },
    });
    // writes within half a window are covered by the signal already sent
    time.advance(900);
    await here.wrote('u1');
    expect(signal).toHaveBeenCalledTimes(1);
    // a later write needs a new one, or the other process would let go too early
    time.advance(200);
    await here.wrote('u1');
    expect(signal).toHaveBeenCalledTimes(2);
    // the second signal's window runs from its receipt: 1.5 x 2000 ms
    time.advance(2999);
    expect(there.sticky('u1')).toBe(true);
    time.advance(1);
    expect(there.sticky('u1')).toBe(false);
    expect(there.sticky('u2')).toBe(false);
    stop();
    await bus.close();
  });

  it('never holds a write for long on a stuck or failing bus', async () => {
    const time = clock();
    const warn = vi.fn();
    const stuck = new MemoryBus(log);
    vi.spyOn(stuck, 'signal').mockReturnValue(new Promise<void>(() => undefined));
    const slow = new ReadRouting({ enabled: true, stickyMs: 1000, bus: stuck, now: time.now });
    const started = performance.now();
    await slow.wrote('u');
    expect(performance.now() - started).toBeLessThan(SIGNAL_WAIT_MS + 500);
    expect(slow.sticky('u')).toBe(true); // this process knows at once regardless

    const failing = new MemoryBus(log);
    const signal = vi.spyOn(failing, 'signal').mockRejectedValue(new Error('redis is down'));
    const reads = new ReadRouting({
      enabled: true,
      stickyMs: 1000,
      bus: failing,
      log: { warn },
      now: time.now,
    });
    await reads.wrote('u');
    expect(warn).toHaveBeenCalledTimes(1);
    // the failed signal is not counted as sent: the next write tries again
    await reads.wrote('u');
    expect(signal).toHaveBeenCalledTimes(2);
  });

  it('ignores malformed signals and caps a sender’s window at its own', () => {
    const time = clock();
    const reads = new ReadRouting({ enabled: true, stickyMs: 1000, now: time.now });
    reads.heard({ name: READ_STICKY_SIGNAL, data: { userId: 42, forMs: 1000 } });
    reads.heard({ name: READ_STICKY_SIGNAL, data: { userId: 'u', forMs: -5 } });
    reads.heard({ name: 'something.else', data: { userId: 'u', forMs: 1000 } });
    expect(reads.size).toBe(0);
    reads.heard({ name: READ_STICKY_SIGNAL, data: { userId: 'u', forMs: 3_600_000 } });
    time.advance(1500);
    expect(reads.sticky('u')).toBe(false);
  });

  it('forgets lapsed writers, so the map holds only recent ones', async () => {
    const time = clock();
    const reads = new ReadRouting({ enabled: true, stickyMs: 100, now: time.now });
    for (let i = 0; i < 50; i++) await reads.wrote(`u${i}`);
    expect(reads.size).toBe(50);
    time.advance(200);
    await reads.wrote('late');
    expect(reads.size).toBe(1);
  });

  it('does nothing without a replica or with a zero window', async () => {
    for (const options of [
      { enabled: false, stickyMs: 3000 },
      { enabled: true, stickyMs: 0 },
    ]) {
      const reads = new ReadRouting(options);
      await reads.wrote('u');
      expect(reads.sticky('u')).toBe(false);
      expect(reads.size).toBe(0);
    }
  });
});

/** Redis is part of the PostgreSQL runs (scale-out tests); the PGlite runs do without it */
describe.skipIf(inject('testDb').kind !== 'pg')('read-your-writes across processes (Redis)', () => {
  it('marks the writer in the other process before the write’s response would go out', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const channel = `fanspace:test:read-sticky:${randomUUID()}`;
    const [busA, busB] = await Promise.all([
      RedisBus.connect(url, log, channel),
      RedisBus.connect(url, log, channel),
    ]);
    const a = new ReadRouting({ enabled: true, stickyMs: 3000, bus: busA });
    const b = new ReadRouting({ enabled: true, stickyMs: 3000, bus: busB });
    const stops = [a.listen(busA), b.listen(busB)];
    try {
      await a.wrote('writer');
      expect(a.sticky('writer')).toBe(true);
      // Redis has taken the signal when `wrote` returns; B hears it within moments
      await vi.waitFor(() => expect(b.sticky('writer')).toBe(true), { timeout: 1000 });
      expect(b.sticky('reader')).toBe(false);
    } finally {
      for (const stop of stops) stop();
      await Promise.all([busA.close(), busB.close()]);
    }
  });
});

describe('replica health', () => {
  it('tells a lost replica from a bad statement', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(isUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:5439', 'ECONNREFUSED'))).toBe(
      true,
    );
    expect(isUnreachable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isUnreachable(withCode('terminating connection', '57P01'))).toBe(true);
    expect(isUnreachable(withCode('connection failure', '08006'))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnreachable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isUnreachable(withCode('relation "nope" does not exist', '42P01'))).toBe(false);
    expect(isUnreachable('ECONNREFUSED')).toBe(false);
    expect(
      isRecoveryConflict(withCode('canceling statement due to conflict with recovery', '40001')),
    ).toBe(true);
    expect(isRecoveryConflict(withCode('could not serialize access', '40001'))).toBe(false);
  });

  it('logs an outage once, lets one probe through per retry period, logs the recovery', () => {
    const time = clock();
    const logged = { warn: vi.fn(), info: vi.fn() };
    const health = new ReplicaHealth(logged, time.now);
    expect(health.tryReplica()).toBe(true);
    health.failed(new Error('ECONNREFUSED'));
    health.failed(new Error('ECONNREFUSED'));
    expect(logged.warn).toHaveBeenCalledTimes(1);
    expect(health.isDown).toBe(true);
    expect(health.tryReplica()).toBe(false);
    time.advance(RETRY_AFTER_MS);
    expect(health.tryReplica()).toBe(true); // the probe
    expect(health.tryReplica()).toBe(false); // the others wait for it
    health.failed(new Error('still down'));
    expect(logged.warn).toHaveBeenCalledTimes(1);
    expect(health.tryReplica()).toBe(false);
    time.advance(RETRY_AFTER_MS);
    expect(health.tryReplica()).toBe(true);
    health.succeeded();
    expect(logged.info).toHaveBeenCalledTimes(1);
    expect(health.isDown).toBe(false);
    expect(health.tryReplica()).toBe(true);
    expect(health.tryReplica()).toBe(true);
  });
});

describe('without DATABASE_READ_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('reads where it writes, exactly as before', async () => {
    const { ctx } = server;
    expect(ctx.readDb).toBe(ctx.db);
    expect(ctx.reads.enabled).toBe(false);
    expect(readContext(ctx, null)).toBe(ctx);
    expect(readContext(ctx, 'some-user')).toBe(ctx);
    const res = await server.app.inject({ method: 'GET', url: '/api/posts' });
    expect(res.statusCode).toBe(200);
  });
});
