import {
  CreateProductionBody,
  DeleteProductionResponse,
  ErrorCodes,
  Production,
  ProductionIdParams,
  ProductionsQuery,
  ProductionsResponse,
  routeErrors,
  UpdateProductionBody,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import {
  assertCreator,
  createProduction,
  deleteProduction,
  getProduction,
  listProductions,
  updateProduction,
} from './productions.service.ts';

const tags = ['productions'];
const E = ErrorCodes;
const Limits = {
  read: perUserLimit(240, '1 minute'),
  write: perUserLimit(60, '1 minute'),
} as const;
const forbidden = routeErrors(E.ONLY_CREATORS);
const notFound = routeErrors(E.PRODUCTION_NOT_FOUND);

/** The creator behind the request; others get 403 'Only creators…'. */
function creatorId(request: FastifyRequest) {
  const user = currentUser(request);
  assertCreator(user);
  return user.id;
}

/** Productions (SPEC §7 "Other families": productions, CRUD-style). Creators only. */
export async function productionsRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/productions',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'Own productions, recently updated first; filter by status',
        querystring: ProductionsQuery,
        response: {
          200: ProductionsResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          403: forbidden,
        },
      },
    },
    async (request) => listProductions(ctx, creatorId(request), request.query),
  );
  app.post(
    '/productions',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Create a production',
        body: CreateProductionBody,
        response: {
          201: Production,
          400: routeErrors(E.VALIDATION_FAILED),
          403: forbidden,
          404: routeErrors(E.RELEASE_NOT_FOUND, E.NOT_FOUND),
          429: routeErrors(E.LIMIT_REACHED),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduction(ctx, creatorId(request), request.body)),
  );
  app.get(
    '/productions/:id',
    {
      config: { auth: 'user', rateLimit: Limits.read },
      schema: {
        tags,
        summary: 'One own production',
        params: ProductionIdParams,
        response: { 200: Production, 403: forbidden, 404: notFound },
      },
    },
    async (request) => getProduction(ctx, creatorId(request), request.params.id),
  );
  app.put(
    '/productions/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Edit a production (any subset of fields)',
        params: ProductionIdParams,
        body: UpdateProductionBody,
        response: {
          200: Production,
          400: routeErrors(E.VALIDATION_FAILED),
          403: forbidden,
          404: routeErrors(
            E.PRODUCTION_NOT_FOUND,
            E.RELEASE_NOT_FOUND,

            E.NOT_FOUND,
          ),
        },
      },
    },
    async (request) => updateProduction(ctx, creatorId(request), request.params.id, request.body),
  );
  app.delete(
    '/productions/:id',
    {
      config: { auth: 'user', rateLimit: Limits.write },
      schema: {
        tags,
        summary: 'Delete a production (its content stays)',
        params: ProductionIdParams,
        response: { 200: DeleteProductionResponse, 403: forbidden, 404: notFound },
      },
    },
    async (request) => deleteProduction(ctx, creatorId(request), request.params.id),
  );
}
