import {
  BatchBody,
  BatchResponse,
  ErrorCodes,
  ModerationStatusResponse,
  OnboardingResponse,
  OnboardingStepParams,
  routeErrors,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { authOf } from '../users/users.routes.ts';
import { runBatch } from './batch.service.ts';
import { moderationStatus } from './moderation.service.ts';
import { dismissStep, onboarding } from './onboarding.service.ts';

const perAccountOrIp = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;

/** The onboarding checklist, the user's moderation history and batch reads. */
export async function accountToolsRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/onboarding',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'My getting-started checklist, computed from my account',
        response: { 200: OnboardingResponse },
      },
    },
    async (request) => onboarding(ctx, authOf(request).user),
  );

  app.post(
    '/onboarding/steps/:step/dismiss',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Hide one step of my checklist',
        params: OnboardingStepParams,
        response: { 200: OnboardingResponse, 404: routeErrors(ErrorCodes.ONBOARDING_STEP_UNKNOWN) },
      },
    },
    async (request) => dismissStep(ctx, authOf(request).user, request.params.step),
  );

  app.get(
    '/moderation/status',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'My account standing: warnings, suspensions, bans and removed content',
        response: { 200: ModerationStatusResponse },
      },
    },
    async (request) => moderationStatus(ctx, authOf(request).user),
  );

  app.post(
    '/batch',
    {
      config: {
        auth: 'public',
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perAccountOrIp },
      },
      schema: {
        tags: ['batch'],
        summary: 'Up to 20 read-only GET calls in one request, each with my own credentials',
        body: BatchBody,
        response: {
          200: BatchResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.BATCH_REQUEST_INVALID),
        },
      },
    },
    async (request) => runBatch(app, request, request.body),
  );
}
