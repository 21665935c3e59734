import type { Insertable } from 'kysely';
import type { DbHandle } from '../db/database.ts';
import type { SessionRow, SessionsTable, UserRow } from '../db/schema.ts';
import type { SessionCache } from './session-cache.ts';
import { generateToken, hashToken } from './tokens.ts';

export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
  ttlDays: number;
}

/** How often last_seen_at is written: often enough for a sessions list, rare enough for load. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** A new session's token (given to the client once) and the row that stores its hash. */
export function newSession(userId: string, meta: SessionMeta) {
  const token = generateToken();
  const row = {
    user_id: userId,
    token_hash: hashToken(token),
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip ?? null,
    expires_at: new Date(Date.now() + meta.ttlDays * 86_400_000),
  } satisfies Insertable<SessionsTable>;
  return { token, row };
}

export async function createSession(db: DbHandle, userId: string, meta: SessionMeta) {
  const { token, row } = newSession(userId, meta);
  const session = await db
    .insertInto('sessions')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
}

const isLive = ({ session, user }: ResolvedSession, now: number) =>
  !session.revoked_at && session.expires_at.getTime() > now && accountCanSignIn(user, now);

/**
 * The live session for a token, or null when unknown, expired, revoked, or the account may not
 * use the platform (banned, suspended until later, deleted). One indexed lookup per request, or
 * none when `cache` holds it: expiry and suspensions are re-checked on every use, revocations
 * and account changes reach the cache as drops (session-cache.ts).
 */
export async function resolveSession(
  db: DbHandle,
  token: string,
  cache?: SessionCache,
): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return isLive(cached, Date.now()) ? cached : null;
  const stamp = cache?.stamp() ?? 0;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as s_id',
      'sessions.user_id as s_user_id',
      'sessions.token_hash as s_token_hash',
      'sessions.user_agent as s_user_agent',
      'sessions.ip as s_ip',
      'sessions.created_at as s_created_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
      'sessions.revoked_at as s_revoked_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const {
    s_id,
    s_user_id,
    s_token_hash,
    s_user_agent,
    s_ip,
    s_created_at,
    s_last_seen_at,
    s_expires_at,
    s_revoked_at,
    ...user
  } = row;
  const session: SessionRow = {
    id: s_id,
    user_id: s_user_id,
    token_hash: s_token_hash,
    user_agent: s_user_agent,
    ip: s_ip,
    created_at: s_created_at,
    last_seen_at: s_last_seen_at,
    expires_at: s_expires_at,
    revoked_at: s_revoked_at,
  };
  const now = Date.now();
  const resolved = { session, user };
  if (!isLive(resolved, now)) return null;
  // on a cache miss only, so at most once per cache lifetime and TOUCH_INTERVAL_MS per session
  if (now - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', session.id)
      .execute();
  }
  cache?.set(tokenHash, resolved, stamp, now);
  return resolved;
}

export function accountCanSignIn(
  user: Pick<UserRow, 'status' | 'suspended_until' | 'deleted_at'>,
  now = Date.now(),
) {
  if (user.deleted_at || user.status === 'deleted' || user.status === 'banned') return false;
  if (
    user.status === 'suspended' &&
    (!user.suspended_until || user.suspended_until.getTime() > now)
  )
    return false;
  return true;
}

export async function revokeSessions(
  db: DbHandle,
  where: { sessionId?: string; userId?: string; exceptSessionId?: string },
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null);
  if (where.sessionId) query = query.where('id', '=', where.sessionId);
  if (where.userId) query = query.where('user_id', '=', where.userId);
  if (where.exceptSessionId) query = query.where('id', '!=', where.exceptSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}
