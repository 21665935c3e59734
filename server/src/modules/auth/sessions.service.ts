import type { RevokeSessionsResponse, SessionsResponse } from '@fanspace/contracts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/http/auth-plugin.ts';
import { revokeSessionSocketsAfterCommit } from '../../platform/realtime/publish.ts';
import { presentSession } from './auth.presenter.ts';
import { listLiveSessions } from './auth.queries.ts';

/** The signed-in user's live sessions, most recently used first. */
export async function listSessions(ctx: AppContext, auth: RequestAuth): Promise<SessionsResponse> {
  const rows = await listLiveSessions(ctx.db, auth.user.id);
  return { sessions: rows.map((row) => presentSession(row, auth.session.id)) };
}

/**
 * Ends sessions of the signed-in user only: the user id is part of the update, so another
 * user's session id matches nothing (404, same as an unknown id). Sockets close after commit.
 */
async function revoke(
  ctx: AppContext,
  where: { userId: string; sessionId?: string; exceptSessionId?: string },
) {
  return withTransaction(ctx.db, async (tx) => {
    const revoked = await revokeSessions(tx, where);
    revokeSessionSocketsAfterCommit(ctx, tx, revoked);
    return revoked;
  });
}

export async function revokeSession(
  ctx: AppContext,
  auth: RequestAuth,
  sessionId: string,
): Promise<RevokeSessionsResponse & { current: boolean }> {
  const revoked = await revoke(ctx, { userId: auth.user.id, sessionId });
  if (revoked.length === 0) throw new NotFoundError('Session not found');
  return {
    ok: true,
    message: 'Session revoked',
    revokedCount: revoked.length,
    current: sessionId === auth.session.id,
  };
}

export async function revokeOtherSessions(
  ctx: AppContext,
  auth: RequestAuth,
): Promise<RevokeSessionsResponse> {
  const revoked = await revoke(ctx, { userId: auth.user.id, exceptSessionId: auth.session.id });
  return {
    ok: true,
    message:
      revoked.length === 1
        ? 'Signed out of 1 other session'
        : `Signed out of ${revoked.length} other sessions`,
    revokedCount: revoked.length,
  };
}

/** Ends the current session, if any: logging out twice is not an error. */
export async function logout(ctx: AppContext, auth: RequestAuth | null) {
  if (auth) await revoke(ctx, { userId: auth.user.id, sessionId: auth.session.id });
  return { ok: true as const, message: 'Logged out' };
}
