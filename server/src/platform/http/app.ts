import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import { ErrorCodes } from '@fanspace/contracts';
import Fastify, {
  type RouteOptions,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { authPlugin } from './auth-plugin.ts';
import { registerJsonCompression } from './compress-json.ts';
import { lazySchemaCompilers } from './lazy-schemas.ts';
import { registerErrorHandling } from './error-handler.ts';
import { registerOverloadShedding } from './overload.ts';
import { registerReadYourWrites } from './read-your-writes.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import {
  refuseHostileInput,
  refuseNullForNonNullable,
  takeMissingBodyAsEmpty,
} from './input-guards.ts';
import { registerSpa } from './spa.ts';
import { registerModules } from '../../modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** compiles the route schemas no request has needed yet (see lazy-schemas.ts); after ready() */
    compileAllSchemas(): number;
    /** compiles the schemas of HOT_ROUTES (after ready()); returns the routes it found */
    compileHotSchemas(): Set<string>;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface BuildAppOptions {
  /** serve web/dist with history fallback (off in most tests) */
  serveWeb?: boolean;
  /** extra routes mounted under /api next to the modules (tests of platform behaviour) */
  extraRoutes?: (api: App) => Promise<void> | void;
  /** sees every route as it is registered (the route-table tests: authz matrix, fuzzing) */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The routes nearly every session calls: `npm start` compiles their schemas before it listens
 * (main.ts), so no user's request waits for that compilation (every other route compiles on its
 * first request, lazy-schemas.ts). lazy-schemas.test.ts fails when one of them is renamed.
 */
export const HOT_ROUTES = [
  'GET /api/users/me',
  'GET /api/posts',
  'GET /api/posts/:id',
  'GET /api/posts/:id/comments',
  'GET /api/posts/user/:id',
  'GET /api/users/:id',
  'POST /api/posts/:id/like',
  'POST /api/auth/login',
  'GET /api/chats',
  'GET /api/chats/:chatId/messages',
  'POST /api/chats/:chatId/messages',
  'GET /api/notifications',
  // the rest of what a signed-in `/` or profile embeds in its HTML (boot-data.ts): its time
  // budget (SPA_BOOT_DATA_MS) should not go on compiling schemas after a restart
  'GET /api/onboarding',
  'GET /api/stories',
  'GET /api/users/username/:username',
  'GET /api/users/me/subscriptions',
  'GET /api/discounts',
  'GET /api/widgets/user/:userId',
] as const;

/** Builds the HTTP app: platform plugins, then every module's routes under /api. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<App> {
  const schemas = lazySchemaCompilers();
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: ctx.log,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string'
        ? req.headers['x-request-id'].slice(0, 64)
        : randomUUID(),
    requestIdHeader: false,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
      },
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // each route's schemas compiled on its first request, not all at start-up
    schemaController: {
      compilersFactory: {
        buildValidator: schemas.buildValidator,
        buildSerializer: schemas.buildSerializer,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('ctx', ctx);
  app.decorate('compileAllSchemas', () => schemas.compileAll());
  app.decorate('compileHotSchemas', () => schemas.compileRoutes(HOT_ROUTES));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerJsonCompression(app);
  registerErrorHandling(app);
  await registerOverloadShedding(app, ctx.config);
  takeMissingBodyAsEmpty(app);
  refuseHostileInput(app);
  refuseNullForNonNullable(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: ctx.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 20, fields: 50 } });
  // Routes opt in with `config.rateLimit`; RATE_LIMIT_ENABLED=false (load tests) skips them all.
  if (ctx.config.RATE_LIMIT_ENABLED)
    await app.register(rateLimit, {
      global: false,
      ...(ctx.config.REDIS_URL
        ? {
            // ioredis only where Redis is configured
            redis: new (await import('ioredis')).Redis(ctx.config.REDIS_URL, {
              lazyConnect: false,
              maxRetriesPerRequest: 1,
            }),
            nameSpace: 'fanspace-rl:',
          }
        : {}),
      enableDraftSpec: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: ErrorCodes.RATE_LIMITED,
        message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
    });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // the realtime hub closes its sockets itself (1001 going away) on shutdown
    preClose: (done) => done(),
    // oversized or broken frames are the client's fault: not worth an error-level log line
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'websocket error');
      socket.terminate();
    },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Fanspace API', version: ctx.config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(authPlugin);
      registerReadYourWrites(api);
      await registerModules(api);
      if (options.extraRoutes) await api.register(async (scope) => options.extraRoutes?.(scope));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, ctx.config.webDist, options.serveWeb ?? true);
  return app;
}
