import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies …) on every
 * response from here on. The middleware is built once: @fastify/helmet rebuilt it on every
 * request (re-parsing the CSP directives and re-creating each header's middleware), ~10–25 µs a
 * request, as much as a whole bare Fastify request costs (docs/PERFORMANCE.md "Chat send").
 * The headers are static, so one middleware gives the same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (err) =>
      err === undefined ? done() : done(err instanceof Error ? err : new Error(String(err))),
    ),
  );
}
