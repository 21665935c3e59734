import {
  CommerceLookupParams,
  CreateQandaBody,
  ErrorCodes,
  IdParams,
  OkResponse,
  OwnerQuery,
  QandaItem,
  QandaResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, viewerIdOf } from '../graph/route-helpers.ts';
import { listOwner } from './commerce.shared.ts';
import { CommerceLimits } from './commerce.limits.ts';
import { createQanda, deleteQanda, getQanda, listQanda } from './qanda.service.ts';

const tags = ['qanda'];
const E = ErrorCodes;

/** Q and A (SPEC §7: POST /qanda {question, answer}; DELETE /qanda/{id}) and the profile list. */
export async function qandaRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/qanda',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: "A creator's Q and A (userId or its alias creatorId; default: the caller's own)",
        querystring: OwnerQuery,
        response: {
          200: QandaResponse,
          401: routeErrors(E.UNAUTHENTICATED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const { viewerId, ownerId } = listOwner(request);
      return listQanda(ctx.db, viewerId, ownerId);
    },
  );

  app.get(
    '/qanda/:id',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: 'One Q and A item, to anyone who may see its creator’s Q and A',
        params: CommerceLookupParams,
        response: { 200: QandaItem, 404: routeErrors(E.QANDA_NOT_FOUND) },
      },
    },
    async (request) => getQanda(ctx.db, viewerIdOf(request), request.params.id),
  );

  app.post(
    '/qanda',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary: 'Add a question and its answer to the own profile',
        body: CreateQandaBody,
        response: {
          201: QandaItem,
          400: routeErrors(E.VALIDATION_FAILED),
          429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createQanda(ctx.db, currentUser(request), request.body)),
  );

  app.delete(
    '/qanda/:id',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary: 'Delete an own Q and A item',
        params: IdParams,
        response: { 200: OkResponse, 404: routeErrors(E.QANDA_NOT_FOUND) },
      },
    },
    async (request) => deleteQanda(ctx.db, currentUser(request), request.params.id),
  );
}
