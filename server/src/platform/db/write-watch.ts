import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely';

/**
 * Which cached sign-in facts a committed write may have changed: the sessions and accounts it
 * touched, or `all` when the statement's target rows cannot be told from its shape.
 */
export interface WriteNotice {
  all?: boolean;
  userIds?: string[];
  sessionIds?: string[];
}

type Listener = (notice: WriteNotice) => void;

class PendingNotice {
  all = false;
  readonly userIds = new Set<string>();
  readonly sessionIds = new Set<string>();

  add(found: Found) {
    if (found === 'all') this.all = true;
    else {
      for (const id of found.userIds) this.userIds.add(id);
      for (const id of found.sessionIds) this.sessionIds.add(id);
    }
  }

  get empty() {
    return !this.all && this.userIds.size === 0 && this.sessionIds.size === 0;
  }

  toNotice(): WriteNotice {
    if (this.all) return { all: true };
    return {
      ...(this.userIds.size > 0 ? { userIds: [...this.userIds] } : {}),
      ...(this.sessionIds.size > 0 ? { sessionIds: [...this.sessionIds] } : {}),
    };
  }
}

type Found = 'all' | { userIds: string[]; sessionIds: string[] };

/** Cheap first test on the SQL text; almost no statement gets past it. */
const TOUCHES_AUTH_TABLES =
  /\b(update|delete\s+from|truncate(\s+table)?)\s+("?public"?\.)?"?(users|sessions)"?(\s|$|,|;)/i;
/** The sessions column written on use (throttled); it changes nothing a cache relies on. */
const HARMLESS_SESSION_COLUMNS = new Set(['last_seen_at']);

interface Node {
  kind: string;
  [key: string]: unknown;
}
const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && typeof (value as Node).kind === 'string'
    ? (value as Node)
    : undefined;

function identifierName(node: Node | undefined): string | undefined {
  const name = node?.kind === 'IdentifierNode' ? node.name : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** `users` or `users as u` → { table, alias } */
function targetOf(node: Node | undefined): { table: string; alias?: string } | undefined {
  if (node?.kind === 'AliasNode') {
    const inner = targetOf(asNode(node.node));
    const alias = identifierName(asNode(node.alias));
    return inner && alias ? { table: inner.table, alias } : inner;
  }
  if (node?.kind !== 'TableNode') return undefined;
  const table = identifierName(asNode(asNode(node.table)?.identifier));
  return table ? { table } : undefined;
}

/** The top-level `and` conjuncts of a where clause (an `or` is one opaque conjunct). */
function conjuncts(node: Node | undefined): Node[] {
  if (!node) return [];
  if (node.kind === 'AndNode')
    return [...conjuncts(asNode(node.left)), ...conjuncts(asNode(node.right))];
  if (node.kind === 'ParensNode') return conjuncts(asNode(node.node));
  return [node];
}

/**
 * The ids a conjunct pins `column` of the target to (`col = v`, `col in (…)`), or undefined.
 * A qualified reference must name the target (or its alias); an unqualified one counts only
 * when the statement reads no other table, so another table's `id` is never taken for ours.
 */
function pinnedIds(
  conjunct: Node,
  column: string,
  target: { table: string; alias?: string },
  otherTables: boolean,
): string[] | undefined {
  if (conjunct.kind !== 'BinaryOperationNode') return undefined;
  const left = asNode(conjunct.leftOperand);
  const operator = asNode(conjunct.operator)?.operator;
  const right = asNode(conjunct.rightOperand);
  if (left?.kind !== 'ReferenceNode' || !right) return undefined;
  if (identifierName(asNode(asNode(left.column)?.column)) !== column) return undefined;
  const qualifier = targetOf(asNode(left.table))?.table;
  if (qualifier ? qualifier !== (target.alias ?? target.table) : otherTables) return undefined;
  const values =
    operator === '=' && right.kind === 'ValueNode'
      ? [right.value]
      : operator === 'in' && right.kind === 'PrimitiveValueListNode'
        ? (right.values as unknown[])
        : operator === 'in' && right.kind === 'ValueListNode'
          ? (right.values as unknown[]).map((v) => asNode(v)?.value)
          : undefined;
  if (!values || !values.every((v): v is string => typeof v === 'string')) return undefined;
  return values;
}

const isAuthTable = (target: { table: string } | undefined) =>
  target?.table === 'users' || target?.table === 'sessions';

/**
 * Whether a WITH clause may change what the cache holds: a CTE updating or deleting users or
 * sessions (their ids are not read from CTEs), an upsert into them, or a shape we do not know.
 * Reads, plain inserts (a new session has a token no cache holds) and writes to other tables
 * leave the statement's own target to decide (the login is one such statement).
 */
function withTouchesAuthRows(withNode: Node): boolean {
  const ctes = (withNode.expressions as unknown[] | undefined) ?? [];
  return ctes.some((cte) => {
    const query = asNode(asNode(cte)?.expression);
    switch (query?.kind) {
      case 'SelectQueryNode':
        return false;
      case 'InsertQueryNode':
        return Boolean(query.onConflict) && isAuthTable(targetOf(asNode(query.into)));
      case 'UpdateQueryNode': {
        const target = targetOf(asNode(query.table));
        return !target || isAuthTable(target);
      }
      case 'DeleteQueryNode': {
        const froms = (asNode(query.from)?.froms as unknown[] | undefined) ?? [];
        const target = targetOf(asNode(froms[0]));
        return !target || froms.length !== 1 || isAuthTable(target);
      }
      default:
        return true;
    }
  });
}

/**
 * What a statement that passed the text test writes: the users or sessions it pins by id, or
 * `all` for anything else (raw SQL, CTEs writing them, unpinned updates). Unknown shapes err
 * towards `all`: a needless drop costs one lookup, a missed one serves a revoked session.
 */
export function writtenAuthRows(query: CompiledQuery): Found | undefined {
  if (!TOUCHES_AUTH_TABLES.test(query.sql)) return undefined;
  const root = query.query as unknown as Node;
  const isUpdate = root.kind === 'UpdateQueryNode';
  if (!isUpdate && root.kind !== 'DeleteQueryNode') return 'all';
  const withNode = asNode(root.with);
  if (withNode && withTouchesAuthRows(withNode)) return 'all';
  const froms = (asNode(root.from)?.froms as unknown[] | undefined) ?? [];
  const target = targetOf(asNode(isUpdate ? root.table : froms[0]));
  if (!target || !isAuthTable(target)) return 'all';
  const otherTables =
    (isUpdate ? froms.length > 0 : froms.length > 1) || Boolean(root.joins) || Boolean(root.using);
  if (isUpdate && target.table === 'sessions') {
    const columns = ((root.updates as unknown[] | undefined) ?? []).map((u) =>
      identifierName(asNode(asNode(asNode(u)?.column)?.column)),
    );
    if (columns.length > 0 && columns.every((c) => c && HARMLESS_SESSION_COLUMNS.has(c)))
      return undefined;
  }
  const where = conjuncts(asNode(asNode(root.where)?.where));
  const pin = (column: string) => {
    for (const c of where) {
      const ids = pinnedIds(c, column, target, otherTables);
      if (ids) return ids;
    }
    return undefined;
  };
  if (target.table === 'users') {
    const userIds = pin('id');
    return userIds ? { userIds, sessionIds: [] } : 'all';
  }
  const sessionIds = pin('id');
  if (sessionIds) return { userIds: [], sessionIds };
  const userIds = pin('user_id');
  return userIds ? { userIds, sessionIds: [] } : 'all';
}

/**
 * Watches every statement a Kysely dialect runs and reports the writes to `users` and
 * `sessions` once they are committed: at once for a statement outside a transaction, at
 * commit for one inside (and never after a rollback). It sits at the driver, so it sees every
 * write however it is issued – any module, job, test or nested service – and knows exactly
 * when the transaction that made it ended. The session cache drops what it reports.
 */
export class WriteWatch {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** exported for the tests; the driver calls it after a commit */
  emit(notice: WriteNotice) {
    for (const listener of this.listeners) {
      try {
        listener(notice);
      } catch {
        // a listener failing must not fail the statement that already committed
      }
    }
  }

  wrap(dialect: Dialect): Dialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createDriver: () => new WatchedDriver(dialect.createDriver(), this),
    };
  }
}

class WatchedConnection implements DatabaseConnection {
  /** the writes of the open transaction, if one is open on this connection */
  pending: PendingNotice | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery) {
    const result = await this.inner.executeQuery<R>(compiledQuery);
    const found = writtenAuthRows(compiledQuery);
    if (found) {
      if (this.pending) this.pending.add(found);
      else {
        const notice = new PendingNotice();
        notice.add(found);
        this.watch.emit(notice.toNotice());
      }
    }
    return result;
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number) {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

class WatchedDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection() {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.watch);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.pending = new PendingNotice();
  }

  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    const pending = watched.pending;
    watched.pending = undefined;
    await this.inner.commitTransaction(watched.inner);
    if (pending && !pending.empty) this.watch.emit(pending.toNotice());
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    watched.pending = undefined;
    await this.inner.rollbackTransaction(watched.inner);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    await this.inner.savepoint?.((connection as WatchedConnection).inner, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    // what the savepoint undid may have been noted: keeping it only costs a needless drop
    await this.inner.rollbackToSavepoint?.(
      (connection as WatchedConnection).inner,
      name,
      compileQuery,
    );
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(
      (connection as WatchedConnection).inner,
      name,
      compileQuery,
    );
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}
