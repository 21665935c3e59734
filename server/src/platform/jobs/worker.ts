import { sql } from 'kysely';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { JobRow } from '../db/schema.ts';
import type { PgJobQueue } from './queue.ts';

export interface WorkerOptions {
  db: Db;
  queue: PgJobQueue;
  log: Logger;
  pollMs: number;
  /** jobs claimed per round */
  batchSize?: number;
  /**
   * a running job whose worker has been silent this long is presumed dead and retried; while
   * a round runs, the worker refreshes `locked_at` of its jobs every third of this time
   */
  staleAfterMs?: number;
}

export interface Worker {
  readonly id: string;
  /** claim and run due jobs once; resolves with how many ran */
  runOnce(): Promise<number>;
  kick(): void;
  stop(): Promise<void>;
}

/** Exponential backoff with jitter: ~2s, 4s, 8s … capped at 10 minutes. */
export function backoffMs(attempt: number): number {
  const base = Math.min(600_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED, so any number of worker processes share the
 * table without running a job twice; each job runs outside the claim transaction and its
 * outcome is written afterwards. While a round runs, a heartbeat refreshes `locked_at` of the
 * jobs this worker holds, so only a worker that died (SIGKILL, lost host) goes silent: a crash
 * mid-job leaves it 'running' until it goes stale (JOB_STALE_AFTER_MS), then another worker (or
 * this one after a restart) runs it again. Handlers are therefore written to be safe to re-run.
 */
export function startWorker(options: WorkerOptions): Worker {
  const { db, queue, log } = options;
  const id = `worker-${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 10;
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;

  async function claim(): Promise<JobRow[]> {
    const types = [...queue.handlers.keys()];
    if (types.length === 0) return [];
    const claimed = await db.transaction().execute(async (tx) => {
      const stale = new Date(Date.now() - staleAfterMs);
      // a job whose attempts are used up fails here: one that kills its worker every time
      // would otherwise be reclaimed forever, its failure never recorded
      await tx
        .updateTable('jobs')
        .set({
          status: 'failed',
          last_error: 'worker stopped responding while running the job',
          locked_by: null,
          locked_at: null,
          finished_at: new Date(),
        })
        .where('status', '=', 'running')
        .where('locked_at', '<', stale)
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .execute();
      await tx
        .updateTable('jobs')
        .set({ status: 'pending', locked_by: null, locked_at: null })
        .where('status', '=', 'running')
        .where('locked_at', '<', stale)
        .execute();
      return tx
        .updateTable('jobs')
        .set({
          status: 'running',
          locked_by: id,
          locked_at: new Date(),
          attempts: sql`attempts + 1`,
        })
        .where('id', 'in', (qb) =>
          qb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('run_at', '<=', new Date())
            .where('type', 'in', types)
            .orderBy('run_at')
            .orderBy('id')
            .limit(batchSize)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
    });
    // UPDATE … RETURNING gives rows in no particular order: run them oldest first, as claimed
    return claimed.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
  }

  /**
   * A job that waited behind slow ones in its batch may have been presumed dead and reclaimed
   * by another worker; restart its clock, or skip it if it is no longer ours.
   */
  async function stillOurs(job: JobRow, claimedAt: number): Promise<boolean> {
    if (Date.now() - claimedAt < staleAfterMs / 2) return true;
    const row = await db
      .updateTable('jobs')
      .set({ locked_at: new Date() })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('locked_by', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async function runJob(job: JobRow) {
    const handler = queue.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempt: job.attempts });
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: new Date(), last_error: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      log.warn(
        { jobId: job.id, type: job.type, attempt: job.attempts, final, err: error },
        'job failed',
      );
      await db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'pending',
          last_error: message.slice(0, 2000),
          locked_by: null,
          locked_at: null,
          run_at: final ? job.run_at : new Date(Date.now() + backoffMs(job.attempts)),
          finished_at: final ? new Date() : null,
        })
        .where('id', '=', job.id)
        // as on success: if another worker reclaimed the job meanwhile, its outcome is theirs
        .where('locked_by', '=', id)
        .execute();
    }
  }

  /** Keeps `locked_at` of this worker's running jobs fresh while a round runs. */
  function startHeartbeat(): () => void {
    const beat = setInterval(
      () => {
        db.updateTable('jobs')
          .set({ locked_at: new Date() })
          .where('status', '=', 'running')
          .where('locked_by', '=', id)
          .execute()
          .catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed'));
      },
      Math.max(200, Math.floor(staleAfterMs / 3)),
    );
    beat.unref();
    return () => clearInterval(beat);
  }

  async function round(): Promise<number> {
    const stopHeartbeat = startHeartbeat();
    try {
      return await claimAndRun();
    } finally {
      stopHeartbeat();
    }
  }

  async function claimAndRun(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claim();
      const claimedAt = Date.now();
      for (const job of jobs) {
        if (!(await stillOurs(job, claimedAt))) continue;
        await runJob(job);
        total += 1;
      }
      if (jobs.length < batchSize || stopped) return total;
    }
  }

  /**
   * Runs a round that starts after this call: while one is running, the next round is queued
   * behind it (one for all callers meanwhile), so a caller never settles for a round whose
   * claim may have been made before its own change to the jobs table.
   */
  function runOnce(): Promise<number> {
    // a kick after stop() (an enqueue committing during shutdown) must not touch the database
    if (stopped) return Promise.resolve(0);
    if (!running) return launch();
    queued ??= running.then(() => {
      queued = undefined;
      if (stopped) return 0;
      // someone may have launched a round between the last one ending and this callback
      return running ?? launch();
    });
    return queued;
  }

  function launch(): Promise<number> {
    const current: Promise<number> = round()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'job worker round failed');
        return 0;
      })
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  const unsubscribe = queue.onKick(() => void runOnce());
  schedule();

  return {
    id,
    runOnce,
    kick: () => void runOnce(),
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
      await queued;
    },
  };
}
