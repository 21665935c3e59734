import type * as PGliteModule from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { StatementNames } from './prepared-statements.ts';

/** What the dialect needs of the PGlite module, passed in so a server on PostgreSQL never loads it. */
export type PGliteProtocol = Pick<typeof PGliteModule, 'protocol' | 'parse'>;

/**
 * Kysely dialect over an in-process PGlite instance. PGlite is a single connection, so the
 * driver hands it out to one holder at a time: a transaction owns it until commit/rollback and
 * other queries wait. Code inside a transaction must use the transaction handle, never `db`.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly protocol: PGliteProtocol,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.protocol);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    protocol: PGliteProtocol,
  ) {
    this.connection = new PGliteConnection(pglite, protocol);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }
  async releaseSavepoint(conn: DatabaseConnection, name: string) {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection() {
    const release = this.connection.release;
    this.connection.release = undefined;
    release?.();
  }

  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/*
 * Prepared statements. `pglite.query` parses, describes and plans every statement again, in six
 * calls into the WebAssembly module; planning also asks the file system for every relation's
 * size (an `lseek` to the end, which Emscripten's Node file system turns into an `fstat`: 15% of
 * the server's CPU under the feed benchmark). A read statement seen `PREPARE_AFTER` times (the
 * rule node-postgres follows here, `StatementNames`) is parsed and described once under a name;
 * afterwards one call binds and executes it, and PostgreSQL keeps its plan as it does for the
 * pg driver's named statements (see prepared-statements.ts and docs/PERFORMANCE.md).
 */
interface PreparedStatement {
  /** the parameters' type oids, from the statement's description */
  paramTypes: number[];
}

/** Exported for tests that count statements at the driver (test/statement-spy.ts). */
export class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;
  private readonly names = new StatementNames();
  private readonly prepared = new Map<string, PreparedStatement>();

  constructor(
    private readonly pglite: PGlite,
    private readonly protocol: PGliteProtocol,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.names.nameFor(compiled.sql);
    if (name) return this.executeNamed<R>(name, compiled);
    const result = await this.pglite.query<R>(compiled.sql, compiled.parameters as unknown[], {
      rowMode: 'object',
    });
    return toQueryResult(result);
  }

  private executeNamed<R>(name: string, compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { serialize } = this.protocol.protocol;
    return this.pglite.runExclusive(async () => {
      let statement = this.prepared.get(name);
      if (!statement) {
        const described = await this.pglite.execProtocolStream(
          concat([
            serialize.parse({ name, text: compiled.sql }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        statement = { paramTypes: this.protocol.parse.parseDescribeStatementResults(described) };
        this.prepared.set(name, statement);
      }
      const { paramTypes } = statement;
      const values = (compiled.parameters as unknown[]).map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pglite.serializers[paramTypes[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.pglite.execProtocolStream(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await this.pglite.syncToFs();
      const [result] = this.protocol.parse.parseResults(messages, this.pglite.parsers, {
        rowMode: 'object',
      });
      if (!result) throw new Error('PGlite returned no result for a prepared statement');
      return toQueryResult(result as unknown as { rows: R[]; affectedRows?: number });
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not support streaming');
  }
}

function toQueryResult<R>(result: { rows: R[]; affectedRows?: number }): QueryResult<R> {
  const affected = result.affectedRows;
  return {
    rows: result.rows,
    ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function quoteIdent(name: string) {
  return `"${name.replaceAll('"', '""')}"`;
}
