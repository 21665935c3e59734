import { sql, type Insertable, type QueryCreator } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { Precompiled } from '../../platform/db/precompiled.ts';
import type {
  AuthTokenRow,
  AuthTokensTable,
  Database,
  SessionsTable,
  UserRow,
} from '../../platform/db/schema.ts';
import { ownRelationColumns, ownRelationsOf } from '../graph/graph.relations.ts';

/** SQL for the auth module: accounts, single-purpose tokens, failed logins, backup codes. */

type Purpose = AuthTokensTable['purpose'];

// ---- users ----

export function findUserById(db: DbHandle, id: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

const identifierColumn = (identifier: string) => (identifier.includes('@') ? 'email' : 'username');

const liveAccount = (
  db: QueryCreator<Database>,
  column: 'email' | 'username',
  identifier: string,
) =>
  db
    .selectFrom('users')
    .where(column, '=', identifier)
    .where('deleted_at', 'is', null)
    .where('status', '!=', 'deleted');

/** A live (not deleted) account by email, or by username when the identifier has no '@'. */
export function findUserForLogin(db: DbHandle, identifier: string): Promise<UserRow | undefined> {
  return liveAccount(db, identifierColumn(identifier), identifier).selectAll().executeTakeFirst();
}

/**
 * What the login decides on before the session statement, which returns the whole account:
 * the rest of the row (a dozen timestamps, four jsonb documents) would be read, sent and parsed
 * for nothing on every attempt.
 */
const LOGIN_ACCOUNT_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'status',
  'status_reason',
  'suspended_until',
  'email_verified_at',
  'totp_enabled_at',
] as const satisfies ReadonlyArray<keyof UserRow>;

export type LoginAccount = Pick<UserRow, (typeof LOGIN_ACCOUNT_COLUMNS)[number]>;

export async function takenFields(db: DbHandle, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
    .execute();
  // citext columns compare case-insensitively in SQL; do the same here
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/**
 * A condition (always true) that makes the statement's own transaction commit without waiting
 * for its WAL to reach the disk (`synchronous_commit = off` for this transaction only): for the
 * password login's two autocommit statements, whose loss in a database crash costs a signed-in
 * user one more login and an attacker at most the attempts of the last ~0.6 s (3 ×
 * wal_writer_delay). The commit is visible to every other transaction at once, so the attempts
 * still queue and count as before; only durability waits for the WAL writer. Never in a
 * transaction of other writes (docs/PERFORMANCE.md "Login: commits that do not wait for the
 * disk").
 */
const commitWithoutFlush = sql<boolean>`set_config('synchronous_commit', 'off', true) = 'off'`;

/** Refuses a `commitWithoutFlush` statement inside a transaction (it would skip its flush). */
function assertAlone(db: DbHandle, statement: string) {
  if (db.isTransaction) throw new Error(`${statement} runs alone, not in a transaction`);
}

/**
 * A successful login as one statement (atomic on its own, no transaction needed): records it on
 * the account, telling whether it was the first (the subquery locks the row and reads
 * first_login_at as it was before), inserts the session, forgets the failed attempts of the
 * account from this address when `clearFailures` says so, and reads the user's own lists for
 * presentMe. Built with the builder, not raw SQL, so the session cache's write watch sees which
 * account it touched (platform/db/write-watch.ts).
 */
export async function recordLogin(
  db: DbHandle,
  session: NewSessionRow,
  clearFailures?: { accountKey: string; ip: string },
) {
  const values = {
    user: session.user_id,
    tokenHash: session.token_hash,
    userAgent: session.user_agent,
    ip: session.ip,
    expiresAt: session.expires_at,
    now: new Date(),
  };
  if (clearFailures) assertAlone(db, 'the password login statement');
  const [row] = clearFailures
    ? await loginClearingFailures.execute(db, {
        ...values,
        failedAccount: clearFailures.accountKey,
        failedIp: clearFailures.ip,
      })
    : await loginStatement.execute(db, values);
  if (!row) throw new Error(`user ${session.user_id} not found`);
  const { is_first_login, own_relations, ...user } = row;
  return {
    user: user as UserRow,
    isFirstLogin: is_first_login,
    relations: ownRelationsOf({ own_relations }),
  };
}

/** The session row a login inserts (platform/auth/sessions.ts `newSession`). */
export type NewSessionRow = Pick<
  Insertable<SessionsTable>,
  'user_id' | 'token_hash' | 'user_agent' | 'ip' | 'expires_at'
>;

const LOGIN_KEYS = ['user', 'tokenHash', 'userAgent', 'ip', 'expiresAt', 'now'] as const;
type LoginKey = (typeof LOGIN_KEYS)[number];

function loginQuery(db: DbHandle, p: Record<LoginKey, never>) {
  return db
    .with('before', (qb) =>
      qb.selectFrom('users').select(['id', 'first_login_at']).where('id', '=', p.user).forUpdate(),
    )
    .with('new_session', (qb) =>
      qb.insertInto('sessions').values({
        user_id: p.user,
        token_hash: p.tokenHash,
        user_agent: p.userAgent,
        ip: p.ip,
        expires_at: p.expiresAt,
      }),
    );
}

function finishLogin(query: ReturnType<typeof loginQuery>, p: Record<LoginKey, never>) {
  return query
    .updateTable('users as u')
    .from('before')
    .set({
      first_login_at: sql<Date>`coalesce(before.first_login_at, ${p.now})`,
      last_login_at: p.now,
    })
    .whereRef('u.id', '=', 'before.id')
    .where('u.id', '=', p.user)
    .returningAll('u')
    .returning(sql<boolean>`before.first_login_at is null`.as('is_first_login'))
    .returning(ownRelationColumns(p.user));
}

/**
 * The login's statement, built and compiled once per process (platform/db/precompiled.ts): a
 * CPU profile under the login load put building and compiling both at ~14% of the main
 * thread's time (docs/PERFORMANCE.md "Login").
 */
const loginStatement = new Precompiled(LOGIN_KEYS, (db, p) => finishLogin(loginQuery(db, p), p));

/**
 * The password login's: the same, also forgetting the failed attempts of the account from this
 * address. Alone in its transaction, it commits without waiting for the disk
 * (`commitWithoutFlush`); inside a transaction it would make that transaction's commit do so,
 * which `recordLogin` refuses.
 */
const loginClearingFailures = new Precompiled(
  [...LOGIN_KEYS, 'failedAccount', 'failedIp'] as const,
  (db, p) => {
    // the extra CTE adds only its own name to the builder's tables, which nothing below reads
    const withCleared = loginQuery(db, p).with('cleared', (qb) =>
      qb
        .deleteFrom('login_failures')
        .where('account_key', '=', p.failedAccount)
        .where('ip', '=', p.failedIp),
    ) as unknown as ReturnType<typeof loginQuery>;
    return finishLogin(withCleared, p).where(commitWithoutFlush);
  },
);

/** Sets the step of the last accepted TOTP code unless a code of this or a later step was used. */
export async function claimTotpStep(db: DbHandle, userId: string, step: number) {
  const row = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export { getPlatformSetting } from '../../platform/settings.ts';

// ---- single-purpose tokens ----

export interface NewAuthToken {
  id?: string;
  userId: string;
  purpose: Purpose;
  tokenHash?: string | null;
  codeHash?: string | null;
  target?: string | null;
  expiresAt: Date;
}

export function insertAuthToken(db: DbHandle, token: NewAuthToken) {
  return db
    .insertInto('auth_tokens')
    .values({
      ...(token.id ? { id: token.id } : {}),
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash ?? null,
      code_hash: token.codeHash ?? null,
      target: token.target ?? null,
      expires_at: token.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function live(db: DbHandle, purpose: Purpose) {
  return db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date());
}

/** The unused, unexpired token with this hash; locked when `forUpdate` (single use under races). */
export function findLiveTokenByHash(
  db: DbHandle,
  purpose: Purpose,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<AuthTokenRow | undefined> {
  let query = live(db, purpose).where('token_hash', '=', tokenHash);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findLatestLiveToken(
  db: DbHandle,
  purpose: Purpose,
  where: { userId?: string; target?: string },
): Promise<AuthTokenRow | undefined> {
  let query = live(db, purpose);
  if (where.userId) query = query.where('user_id', '=', where.userId);
  if (where.target) query = query.where('target', '=', where.target);
  return query.orderBy('created_at', 'desc').limit(1).forUpdate().executeTakeFirst();
}

export async function bumpTokenAttempts(db: DbHandle, id: string): Promise<number> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** Marks one token used; false when it already was (another request won). */
export async function markTokenUsed(db: DbHandle, id: string): Promise<boolean> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Retires every live token of one purpose for an account (a newer one replaces them). */
export async function retireTokens(db: DbHandle, userId: string, purposes: Purpose[]) {
  await db
    .updateTable('auth_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

// ---- failed logins ----

/**
 * The login gate, one statement before the password check: the live account for the
 * identifier (as findUserForLogin) and the attempt recorded on the row of its key (`user:<id>`
 * when the account exists, else `nameKey`) and address. The row keeps the attempt times still in
 * the window; the attempt is appended unless they are already `max` (then it is refused and not
 * recorded: a refused attempt is no failure, so the lock ends `windowSeconds` after the
 * failures). Concurrent attempts on one key and address queue on its row, each seeing the times
 * the previous one committed, so no more than `max` in a window reach the password check.
 * Alone in its transaction, committed without waiting for the disk (`commitWithoutFlush`).
 */
export async function findUserAndRecordAttempt(
  db: DbHandle,
  identifier: string,
  nameKey: string,
  ip: string,
  limit: { max: number; windowSeconds: number },
) {
  assertAlone(db, 'the login attempt statement');
  const statement = identifierColumn(identifier) === 'email' ? attemptByEmail : attemptByUsername;
  const [row] = await statement.execute(db, {
    identifier,
    nameKey,
    ip,
    max: limit.max,
    windowSeconds: limit.windowSeconds,
  });
  if (!row) throw new Error('the login attempt was not recorded');
  const { attempt_account_key, attempt_refused, attempt_retry_after, ...user } = row;
  return {
    user: user.id === null ? undefined : (user as LoginAccount),
    accountKey: attempt_account_key,
    refused: attempt_refused,
    /** seconds until the oldest attempt in the window leaves it */
    retryAfterSeconds: Math.max(1, Number(attempt_retry_after ?? 1)),
  };
}

const ATTEMPT_KEYS = ['identifier', 'nameKey', 'ip', 'max', 'windowSeconds'] as const;

function attemptQuery(
  db: DbHandle,
  column: 'email' | 'username',
  p: Record<(typeof ATTEMPT_KEYS)[number], never>,
) {
  const since = sql<Date>`(now() - make_interval(secs => ${p.windowSeconds}))`;
  const recent = sql<Date[]>`login_attempts_since(login_failures.attempted_at, ${since})`;
  const full = sql<boolean>`cardinality(${recent}) >= ${p.max}`;
  return db
    .with('account', (qb) => liveAccount(qb, column, p.identifier).select(LOGIN_ACCOUNT_COLUMNS))
    .with('attempt', (qb) =>
      qb
        .insertInto('login_failures')
        .columns(['account_key', 'ip', 'attempted_at'])
        .expression(
          qb.selectNoFrom([
            sql<string>`coalesce('user:' || (select id from account), ${p.nameKey})`.as(
              'account_key',
            ),
            sql<string>`${p.ip}::text`.as('ip'),
            sql<Date[]>`array[now()]`.as('attempted_at'),
          ]),
        )
        .onConflict((oc) =>
          oc.columns(['account_key', 'ip']).doUpdateSet({
            attempted_at: sql<Date[]>`case when ${full} then ${recent} else ${recent} || now() end`,
            refused: full,
          }),
        )
        .returning([
          'account_key',
          'refused',
          sql<number>`ceil(extract(epoch from ((select min(t) from unnest(attempted_at) t) - ${since})))::int`.as(
            'retry_after',
          ),
        ]),
    )
    .selectFrom('attempt')
    .leftJoin('account', (join) => join.onTrue())
    .selectAll('account')
    .select([
      'attempt.account_key as attempt_account_key',
      'attempt.refused as attempt_refused',
      'attempt.retry_after as attempt_retry_after',
    ])
    .where(commitWithoutFlush);
}

/** The gate's statement per kind of identifier, built and compiled once (see loginStatement). */
const attemptByEmail = new Precompiled(ATTEMPT_KEYS, (db, p) => attemptQuery(db, 'email', p));
const attemptByUsername = new Precompiled(ATTEMPT_KEYS, (db, p) => attemptQuery(db, 'username', p));

/** Forgets the failures of an account: from one address (a success) or all (password reset). */
export async function clearFailures(db: DbHandle, accountKey: string, ip?: string) {
  let query = db.deleteFrom('login_failures').where('account_key', '=', accountKey);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}

// ---- backup codes ----

export async function replaceBackupCodes(db: DbHandle, userId: string, hashes: string[]) {
  await db.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('two_factor_backup_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Spends one backup code; false when unknown or already used. */
export async function spendBackupCode(db: DbHandle, userId: string, hash: string) {
  const row = await db
    .updateTable('two_factor_backup_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countBackupCodes(db: DbHandle, userId: string) {
  const row = await db
    .selectFrom('two_factor_backup_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- sessions ----

export function listLiveSessions(db: DbHandle, userId: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}
