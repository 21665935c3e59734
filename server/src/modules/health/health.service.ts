import type { HealthResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { ping } from '../../platform/db/database.ts';

const startedAt = Date.now();

export async function checkHealth(
  ctx: Pick<AppContext, 'db' | 'dbDriver' | 'config'>,
): Promise<HealthResponse> {
  let ok = true;
  let latencyMs = 0;
  try {
    latencyMs = Math.round((await ping(ctx.db)) * 100) / 100;
  } catch {
    ok = false;
  }
  return {
    status: ok ? 'ok' : 'degraded',
    version: ctx.config.version,
    database: { ok, driver: ctx.dbDriver, latencyMs },
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
}
