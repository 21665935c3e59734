import {
  Kysely,
  PostgresDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './database.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';

/**
 * The read replica handle (DATABASE_READ_URL): a second Kysely over a PostgreSQL streaming
 * standby, for the lag-tolerant reads that `readContext` (read-routing.ts) sends there. Same
 * named prepared statements and int8 parser as the primary (the parser is global to `pg`); no
 * write watch, since nothing writes through it.
 *
 * It never fails a read because of the replica: while the replica is unreachable (refused
 * connections, a timeout, a standby shutting down or still starting; any failure to get a
 * connection counts) its statements run on the primary instead, the outage is logged once, and
 * after `RETRY_AFTER_MS` one statement at a time tries the replica again. A statement the
 * standby cancels because of a recovery conflict is re-run on the primary too. Only single
 * statements are re-run: the handle refuses transactions, which belong on the primary
 * (`withTransaction(ctx.db, …)`).
 */

/** how long reads stay on the primary after the replica failed, before one tries it again */
export const RETRY_AFTER_MS = 5000;
/** a replica that does not accept a connection this fast counts as unreachable */
export const CONNECT_TIMEOUT_MS = 3000;

/** node and libpq-level errors that mean "cannot reach the server" */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs of a server that is going away or not ready: the 08 class, 57P01-57P03, 53300 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg and pg-pool report a lost or timed-out connection by message only */
const LOST_CONNECTION =
  /connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|not queryable/i;

/** Whether `error` says the replica cannot be reached (not: the statement itself was wrong). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
      return true;
  }
  return LOST_CONNECTION.test(error.message);
}

/** "canceling statement due to conflict with recovery": a standby-only failure, fine on the primary */
export function isRecoveryConflict(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '40001' &&
    /conflict with recovery/i.test(error.message)
  );
}

/** Up, or down since an error until `retryAt`; one statement at a time probes it again. */
export class ReplicaHealth {
  private downUntil = 0;
  private probing = false;
  private down = false;

  constructor(
    private readonly log: Pick<Logger, 'warn' | 'info'>,
    private readonly now: () => number = Date.now,
  ) {}

  get isDown() {
    return this.down;
  }

  /** Whether the next statement may try the replica; when it is down, only one probe at a time. */
  tryReplica(): boolean {
    if (!this.down) return true;
    if (this.probing || this.now() < this.downUntil) return false;
    this.probing = true;
    return true;
  }

  failed(error: unknown) {
    this.probing = false;
    this.downUntil = this.now() + RETRY_AFTER_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: error },
      `read replica unreachable: reads go to the primary, the replica is tried again every ${RETRY_AFTER_MS / 1000} s`,
    );
  }

  succeeded() {
    this.probing = false;
    if (!this.down) return;
    this.down = false;
    this.log.info('read replica reachable again: lag-tolerant reads go to it');
  }
}

const NO_TRANSACTIONS =
  'the read replica handle runs no transactions: open them on the primary (ctx.db)';

/** A statement of the read handle run on the primary while the replica is down. */
class ViaPrimary implements DatabaseConnection {
  constructor(private readonly primary: Db) {}

  executeQuery<R>(query: CompiledQuery) {
    return this.primary.executeQuery<R>(query as CompiledQuery<R>);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.primary.getExecutor().stream<R>(query as CompiledQuery<R>, chunkSize ?? 100);
  }
}

class ReplicaConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly primary: Db,
    private readonly health: ReplicaHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery) {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      if (isUnreachable(error)) this.health.failed(error);
      else if (!isRecoveryConflict(error)) throw error;
      // only reads come through this handle (the replica refuses anything else), so running
      // the statement again on the primary is safe
      return this.primary.executeQuery<R>(query as CompiledQuery<R>);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ReplicaDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly primary: Db,
    private readonly health: ReplicaHealth,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.health.tryReplica()) return new ViaPrimary(this.primary);
    try {
      const connection = await this.inner.acquireConnection();
      this.health.succeeded();
      return new ReplicaConnection(connection, this.primary, this.health);
    } catch (error) {
      // not getting a connection is never the statement's fault: refused, timed out, or a
      // replica that turns us away (credentials, a database not there yet) all fall back
      this.health.failed(error);
      return new ViaPrimary(this.primary);
    }
  }

  beginTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  commitTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  rollbackTransaction(): Promise<void> {
    return Promise.reject(new Error(NO_TRANSACTIONS));
  }

  async releaseConnection(connection: DatabaseConnection) {
    if (connection instanceof ReplicaConnection)
      await this.inner.releaseConnection(connection.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so its driver falls back to `primary` as described above. */
export function withPrimaryFallback(dialect: Dialect, primary: Db, health: ReplicaHealth): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new ReplicaDriver(dialect.createDriver(), primary, health),
  };
}

export interface ReadReplicaOptions {
  url: string;
  poolSize: number;
  primary: Db;
  log: Pick<Logger, 'warn' | 'info'>;
}

export interface ReadReplicaHandle {
  db: Db;
  health: ReplicaHealth;
  close(): Promise<void>;
}

export function openReadReplica(options: ReadReplicaOptions): ReadReplicaHandle {
  const pool = withPreparedStatements(
    new pg.Pool({
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    }),
  );
  const health = new ReplicaHealth(options.log);
  // an idle client losing its server (a standby restarting) is reported here; without a
  // listener the pool's 'error' event would end the process
  pool.on('error', (error) => health.failed(error));
  const db = new Kysely<Database>({
    dialect: withPrimaryFallback(new PostgresDialect({ pool }), options.primary, health),
  });
  return { db, health, close: () => db.destroy() };
}
