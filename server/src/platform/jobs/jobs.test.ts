import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { withTransaction, type DatabaseHandle, type Db } from '../db/database.ts';
import { PgJobQueue } from './queue.ts';
import type { JobHandler } from './types.ts';
import { startWorker, type Worker, type WorkerOptions } from './worker.ts';

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let db: Db;
const workers: Worker[] = [];
let typeCounter = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(() => database.close());

/** A queue with one handler under a type no other test uses, so workers never cross tests. */
function queueWith(handler: JobHandler) {
  typeCounter += 1;
  const type = `test.job_${typeCounter}`;
  const queue = new PgJobQueue(log);
  queue.register(type, handler);
  return { queue, type };
}

function worker(queue: PgJobQueue, options: Partial<WorkerOptions> = {}) {
  // pollMs is long so that only runOnce() and commit kicks run jobs, deterministically
  const w = startWorker({ db, queue, log, pollMs: 60_000, ...options });
  workers.push(w);
  return w;
}

function jobsOf(type: string) {
  return db.selectFrom('jobs').selectAll().where('type', '=', type).orderBy('id').execute();
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('enqueue', () => {
  it('leaves no job behind when the transaction rolls back', async () => {
    const { queue, type } = queueWith(async () => undefined);
    let kicked = 0;
    queue.onKick(() => (kicked += 1));
    await expect(
      withTransaction(db, async (tx) => {
        await queue.enqueue(tx, type, { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobsOf(type)).toEqual([]);
    expect(kicked).toBe(0);
  });

  it('runs the handler once the transaction commits, woken by the commit', async () => {
    const calls: Array<Record<string, unknown>> = [];
    const { queue, type } = queueWith(async (payload) => void calls.push(payload));
    worker(queue);
    await withTransaction(db, async (tx) => {
      await queue.enqueue(tx, type, { n: 1 });
      expect(calls).toEqual([]);
    });
    await waitFor(async () => (await jobsOf(type))[0]?.status === 'done');
    expect(calls).toEqual([{ n: 1 }]);
    expect((await jobsOf(type))[0]).toMatchObject({ attempts: 1, locked_by: workers[0]?.id });
  });

  it('ignores a second enqueue with the same dedupe key', async () => {
    const { queue, type } = queueWith(async () => undefined);
    await queue.enqueue(db, type, { n: 1 }, { dedupeKey: `${type}:x` });
    await withTransaction(db, (tx) =>
      queue.enqueue(tx, type, { n: 2 }, { dedupeKey: `${type}:x` }),
    );
    await queue.enqueue(db, type, { n: 3 }, { dedupeKey: `${type}:y` });
    expect((await jobsOf(type)).map((j) => j.payload)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('waits for runAt', async () => {
    let calls = 0;
    const { queue, type } = queueWith(async () => void (calls += 1));
    await queue.enqueue(db, type, {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await worker(queue).runOnce()).toBe(0);
    expect(calls).toBe(0);
  });
});

describe('runOnce', () => {
  it('while a round runs, waits for a round that claims after the call', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    const { queue, type } = queueWith(async (payload) => {
      ran.push(payload.n as number);
      if (payload.n === 1) await gate;
    });
    const w = worker(queue);
    await queue.enqueue(db, type, { n: 1 });
    await waitFor(() => ran.length === 1);
    // the running round claimed job 1 before job 2 existed; no kick for this insert
    await db
      .insertInto('jobs')
      .values({ type, payload: JSON.stringify({ n: 2 }), run_at: new Date(), max_attempts: 5 })
      .execute();
    const done = w.runOnce();
    release();
    await done;
    expect(ran).toEqual([1, 2]);
    expect((await jobsOf(type)).map((j) => j.status)).toEqual(['done', 'done']);
  });

  it('runs a claimed batch oldest first', async () => {
    const ran: number[] = [];
    const { queue, type } = queueWith(async (payload) => void ran.push(payload.n as number));
    const now = Date.now();
    for (const n of [3, 1, 2]) {
      await queue.enqueue(db, type, { n }, { runAt: new Date(now - 10_000 + n * 1000) });
    }
    await worker(queue, { batchSize: 10 }).runOnce();
    expect(ran).toEqual([1, 2, 3]);
  });
});

describe('failures', () => {
  it('retries with backoff, then fails for good after maxAttempts', async () => {
    let calls = 0;
    const { queue, type } = queueWith(async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const w = worker(queue);
    await queue.enqueue(db, type, {}, { maxAttempts: 2 });

    const before = Date.now();
    await w.runOnce();
    const [retry] = await jobsOf(type);
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, last_error: 'boom 1' });
    expect(retry?.locked_by).toBeNull();
    // first backoff is 2 s ± 25 %
    expect(retry!.run_at.getTime()).toBeGreaterThanOrEqual(before + 1500);
    expect(retry!.run_at.getTime()).toBeLessThanOrEqual(Date.now() + 2500);
    expect(await w.runOnce()).toBe(0);

    // time passes
    await db.updateTable('jobs').set({ run_at: new Date() }).where('type', '=', type).execute();
    await w.runOnce();
    const [failed] = await jobsOf(type);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2, last_error: 'boom 2' });
    expect(failed?.finished_at).toBeInstanceOf(Date);
    expect(calls).toBe(2);
    expect(await w.runOnce()).toBe(0);
  });
});

describe('several workers', () => {
  it('claim disjoint jobs: with two workers racing, each job runs exactly once', async () => {
    const calls = new Map<number, number>();
    const { queue, type } = queueWith(async (_payload, job) => {
      calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      // yield, so the other worker claims while this one is busy
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    await withTransaction(db, async (tx) => {
      for (let n = 0; n < 50; n += 1) await queue.enqueue(tx, type, { n });
    });
    const a = worker(queue, { batchSize: 5 });
    const b = worker(queue, { batchSize: 5 });
    const [ranA, ranB] = await Promise.all([a.runOnce(), b.runOnce()]);

    const jobs = await jobsOf(type);
    expect(jobs).toHaveLength(50);
    expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect([...calls.values()].every((count) => count === 1)).toBe(true);
    expect(calls.size).toBe(50);
    expect(ranA + ranB).toBe(50);
    // both took part (on pg this is SKIP LOCKED at work; PGlite serialises the claims)
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    const byWorker = new Set(jobs.map((j) => j.locked_by));
    expect(byWorker).toEqual(new Set([a.id, b.id]));
  });

  it('reclaims a running job whose worker went silent', async () => {
    let calls = 0;
    const { queue, type } = queueWith(async () => void (calls += 1));
    await queue.enqueue(db, type, {}, { maxAttempts: 3 });
    await queue.enqueue(db, type, {}, { maxAttempts: 1 });
    await queue.enqueue(db, type, {}, { maxAttempts: 3 });
    const [stale, exhausted, fresh] = await jobsOf(type);
    const lock = (id: number, ageMs: number) =>
      db
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: 'worker-gone',
          locked_at: new Date(Date.now() - ageMs),
          attempts: 1,
        })
        .where('id', '=', id)
        .execute();
    await lock(stale!.id, 10 * 60_000);
    await lock(exhausted!.id, 10 * 60_000);
    await lock(fresh!.id, 1000);

    const w = worker(queue, { staleAfterMs: 60_000 });
    expect(await w.runOnce()).toBe(1);
    const [s, e, f] = await jobsOf(type);
    expect(s).toMatchObject({ status: 'done', attempts: 2, locked_by: w.id });
    // its one attempt died with the worker: failed, not retried forever
    expect(e).toMatchObject({ status: 'failed', locked_by: null });
    expect(e?.last_error).toContain('stopped responding');
    // still within its time: left to the worker that holds it
    expect(f).toMatchObject({ status: 'running', locked_by: 'worker-gone' });
    expect(calls).toBe(1);
  });

  it('skips a job that was reclaimed while it waited behind a slow one in the batch', async () => {
    const ran: number[] = [];
    let second = 0;
    const { queue, type } = queueWith(async (_payload, job) => {
      ran.push(job.id);
      if (job.id !== second) {
        await new Promise((resolve) => setTimeout(resolve, 80));
        // meanwhile another worker presumed the queued one dead, took it and finished it
        await db
          .updateTable('jobs')
          .set({ status: 'done', locked_by: 'worker-other', finished_at: new Date() })
          .where('id', '=', second)
          .execute();
      }
    });
    await queue.enqueue(db, type, {});
    await queue.enqueue(db, type, {});
    const [first, queued] = await jobsOf(type);
    second = queued!.id;

    expect(await worker(queue, { batchSize: 2, staleAfterMs: 100 }).runOnce()).toBe(1);
    expect(ran).toEqual([first!.id]);
    const [, other] = await jobsOf(type);
    expect(other).toMatchObject({ status: 'done', locked_by: 'worker-other' });
  });

  it('leaves the outcome of a failed job to the worker that reclaimed it', async () => {
    const { queue, type } = queueWith(async (_payload, job) => {
      await db
        .updateTable('jobs')
        .set({ locked_by: 'worker-other' })
        .where('id', '=', job.id)
        .execute();
      throw new Error('too late');
    });
    await queue.enqueue(db, type, {});
    await worker(queue).runOnce();
    expect((await jobsOf(type))[0]).toMatchObject({
      status: 'running',
      locked_by: 'worker-other',
      last_error: null,
    });
  });

  it('runs nothing after stop()', async () => {
    let calls = 0;
    const { queue, type } = queueWith(async () => void (calls += 1));
    const w = worker(queue);
    await w.stop();
    await queue.enqueue(db, type, {});
    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(0);
    expect((await jobsOf(type))[0]?.status).toBe('pending');
  });
});
