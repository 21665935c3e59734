import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type RawBuilder, type Transaction } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { withPreparedStatements } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { WriteWatch } from './write-watch.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A handle a service can run on: the root db or an open transaction. */
export type DbHandle = Db | Tx;
export type DbDriver = 'pglite' | 'pg';

export interface DatabaseHandle {
  db: Db;
  driver: DbDriver;
  /** the embedded instance, when the driver is PGlite */
  pglite?: PGlite;
  /** the connection string, when the driver is pg */
  url?: string;
  /** committed writes to `users` and `sessions` (what the session cache must forget) */
  writes: WriteWatch;
  close(): Promise<void>;
}

// Both drivers return int8 as a JS number (all our int8 values are cents or counts < 2^53)
// and numeric as a string, so code never sees a driver difference.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dumped data directory (tests use a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = withPreparedStatements(
      new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 }),
    );
    // an idle client losing its connection (PostgreSQL restarted, a network cut) is dropped by
    // the pool; without a listener the 'error' event would end the process
    pool.on('error', (error) => poolErrorLogger?.(error));
    const writes = new WriteWatch();
    const db = new Kysely<Database>({ dialect: writes.wrap(new PostgresDialect({ pool })) });
    return { db, driver: 'pg', url: options.url, writes, close: () => db.destroy() };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // loaded only when used: a server on PostgreSQL never needs the embedded database's code
  const [pgliteModule, { citext }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/citext'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = await pgliteModule.PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { citext, pg_trgm },
  });
  const writes = new WriteWatch();
  const db = new Kysely<Database>({
    dialect: writes.wrap(new PGliteDialect(pglite, pgliteModule)),
  });
  return { db, driver: 'pglite', pglite, writes, close: () => db.destroy() };
}

const commitHooks = new WeakMap<Tx, Array<() => void | Promise<void>>>();
const preCommitWrites = new WeakMap<Tx, BeforeCommitWrite[]>();

/**
 * Runs `fn` in a transaction, or inside the caller's one when `handle` already is one, so a
 * service composes with other services without nesting transactions by accident. Hooks added
 * with `onCommit` run after the outermost transaction commits, never on rollback.
 */
export async function withTransaction<T>(handle: DbHandle, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (handle.isTransaction) return fn(handle as Tx);
  let hooks: Array<() => void | Promise<void>> = [];
  const result = await (handle as Db).transaction().execute(async (tx) => {
    hooks = [];
    commitHooks.set(tx, hooks);
    const writes: BeforeCommitWrite[] = [];
    preCommitWrites.set(tx, writes);
    const value = await fn(tx);
    await runBeforeCommitWrites(tx, writes);
    return value;
  });
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      // a side effect failing after commit must not turn a committed request into an error;
      // durable side effects are jobs (the outbox), which retry on their own
      hookErrorLogger?.(error);
    }
  }
  return result;
}

let poolErrorLogger: ((error: unknown) => void) | undefined;
/** Where errors of idle pooled connections are reported (the runtime wires its logger in). */
export function setPoolErrorLogger(logger: (error: unknown) => void) {
  poolErrorLogger = logger;
}

let hookErrorLogger: ((error: unknown) => void) | undefined;
/** Where failed after-commit hooks are reported (the runtime wires its logger in). */
export function setCommitHookErrorLogger(logger: (error: unknown) => void) {
  hookErrorLogger = logger;
}

/** Runs `hook` after the transaction commits; on a root handle it runs at once. */
export function onCommit(handle: DbHandle, hook: () => void | Promise<void>) {
  const hooks = handle.isTransaction ? commitHooks.get(handle as Tx) : undefined;
  if (hooks) hooks.push(hook);
  else
    void Promise.resolve()
      .then(hook)
      .catch(() => undefined);
}

/**
 * A write that joins the transaction's last statement: it returns the items of a `with` list
 * (`name as (update …)`, names unique to the writer; an item may reference the writer's own
 * earlier items), or null when it has nothing to write by then. Evaluated once, at commit.
 */
export type BeforeCommitWrite = () => RawBuilder<unknown> | null;

/**
 * Adds a write to the outermost transaction's last statement, run just before it commits (a
 * hot row updated there is locked only for that statement and the commit); every write added
 * this way shares that ONE statement (the system accounts' balance move and the idempotent
 * response store of a money request: one round trip instead of two). Returns false when `handle` is not a
 * transaction opened by `withTransaction`: the caller must do the work now.
 */
export function writeBeforeCommit(handle: DbHandle, write: BeforeCommitWrite): boolean {
  const writes = handle.isTransaction ? preCommitWrites.get(handle as Tx) : undefined;
  if (!writes) return false;
  writes.push(write);
  return true;
}

async function runBeforeCommitWrites(tx: Tx, writes: BeforeCommitWrite[]) {
  const items = writes
    .map((write) => write())
    .filter((item): item is RawBuilder<unknown> => item !== null);
  if (items.length === 0) return;
  await sql`with ${sql.join(items)} select 1`.execute(tx);
}

/** Whether `writeBeforeCommit` would take a write on `handle`. */
export const canRunBeforeCommit = (handle: DbHandle) =>
  handle.isTransaction && preCommitWrites.has(handle as Tx);

/** Money code calls this to fail loudly when someone forgot the transaction. */
export function assertInTransaction(handle: DbHandle): asserts handle is Tx {
  if (!handle.isTransaction) throw new Error('This operation must run inside a transaction');
}

export async function ping(db: Db): Promise<number> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  return performance.now() - started;
}
