import type { Config } from '../../platform/config.ts';
import type { App } from '../../platform/http/app.ts';
import { RealtimeHub } from '../../platform/realtime/hub.ts';
import { connectSocket } from './realtime.service.ts';

export interface RealtimeRouteOptions {
  /** default '/realtime' (so /api/realtime) */
  path?: string;
  /** a hub built by the caller (tests tune its timers); the route starts and closes it */
  hub?: RealtimeHub;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/**
 * The request line may carry ?token=…, and Fastify's info-level request logs would write it to
 * disk; so this route logs at warn or above, and never more than the configured level.
 */
function quietest(configured: Config['LOG_LEVEL']): (typeof LEVELS)[number] {
  const levels: readonly string[] = LEVELS;
  return LEVELS[Math.max(levels.indexOf('warn'), levels.indexOf(configured))] ?? 'warn';
}

/**
 * The one WebSocket endpoint. It is 'public' to the auth plugin because it authenticates
 * itself: a refused socket must be accepted and then closed with 4401, since a browser cannot
 * read the status of a failed handshake.
 */
export async function realtimeRoutes(app: App, options: RealtimeRouteOptions = {}) {
  const hub = options.hub ?? new RealtimeHub(app.ctx);
  hub.start();
  app.addHook('preClose', async () => hub.close());

  app.get(
    options.path ?? '/realtime',
    {
      websocket: true,
      config: { auth: 'public' },
      logLevel: quietest(app.ctx.config.LOG_LEVEL),
    },
    (socket, request) => void connectSocket(app.ctx, hub, socket, request),
  );
}
