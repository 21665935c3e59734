import type { FastifyInstance } from 'fastify';
import { SAFE_METHODS } from './auth-plugin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this non-GET route writes nothing the caller's next page must show (a view
     * counter the client takes from the response, a POST that only reads), so it does not keep
     * the caller's reads on the primary. Default: it does.
     */
    readYourWrites?: boolean;
  }
}

/**
 * Read-your-writes with a read replica (platform/db/read-routing.ts): a signed-in user's
 * non-GET request that did not end in a 4xx (a refused write wrote nothing) sends their reads to
 * the primary for DATABASE_READ_STICKY_MS. Marked before the response goes out, so the request
 * the client sends after seeing it already finds the mark, in this process and – once the
 * awaited signal is on Redis – in the others. Without a replica this adds no hook at all.
 */
export function registerReadYourWrites(app: FastifyInstance) {
  const { reads } = app.ctx;
  if (!reads.enabled) return;
  app.addHook('onSend', async (request, reply) => {
    if (!request.auth || SAFE_METHODS.has(request.method)) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    if (request.routeOptions.config?.readYourWrites === false) return;
    await reads.wrote(request.auth.user.id);
  });
}
