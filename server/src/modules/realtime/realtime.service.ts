import { RealtimeCloseCodes } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { resolveSession, type ResolvedSession } from '../../platform/auth/sessions.ts';
import type { Config } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { RealtimeHub } from '../../platform/realtime/hub.ts';
import { isSessionLive } from '../../platform/realtime/session-check.ts';

type AuthResult = { ok: true; session: ResolvedSession } | { ok: false; reason: string };

/**
 * A browser sends the session cookie with a cross-origin WebSocket handshake too (no CORS for
 * WebSockets), so a cookie-authenticated socket must come from our own origin. Clients without
 * an Origin header are not browsers and carry no ambient cookie. Development is exempt because
 * the Vite proxy rewrites Host but not Origin.
 */
export function originAllowed(
  origin: string | undefined,
  host: string,
  config: Pick<Config, 'PUBLIC_URL' | 'isProduction'>,
): boolean {
  if (origin === undefined || !config.isProduction) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.host === host) return true;
  return config.PUBLIC_URL !== undefined && new URL(config.PUBLIC_URL).origin === parsed.origin;
}

/**
 * Who is connecting: an explicit `token` query parameter (clients that cannot set headers)
 * wins; otherwise the session the auth plugin already resolved from the cookie or a bearer
 * header, so the common case costs no extra lookup.
 */
export async function authenticateSocket(
  ctx: Pick<AppContext, 'db' | 'config' | 'sessionCache'>,
  request: FastifyRequest,
): Promise<AuthResult> {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && 'token' in query) {
    const token = query.token;
    const session =
      typeof token === 'string' && token.length > 0 && token.length <= 256
        ? await resolveSession(ctx.db, token, ctx.sessionCache)
        : null;
    return session ? { ok: true, session } : { ok: false, reason: 'Session expired or revoked' };
  }
  const auth = request.auth;
  if (!auth) return { ok: false, reason: 'Not authenticated' };
  if (auth.via === 'cookie' && !originAllowed(request.headers.origin, request.host, ctx.config)) {
    return { ok: false, reason: 'Origin not allowed' };
  }
  return { ok: true, session: auth };
}

/**
 * Authenticates a freshly upgraded socket and hands it to the hub. Failures close the socket
 * (4401 for auth, 1011 otherwise); nothing here may throw into the WebSocket plugin.
 */
export async function connectSocket(
  ctx: AppContext,
  hub: RealtimeHub,
  socket: WebSocket,
  request: FastifyRequest,
) {
  try {
    const auth = await authenticateSocket(ctx, request);
    if (!auth.ok) return socket.close(RealtimeCloseCodes.UNAUTHENTICATED, auth.reason);
    const { user, session } = auth.session;
    // privacy.showActivityStatus false: watchers see this user offline (the hub's `hidden`)
    const hidesPresence = user.privacy?.showActivityStatus === false;
    const conn = hub.add(socket, user.id, session.id, hidesPresence);
    // null: the client left while we looked it up (close is then a no-op), or we are stopping
    if (!conn) return socket.close(RealtimeCloseCodes.GOING_AWAY, 'Server shutting down');
    // registered first, checked second: a revocation committed before this read is seen here,
    // one committed after it is published to a hub that already holds the socket
    if (!(await isSessionLive(ctx.db, conn.sessionId))) {
      return socket.close(RealtimeCloseCodes.UNAUTHENTICATED, 'Session expired or revoked');
    }
    hub.activate(conn);
  } catch (err) {
    ctx.log.error({ err }, 'realtime connect failed');
    socket.close(RealtimeCloseCodes.INTERNAL_ERROR, 'Internal error');
  }
}
