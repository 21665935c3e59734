import {
  CreatePostBody,
  CreateStoryBody,
  DeleteScheduledResponse,
  ErrorCodes,
  MassMessageBody,
  routeErrors,
  ScheduleBatchBody,
  ScheduledItemParams,
  ScheduledItemResponse,
  ScheduledItemsResponse,
  ScheduleItemBody,
  SchedulerBulkBody,
  SchedulerBulkDeleteBody,
  SchedulerBulkDeleteResponse,
  SchedulerPage,
  SchedulerQuery,
  UpdateScheduledBody,
  type ScheduledType,
} from '@fanspace/contracts';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { assertMaySchedule } from './scheduler.publish.ts';
import {
  bulkDelete,
  bulkUpdate,
  deleteScheduled,
  getScheduled,
  listScheduled,
  scheduleBatch,
  scheduleItem,
  updateScheduled,
  type PayloadCheck,
} from './scheduler.service.ts';

const tags = ['scheduler'];
const E = ErrorCodes;

const SchedulerRateLimits = {
  write: perUserLimit(120, '1 minute'),
  read: perUserLimit(240, '1 minute'),
} as const;

/** Each type's payload is the body of its own create route. */
const PAYLOAD_SCHEMAS: Record<ScheduledType, TSchema> = {
  post: CreatePostBody,
  story: CreateStoryBody,
  mass_message: MassMessageBody,
};

interface AjvIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `payload.caption`-style name of the field an issue is about. */
function fieldOf(issue: AjvIssue): string {
  const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
  for (const key of ['missingProperty', 'additionalProperty'] as const) {
    const name = issue.params?.[key];
    if (typeof name === 'string') parts.push(name);
  }
  return ['payload', ...parts].join('.');
}

/** Validates payloads with the app's Ajv (formats, coercion, stripping unknown fields). */
function payloadCheck(request: FastifyRequest): PayloadCheck {
  return (type, payload) => {
    const validate = request.compileValidationSchema(PAYLOAD_SCHEMAS[type]);
    const copy = structuredClone(payload);
    if (validate(copy)) return { ok: true, payload: copy };
    const issue = (validate.errors?.[0] ?? {}) as AjvIssue;
    const field = fieldOf(issue);
    return { ok: false, field, message: `Invalid ${field}: ${issue.message ?? 'is not valid'}` };
  };
}

const itemErrors = {
  400: routeErrors(E.VALIDATION_FAILED, E.SCHEDULE_TIME_INVALID, E.EMPTY_POST, E.EMPTY_STORY),
  403: routeErrors(E.ONLY_CREATORS, E.IDENTITY_VERIFICATION_REQUIRED),
  404: routeErrors(E.SCHEDULED_ITEM_NOT_FOUND, E.MEDIA_NOT_FOUND),
  409: routeErrors(E.SCHEDULED_ITEM_NOT_EDITABLE),
  429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
};

/**
 * The scheduler (SPEC §7: GET/POST /scheduler, PUT/DELETE /scheduler/{id}, POST
 * /scheduler/batch, PUT /scheduler/bulk; plus GET /scheduler/{id} and DELETE /scheduler/bulk).
 * Creators only: everyone else gets 403 ONLY_CREATORS 'Only creators can schedule content'.
 */
export async function schedulerRoutes(app: App) {
  const { ctx } = app;
  const user = (request: FastifyRequest) => currentUser(request);

  // the auth plugin has already answered 401 to visitors; this scope is for creators
  app.addHook('onRequest', async (request) => {
    if (request.auth) assertMaySchedule(request.auth.user);
  });

  app.get(
    '/scheduler',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.read },
      schema: {
        tags,
        summary: 'My scheduled items, soonest first (type, status, from/to range, keyset cursor)',
        querystring: SchedulerQuery,
        response: { 200: SchedulerPage, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => listScheduled(ctx, signedInViewer(request), request.query),
  );

  app.post(
    '/scheduler',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      schema: {
        tags,
        summary:
          'Schedule a post, story or mass message: {type, scheduledFor, payload} (payload = the body of its create route)',
        body: ScheduleItemBody,
        response: { 201: ScheduledItemResponse, ...itemErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await scheduleItem(
            ctx,
            user(request),
            signedInViewer(request),
            request.body,
            payloadCheck(request),
          ),
        ),
  );

  app.post(
    '/scheduler/batch',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      // a bare array of items is read as {items}
      preValidation: async (request: FastifyRequest) => {
        if (Array.isArray(request.body)) request.body = { items: request.body };
      },
      schema: {
        tags,
        summary: 'Schedule several items at once: all or nothing, refusals listed per item',
        body: ScheduleBatchBody,
        response: {
          201: ScheduledItemsResponse,
          ...itemErrors,
          400: routeErrors(E.VALIDATION_FAILED, E.SCHEDULER_BATCH_INVALID),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await scheduleBatch(
            ctx,
            user(request),
            signedInViewer(request),
            request.body.items,
            payloadCheck(request),
          ),
        ),
  );

  app.put(
    '/scheduler/bulk',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      schema: {
        tags,
        summary:
          'Change many items: {ids, scheduledFor | shiftMinutes | status: canceled}; all or nothing',
        body: SchedulerBulkBody,
        response: {
          200: ScheduledItemsResponse,
          ...itemErrors,
          400: routeErrors(E.VALIDATION_FAILED, E.SCHEDULER_BATCH_INVALID, E.SCHEDULE_TIME_INVALID),
        },
      },
    },
    async (request) => bulkUpdate(ctx, signedInViewer(request), request.body),
  );

  app.delete(
    '/scheduler/bulk',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      schema: {
        tags,
        summary: 'Delete many of my items: {ids}; all or nothing',
        body: SchedulerBulkDeleteBody,
        response: {
          200: SchedulerBulkDeleteResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.SCHEDULED_ITEM_NOT_FOUND),
        },
      },
    },
    async (request) => bulkDelete(ctx, user(request).id, request.body.ids),
  );

  app.get(
    '/scheduler/:id',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.read },
      schema: {
        tags,
        summary: 'One of my scheduled items',
        params: ScheduledItemParams,
        response: { 200: ScheduledItemResponse, 404: routeErrors(E.SCHEDULED_ITEM_NOT_FOUND) },
      },
    },
    async (request) => getScheduled(ctx, signedInViewer(request), request.params.id),
  );

  app.put(
    '/scheduler/:id',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      schema: {
        tags,
        summary:
          'Reschedule, edit the payload, cancel (status canceled), restore (status pending) or publishNow',
        params: ScheduledItemParams,
        body: UpdateScheduledBody,
        response: { 200: ScheduledItemResponse, ...itemErrors },
      },
    },
    async (request) =>
      updateScheduled(
        ctx,
        user(request),
        signedInViewer(request),
        request.params.id,
        request.body,
        payloadCheck(request),
      ),
  );

  app.delete(
    '/scheduler/:id',
    {
      config: { auth: 'user', rateLimit: SchedulerRateLimits.write },
      schema: {
        tags,
        summary: 'Delete one of my scheduled items (what it published stays)',
        params: ScheduledItemParams,
        response: { 200: DeleteScheduledResponse, 404: routeErrors(E.SCHEDULED_ITEM_NOT_FOUND) },
      },
    },
    async (request) => deleteScheduled(ctx, user(request).id, request.params.id),
  );
}
