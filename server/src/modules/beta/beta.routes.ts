import {
  BetaFeature,
  BetaFeatureParams,
  BetaFeaturesResponse,
  BetaFeedbackBody,
  BetaInviteBody,
  ErrorCodes,
  MessageResponse,
  routeErrors,
  UpdateBetaFeatureBody,
  VerifyBetaCodeBody,
  VerifyBetaCodeResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { authOf } from '../users/users.routes.ts';
import {
  inviteToBeta,
  listBetaFeatures,
  setBetaFeature,
  submitBetaFeedback,
  verifyBetaCode,
} from './beta.service.ts';
import { AccountLimits } from '../users/users.limits.ts';

export async function betaRoutes(app: App) {
  const { ctx } = app;
  const tags = ['beta'];
  const E = ErrorCodes;

  app.post(
    '/beta/verify-code',
    {
      config: { auth: 'public', rateLimit: AccountLimits.betaVerify },
      schema: {
        tags,
        summary: 'Check a beta code; a signed-in account without access redeems it',
        body: VerifyBetaCodeBody,
        response: { 200: VerifyBetaCodeResponse, 400: routeErrors(E.INVALID_BETA_CODE) },
      },
    },
    async (request) => verifyBetaCode(ctx, request.body.code, request.auth?.user ?? null),
  );

  app.get(
    '/beta/features',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "Beta features, with the signed-in user's switch",
        response: { 200: BetaFeaturesResponse },
      },
    },
    async (request) => ({
      features: await listBetaFeatures(ctx, request.auth?.user.id ?? null),
    }),
  );

  app.put(
    '/beta/features/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Turn a beta feature on or off for yourself (beta access required)',
        params: BetaFeatureParams,
        body: UpdateBetaFeatureBody,
        response: {
          200: BetaFeature,
          403: routeErrors(E.BETA_REQUIRED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) =>
      setBetaFeature(ctx, authOf(request).user, request.params.id, request.body.userEnabled),
  );

  app.post(
    '/beta/feedback',
    {
      config: { auth: 'user', rateLimit: AccountLimits.betaFeedback },
      schema: {
        tags,
        summary: 'Send feedback about the beta or one feature',
        body: BetaFeedbackBody,
        response: { 201: MessageResponse, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request, reply) => {
      await submitBetaFeedback(ctx, authOf(request).user.id, request.body);
      return reply.status(201).send({ message: 'Thanks for your feedback!' });
    },
  );

  app.post(
    '/beta/invite',
    {
      config: { auth: 'user', rateLimit: AccountLimits.betaInvite },
      schema: {
        tags,
        summary: 'Invite someone by email with a single-use beta code (beta access required)',
        body: BetaInviteBody,
        response: { 201: MessageResponse, 403: routeErrors(E.BETA_REQUIRED) },
      },
    },
    async (request, reply) => {
      await inviteToBeta(ctx, authOf(request).user, request.body.email);
      return reply.status(201).send({ message: 'Invitation sent' });
    },
  );
}
