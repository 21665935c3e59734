import { sql } from 'kysely';
import type { Logger } from 'pino';
import { onCommit, type DbHandle } from '../db/database.ts';
import type { StatementTail } from '../db/statement-tail.ts';
import { opaque } from '../db/array-parameter.ts';
import type { EnqueueOptions, JobHandler, JobQueue } from './types.ts';

/**
 * The jobs table doubles as the transactional outbox: a side effect (mail, push, a scheduled
 * publish) is a job inserted in the same transaction as the change, so it exists exactly when
 * the change committed. After commit the local worker is nudged so it runs without waiting for
 * the next poll.
 */
export class PgJobQueue implements JobQueue {
  readonly handlers = new Map<string, JobHandler>();
  private readonly kickListeners = new Set<() => void>();

  constructor(private readonly log: Logger) {}

  register(type: string, handler: JobHandler) {
    if (this.handlers.has(type)) throw new Error(`Job handler for ${type} registered twice`);
    this.handlers.set(type, handler);
  }

  /** Each local worker listens; returns the unsubscribe function. */
  onKick(listener: () => void): () => void {
    this.kickListeners.add(listener);
    return () => this.kickListeners.delete(listener);
  }

  async enqueue(
    db: DbHandle,
    type: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
  ) {
    await db
      .insertInto('jobs')
      .values(jobRow(type, payload, options))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
    this.enqueued(db, type, options);
  }

  enqueued(db: DbHandle, type: string, options: EnqueueOptions = {}) {
    this.log.debug({ type }, 'job enqueued');
    if (!options.runAt || options.runAt.getTime() <= Date.now()) {
      onCommit(db, () => {
        for (const listener of this.kickListeners) listener();
      });
    }
  }
}

/** A job's row as `enqueue` and `jobInsert` write it: the defaults live here once. */
function jobRow(type: string, payload: Record<string, unknown>, options: EnqueueOptions) {
  return {
    type,
    payload: JSON.stringify(payload),
    run_at: options.runAt ?? new Date(),
    max_attempts: options.maxAttempts ?? 5,
    dedupe_key: options.dedupeKey ?? null,
  };
}

/**
 * `enqueue`'s insert as a CTE named `name`, to ride in another statement (a charge's ledger
 * write) instead of a round trip of its own; same columns, defaults and dedupe rule. The
 * caller then tells the queue with `jobs.enqueued(db, type, options)` (the worker's nudge).
 */
export function jobInsert(
  name: string,
  type: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): StatementTail {
  const row = jobRow(type, payload, options);
  const cte = sql`${sql.id(name)} as (
      insert into jobs (type, payload, run_at, max_attempts, dedupe_key)
      values (${row.type}, ${row.payload}::jsonb, ${row.run_at}::timestamptz,
        ${row.max_attempts}::int, ${row.dedupe_key}::text)
      on conflict (dedupe_key) do nothing
    )`;
  return { ctes: [cte], columns: [] };
}

/** A job for `jobsInsert`. */
export interface JobToInsert {
  type: string;
  payload: Record<string, unknown>;
  options?: EnqueueOptions;
}

/**
 * `jobInsert` for any number of jobs, as one CTE whose text does not depend on how many: a
 * batch of charges' release and automation jobs. Jobs with a dedupe key already taken (by
 * another row of the list too) are skipped, as `enqueue` skips them.
 */
export function jobsInsert(name: string, jobs: readonly JobToInsert[]): StatementTail {
  const rows = jobs.map((j) => jobRow(j.type, j.payload, j.options ?? {}));
  const cte = sql`${sql.id(name)} as (
      insert into jobs (type, payload, run_at, max_attempts, dedupe_key)
      select * from unnest(${opaque(
        rows.map((r) => r.type),
        'text',
      )}, ${opaque(
        rows.map((r) => r.payload),
        'jsonb',
      )}, ${opaque(
        rows.map((r) => r.run_at),
        'timestamptz',
      )}, ${opaque(
        rows.map((r) => r.max_attempts),
        'int',
      )}, ${opaque(
        rows.map((r) => r.dedupe_key),
        'text',
      )})
      on conflict (dedupe_key) do nothing
    )`;
  return { ctes: [cte], columns: [] };
}
