import { HealthResponse } from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { checkHealth } from './health.service.ts';

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.ctx);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
}
