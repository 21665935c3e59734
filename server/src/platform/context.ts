import type { Logger } from 'pino';
import type { SessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { Db, DbDriver } from './db/database.ts';
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
  db: Db;
  dbDriver: DbDriver;
  log: Logger;
  logs: LogRing;
  bus: EventBus;
  jobs: JobQueue;
  /** this process's session lookups (the auth hook), dropped on every committed auth write */
  sessionCache: SessionCache;
}
