import { ErrorCodes, PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession } from '../auth/sessions.ts';
import { generateToken, safeEqual } from '../auth/tokens.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

export const SESSION_COOKIE = 'fs_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Who may call a route. Every route declares one in `config.auth`; a route that says nothing is
 * 'user' (closed by default). 'public' still resolves the viewer so responses can be personal.
 * 'pending2fa' accepts only the short-lived temp token of a login awaiting its second factor.
 * 'payer' is 'user' for the payment calls, whose 401 says SPEC §5's 'You must be logged in to
 * make a payment.' – before the body is validated, like every other level. A route whose spec
 * words its own 401 text for a visitor sets `config.unauthenticatedMessage` instead.
 */
export type AuthLevel = 'public' | 'user' | 'payer' | 'creator' | 'admin' | 'pending2fa';

export interface RequestAuth {
  user: UserRow;
  session: SessionRow;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** the 401 message for a caller without a session (default 'Not authenticated') */
    unauthenticatedMessage?: string;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** the raw bearer token, for routes (2FA exchange) that handle tokens of their own */
    bearerToken: string | null;
  }
}

/** Methods that change nothing: no CSRF check, and no read-your-writes mark. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

export function isAdminReady(user: UserRow, require2fa: boolean) {
  return user.is_admin && (!require2fa || user.totp_enabled_at !== null);
}

/** The role checks of SPEC §6, shared by the preHandler and services that check in code. */
export function assertLevel(
  level: AuthLevel,
  auth: RequestAuth | null,
  require2faForAdmin: boolean,
  unauthenticatedMessage?: string,
): void {
  if (level === 'public' || level === 'pending2fa') return;
  if (!auth)
    throw new UnauthorizedError(
      unauthenticatedMessage ??
        (level === 'payer' ? PAYER_UNAUTHENTICATED_MESSAGE : 'Not authenticated'),
    );
  if (level === 'creator' && auth.user.account_type !== 'creator') {
    if (auth.user.identity_status === 'pending') {
      throw new ForbiddenError(
        ErrorCodes.IDENTITY_VERIFICATION_REQUIRED,
        'Identity verification is required before posting',
        {
          requiresIdentityVerification: true,
        },
      );
    }
    throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, 'Only creators can perform this action');
  }
  if (level === 'admin') {
    if (!auth.user.is_admin)
      throw new ForbiddenError(ErrorCodes.ADMIN_REQUIRED, 'Admin access required');
    if (!isAdminReady(auth.user, require2faForAdmin)) {
      throw new ForbiddenError(
        ErrorCodes.ADMIN_2FA_REQUIRED,
        'Admins must enable two-factor authentication to use admin routes',
      );
    }
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, db, sessionCache } = app.ctx;
  app.decorateRequest('auth', null);
  app.decorateRequest('bearerToken', null);

  app.addHook('onRequest', async (request, reply) => {
    const routeConfig = request.routeOptions.config;
    const level = routeConfig?.auth ?? 'user';
    const bearer = bearerOf(request);
    request.bearerToken = bearer;
    const cookieToken = request.cookies[SESSION_COOKIE];
    if (level === 'pending2fa') return;
    const token = bearer ?? cookieToken;
    if (token) {
      const resolved = await resolveSession(db, token, sessionCache);
      if (resolved) request.auth = { ...resolved, via: bearer ? 'bearer' : 'cookie' };
      else if (bearer && level !== 'public')
        throw new UnauthorizedError('Session expired or revoked', ErrorCodes.SESSION_REVOKED);
    }
    // Double-submit CSRF check: only a browser sends the cookie by itself, so only
    // cookie-authenticated writes need it. Bearer requests are immune.
    if (request.auth?.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
        throw new ForbiddenError(ErrorCodes.CSRF_FAILED, 'Missing or invalid X-XSRF-TOKEN header');
      }
    }
    ensureXsrfCookie(request, reply, config.cookieSecure);
    assertLevel(level, request.auth, config.ADMIN_REQUIRE_2FA, routeConfig?.unauthenticatedMessage);
  });
});

function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (request.cookies[XSRF_COOKIE]) return;
  reply.setCookie(XSRF_COOKIE, generateToken(18), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
  });
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  ttlDays: number,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ttlDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
