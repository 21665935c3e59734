import type { Logger } from 'pino';
import type { SessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { Db, DbDriver } from './db/database.ts';
import type { ReadRouting } from './db/read-routing.ts';
import type { JobQueue } from './jobs/types.ts';
import type { LogRing } from './logger.ts';
import type { EventBus } from './realtime/types.ts';

/**
 * Everything a module needs from the platform, built once in main.ts (or the test server) and
 * hung on the Fastify instance as `app.ctx`. Modules take what they use from here; nothing
 * reaches for globals.
 */
export interface AppContext {
  config: Config;
  /** the primary: every write, transaction and anything a write decision rests on */
  db: Db;
  /**
   * the read replica (DATABASE_READ_URL) for lag-tolerant reads, or `db` itself when there is
   * none; routes reach it through `readContext` (db/read-routing.ts), which keeps a user who
   * just wrote on the primary
   */
  readDb: Db;
  /** who must read from the primary now (read-your-writes) */
  reads: ReadRouting;
  dbDriver: DbDriver;
  log: Logger;
  logs: LogRing;
  bus: EventBus;
  jobs: JobQueue;
  /** this process's session lookups (the auth hook), dropped on every committed auth write */
  sessionCache: SessionCache;
}
