import type { Logger } from 'pino';
import { SessionCache, wireSessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import {
  openDatabase,
  setCommitHookErrorLogger,
  setPoolErrorLogger,
  type DatabaseHandle,
} from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openReadReplica, type ReadReplicaHandle } from './db/read-replica.ts';
import { ReadRouting } from './db/read-routing.ts';
import { PgJobQueue } from './jobs/queue.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { createLogger, LogRing } from './logger.ts';
import { createEventBus } from './realtime/bus.ts';
import path from 'node:path';
import { registerJobHandlers } from '../modules/jobs.ts';

export interface Runtime {
  ctx: AppContext;
  queue: PgJobQueue;
  database: DatabaseHandle;
  /** the read replica, when DATABASE_READ_URL is set */
  replica?: ReadReplicaHandle;
  worker?: Worker;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  config: Config;
  log?: Logger;
  /** an already open database (tests); otherwise opened from config */
  database?: DatabaseHandle;
  startWorker?: boolean;
}

/**
 * Opens everything a process needs (database + migrations, bus, job queue, optional worker)
 * and gives back the AppContext. Shared by main.ts, the CLI, benchmarks and tests.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const logs = new LogRing(1000);
  const log = options.log ?? createLogger(config, logs);
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  setCommitHookErrorLogger((err) => log.error({ err }, 'after-commit hook failed'));
  setPoolErrorLogger((err) => log.warn({ err }, 'idle database connection failed'));
  await migrateToLatest(database.db);
  const bus = await createEventBus(config.REDIS_URL, log, config.REALTIME_CHANNEL);
  const queue = new PgJobQueue(log);
  const sessionCache = new SessionCache({
    ttlMs: config.SESSION_CACHE_SECONDS * 1000,
    maxEntries: config.SESSION_CACHE_MAX_ENTRIES,
  });
  const unwireSessionCache = wireSessionCache(sessionCache, bus, log, database.writes);
  const replica = config.DATABASE_READ_URL
    ? openReadReplica({
        url: config.DATABASE_READ_URL,
        poolSize: config.DATABASE_READ_POOL_SIZE,
        primary: database.db,
        log,
      })
    : undefined;
  const reads = new ReadRouting({
    enabled: replica !== undefined,
    stickyMs: config.DATABASE_READ_STICKY_MS,
    // one process alone has no one to tell
    bus: config.REDIS_URL ? bus : undefined,
    log,
  });
  const unlistenReads = reads.listen(bus);
  const ctx: AppContext = {
    config,
    db: database.db,
    readDb: replica?.db ?? database.db,
    reads,
    dbDriver: database.driver,
    log,
    logs,
    bus,
    jobs: queue,
    sessionCache,
  };
  registerJobHandlers(ctx);
  const worker = options.startWorker
    ? startWorker({
        db: database.db,
        queue,
        log,
        pollMs: config.JOB_POLL_MS,
        staleAfterMs: config.JOB_STALE_AFTER_MS,
      })
    : undefined;
  return {
    ctx,
    queue,
    database,
    ...(replica ? { replica } : {}),
    ...(worker ? { worker } : {}),
    async close() {
      await worker?.stop();
      unwireSessionCache();
      unlistenReads();
      await bus.close();
      await replica?.close();
      if (!options.database) await database.close();
    },
  };
}
