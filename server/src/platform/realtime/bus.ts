import type { Logger } from 'pino';
import { MemoryBus } from './memory-bus.ts';
import type { EventBus } from './types.ts';

/** In-process bus by default; Redis pub/sub when REDIS_URL is set (see redis-bus.ts). */
export async function createEventBus(
  redisUrl: string | undefined,
  log: Logger,
  channel?: string,
): Promise<EventBus> {
  if (!redisUrl) return new MemoryBus(log);
  const { RedisBus } = await import('./redis-bus.ts');
  return RedisBus.connect(redisUrl, log, channel);
}
