import {
  ErrorCodes,
  routeErrors,
  WaitlistPosition,
  WaitlistPositionQuery,
  WaitlistSignupBody,
  WaitlistSignupResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { getWaitlistPosition, joinWaitlist } from './waitlist.service.ts';
import { AccountLimits } from '../users/users.limits.ts';

export async function waitlistRoutes(app: App) {
  const { ctx } = app;
  const tags = ['waitlist'];

  app.post(
    '/waitlist/signup',
    {
      config: { auth: 'public', rateLimit: AccountLimits.waitlistSignup },
      schema: {
        tags,
        summary: 'Join the waitlist (idempotent per email)',
        body: WaitlistSignupBody,
        response: { 200: WaitlistSignupResponse },
      },
    },
    async (request) => joinWaitlist(ctx, request.body.email, request.body.userType),
  );

  app.get(
    '/waitlist/position',
    {
      config: { auth: 'public', rateLimit: AccountLimits.waitlistPosition },
      schema: {
        tags,
        summary: 'Place in the waitlist for an email',
        querystring: WaitlistPositionQuery,
        response: { 200: WaitlistPosition, 404: routeErrors(ErrorCodes.NOT_FOUND) },
      },
    },
    async (request) => getWaitlistPosition(ctx, request.query.email),
  );
}
