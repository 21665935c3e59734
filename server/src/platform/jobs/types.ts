import type { DbHandle } from '../db/database.ts';

export interface EnqueueOptions {
  /** when to run; default now */
  runAt?: Date;
  /** a second enqueue with the same key is ignored while the first exists */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobContext {
  id: number;
  attempt: number;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobContext) => Promise<void>;

/**
 * Durable background work in the `jobs` table. Enqueue inside the caller's transaction so a job
 * exists only if the change that needs it committed.
 */
export interface JobQueue {
  enqueue(
    db: DbHandle,
    type: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<void>;
  /** A job was written by `jobInsert` in `db`'s transaction: nudge the worker as enqueue does. */
  enqueued(db: DbHandle, type: string, options?: EnqueueOptions): void;
  register(type: string, handler: JobHandler): void;
}
