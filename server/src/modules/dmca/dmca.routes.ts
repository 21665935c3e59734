import {
  AdminDmcaPage,
  AdminDmcaQuery,
  AdminDmcaUpdateBody,
  DmcaCounterNoticeBody,
  DmcaIdParams,
  DmcaMineResponse,
  DmcaNoticeBody,
  DmcaNoticeResponse,
  DmcaSubmittedResponse,
  ErrorCodes,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { CommunityRateLimits } from '../community/community.limits.ts';
import { authOf } from '../users/users.routes.ts';
import * as service from './dmca.service.ts';

const E = ErrorCodes;
const invalid = routeErrors(E.VALIDATION_FAILED);
const missing = routeErrors(E.DMCA_NOTICE_NOT_FOUND);

/** Rights / DMCA notices: the public form, the filer's and creator's view, the admin queue. */
export async function dmcaRoutes(app: App) {
  const { ctx } = app;
  const tags = ['dmca'];

  app.post(
    '/dmca',
    {
      config: { auth: 'public', rateLimit: CommunityRateLimits.dmca },
      schema: {
        tags,
        summary: 'File a copyright (DMCA) notice naming post URLs or ids',
        body: DmcaNoticeBody,
        response: { 201: DmcaSubmittedResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.submitNotice(ctx, request.auth?.user.id ?? null, request.ip, request.body),
        ),
  );

  app.get(
    '/dmca/mine',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Notices I filed and notices that took my posts down',
        response: { 200: DmcaMineResponse },
      },
    },
    async (request) => service.myNotices(ctx, authOf(request).user),
  );

  app.post(
    '/dmca/:id/counter-notice',
    {
      config: { auth: 'user', rateLimit: CommunityRateLimits.dmca },
      schema: {
        tags,
        summary: 'Answer a takedown of my post with a counter-notice (once)',
        params: DmcaIdParams,
        body: DmcaCounterNoticeBody,
        response: {
          201: DmcaNoticeResponse,
          400: invalid,
          404: missing,
          409: routeErrors(E.CONFLICT, E.INVALID_TRANSITION),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.counterNotice(
            ctx,
            authOf(request).user.id,
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/admin/dmca',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Copyright notices, newest first (filter by status)',
        querystring: AdminDmcaQuery,
        response: { 200: AdminDmcaPage },
      },
    },
    async (request) => service.adminList(ctx, request.query),
  );

  app.put(
    '/admin/dmca/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Review, action (optionally removing the posts), reject, restore or uphold a notice',
        params: DmcaIdParams,
        body: AdminDmcaUpdateBody,
        response: {
          200: DmcaNoticeResponse,
          400: invalid,
          404: missing,
          409: routeErrors(E.INVALID_TRANSITION),
        },
      },
    },
    async (request) =>
      service.adminUpdate(ctx, authOf(request).user.id, request.params.id, request.body),
  );
}
