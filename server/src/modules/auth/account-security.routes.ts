import {
  AuthMessageResponse,
  CHANGE_PASSWORD_UNAUTHENTICATED_MESSAGE,
  ChangePasswordBody,
  ErrorCodes,
  RevokeSessionsResponse,
  SessionIdParams,
  SessionsResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { clearSessionCookie } from '../../platform/http/auth-plugin.ts';
import { AuthLimits } from './auth.limits.ts';
import { authOf } from './auth.request.ts';
import { changePassword } from './recovery.service.ts';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions.service.ts';

const E = ErrorCodes;
const tags = ['auth'];

/** The signed-in user's sessions and password (SPEC §7 Users: /users/me/sessions, change-password). */
export async function accountSecurityRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/users/me/sessions',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'My live sessions', response: { 200: SessionsResponse } },
    },
    async (request) => listSessions(ctx, authOf(request)),
  );

  // a static path: registered next to /:id, Fastify's router prefers it
  app.delete(
    '/users/me/sessions/all-others',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Sign out every session but this one',
        response: { 200: RevokeSessionsResponse },
      },
    },
    async (request) => revokeOtherSessions(ctx, authOf(request)),
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Sign out one of my sessions',
        params: SessionIdParams,
        response: {
          200: RevokeSessionsResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const { current, ...result } = await revokeSession(ctx, authOf(request), request.params.id);
      if (current) clearSessionCookie(reply);
      return reply.send(result);
    },
  );

  app.post(
    '/users/me/change-password',
    {
      config: {
        auth: 'user',
        unauthenticatedMessage: CHANGE_PASSWORD_UNAUTHENTICATED_MESSAGE,
        rateLimit: AuthLimits.changePassword,
      },
      schema: {
        tags,
        summary: 'Change my password; other sessions are signed out',
        body: ChangePasswordBody,
        response: {
          200: AuthMessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_CURRENT_PASSWORD, E.WEAK_PASSWORD),
          401: routeErrors(E.UNAUTHENTICATED),
          429: routeErrors(E.RATE_LIMITED),
        },
      },
    },
    async (request) =>
      changePassword(ctx, authOf(request), request.body.currentPassword, request.body.newPassword),
  );
}
