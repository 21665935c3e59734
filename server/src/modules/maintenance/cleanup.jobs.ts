import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { FAILED_LOGIN_WINDOW_SECONDS } from '../auth/login.service.ts';

/**
 * Hourly housekeeping: rows that only ever grow and are useless once expired. Each run
 * enqueues the next one an hour later under an hourly dedupe key, so any number of worker
 * processes keep exactly one run per hour. Deletes go in bounded batches so a backlog never
 * holds long locks.
 */
export const CLEANUP_JOB = 'maintenance.cleanup';
export const CLEANUP_INTERVAL_MS = 60 * 60_000;
/** Expired or used one-time tokens are kept a day, for support questions about a mail. */
const TOKEN_GRACE_MS = 24 * 60 * 60_000;
/** Finished jobs (the outbox's history) are kept a week for debugging. */
const JOB_HISTORY_MS = 7 * 24 * 60 * 60_000;
const BATCH = 5_000;

type CleanupCtx = Pick<AppContext, 'db' | 'jobs' | 'config'>;

export interface CleanupReport {
  authTokens: number;
  loginFailures: number;
  uploads: number;
  jobs: number;
}

/** Deletes up to BATCH rows of `table` whose id the subquery picks, until none are left. */
async function drain(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

const count = (result: { numDeletedRows: bigint }[]) =>
  result.reduce((n, r) => n + Number(r.numDeletedRows), 0);

export async function runCleanup(ctx: CleanupCtx, now = new Date()): Promise<CleanupReport> {
  const db = ctx.db;
  const tokenCutoff = new Date(now.getTime() - TOKEN_GRACE_MS);
  const authTokens = await drain(async () =>
    count(
      await db
        .deleteFrom('auth_tokens')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('auth_tokens')
            .select('id')
            .where((w) => w.or([w('expires_at', '<', tokenCutoff), w('used_at', '<', tokenCutoff)]))
            .limit(BATCH),
        )
        .execute(),
    ),
  );

  // an account and address whose attempts all left the brute-force window (login.service.ts)
  const failureCutoff = new Date(now.getTime() - FAILED_LOGIN_WINDOW_SECONDS * 1000 - 60_000);
  const loginFailures = await drain(async () =>
    count(
      await db
        .deleteFrom('login_failures')
        .where((eb) =>
          eb(
            eb.refTuple('account_key', 'ip'),
            'in',
            eb
              .selectFrom('login_failures')
              .select(['account_key', 'ip'])
              .where(sql<boolean>`${failureCutoff} > all(attempted_at)`)
              .limit(BATCH)
              .$asTuple('account_key', 'ip'),
          ),
        )
        .execute(),
    ),
  );

  const uploads = await dropAbandonedUploads(ctx, now);

  const jobCutoff = new Date(now.getTime() - JOB_HISTORY_MS);
  const jobs = await drain(async () =>
    count(
      await db
        .deleteFrom('jobs')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'done')
            .where('finished_at', '<', jobCutoff)
            .limit(BATCH),
        )
        .execute(),
    ),
  );
  return { authTokens, loginFailures, uploads, jobs };
}

/**
 * Presigned uploads whose URL expired without the bytes being completed: the staged object
 * (if the browser sent one) is deleted from storage, then the row. Completed uploads stay (the
 * vault item points back to them).
 */
async function dropAbandonedUploads(ctx: CleanupCtx, now: Date): Promise<number> {
  const storage = getFileStorage(ctx.config);
  let total = 0;
  for (;;) {
    const rows = await ctx.db
      .selectFrom('media_uploads')
      .select(['id', 'staging_key'])
      .where('status', 'in', ['pending', 'failed'])
      .where('expires_at', '<', new Date(now.getTime() - 60 * 60_000))
      .limit(500)
      .execute();
    for (const row of rows) {
      if (row.staging_key) await storage.delete(row.staging_key);
      await ctx.db
        .deleteFrom('media_uploads')
        .where('id', '=', row.id)
        .where('status', 'in', ['pending', 'failed'])
        .execute();
    }
    total += rows.length;
    if (rows.length < 500) return total;
  }
}

const hourKey = (at: Date) => `${CLEANUP_JOB}:${at.toISOString().slice(0, 13)}`;

/** Enqueues the run for `at` (deduplicated per hour across processes). */
export async function scheduleCleanup(ctx: Pick<AppContext, 'db' | 'jobs'>, at: Date) {
  await ctx.jobs.enqueue(ctx.db as Db, CLEANUP_JOB, {}, { runAt: at, dedupeKey: hourKey(at) });
}

export function registerMaintenanceJobs(ctx: CleanupCtx & Pick<AppContext, 'log'>) {
  ctx.jobs.register(CLEANUP_JOB, async () => {
    const report = await runCleanup(ctx);
    ctx.log.info({ ...report }, 'cleanup done');
    await scheduleCleanup(ctx, new Date(Date.now() + CLEANUP_INTERVAL_MS));
  });
}

/** At start of a worker: make sure a run is queued. */
export async function ensureCleanupScheduled(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  const pending = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('type', '=', CLEANUP_JOB)
    .where('status', 'in', ['pending', 'running'])
    .limit(1)
    .executeTakeFirst();
  if (pending) return;
  const now = new Date();
  // this hour's key may be taken by a run that already finished: then the next hour's starts
  // the chain again
  await scheduleCleanup(ctx, now);
  await scheduleCleanup(ctx, new Date(now.getTime() + CLEANUP_INTERVAL_MS));
}
