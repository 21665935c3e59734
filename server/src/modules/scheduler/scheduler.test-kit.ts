import { sql } from 'kysely';
import type { TestServer } from '../../../test/harness.ts';
import { startWorker, type Worker } from '../../platform/jobs/worker.ts';
import { call, type Actor } from '../posts/posts.test-kit.ts';
import { SCHEDULER_PUBLISH_JOB } from './scheduler.publish.ts';

/** Helpers of the scheduler tests (not a test file itself). */

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export function schedule(
  server: TestServer,
  who: Actor | null,
  type: string,
  payload: Record<string, unknown>,
  scheduledFor = inMinutes(60),
) {
  return call(server, who, 'POST', '/scheduler', { type, scheduledFor, payload });
}

/** Time passes for one item: it is due now, and so are its pending publish jobs. */
export async function makeDue(server: TestServer, itemId: string) {
  await server.ctx.db
    .updateTable('scheduled_items')
    .set({ scheduled_for: new Date(Date.now() - 1000) })
    .where('id', '=', itemId)
    .execute();
  await makeJobsDue(server, itemId);
}

/** The item's pending publish jobs (retries included) become due, without touching the item. */
export async function makeJobsDue(server: TestServer, itemId: string) {
  await server.ctx.db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000) })
    .where('type', '=', SCHEDULER_PUBLISH_JOB)
    .where('status', '=', 'pending')
    .where(sql`payload->>'itemId'`, '=', itemId)
    .execute();
}

export function publishJobs(server: TestServer, itemId: string) {
  return server.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('type', '=', SCHEDULER_PUBLISH_JOB)
    .where(sql`payload->>'itemId'`, '=', itemId)
    .orderBy('id')
    .execute();
}

/** A job worker of its own on the test server's queue, as a second process would run one. */
export function worker(server: TestServer): Worker {
  return startWorker({
    db: server.ctx.db,
    queue: server.runtime.queue,
    log: server.ctx.log,
    pollMs: 60_000,
  });
}

/** Runs due jobs on the given workers until none is left. */
export async function drain(server: TestServer, workers: Worker[]) {
  for (let round = 0; round < 50; round += 1) {
    await Promise.all(workers.map((w) => w.runOnce()));
    const due = await server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      .where('run_at', '<=', new Date())
      .executeTakeFirst();
    if (!due) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('jobs did not drain');
}

export const itemRow = (server: TestServer, id: string) =>
  server.ctx.db
    .selectFrom('scheduled_items')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
