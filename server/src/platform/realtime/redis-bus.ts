import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { dispatch, dispatchSignal } from './memory-bus.ts';
import type { BusEnvelope, BusSignal, EventBus } from './types.ts';

const DEFAULT_CHANNEL = 'fanspace:realtime';

/** Other processes are trusted, but a bad message must be dropped, not thrown into ioredis. */
function parseEnvelope(message: string): BusEnvelope | BusSignal | null {
  try {
    const value = JSON.parse(message) as (Partial<BusEnvelope> & { signal?: unknown }) | null;
    if (value && typeof value.signal === 'string') {
      const data = (value as { data?: unknown }).data;
      if (typeof data !== 'object' || data === null) return null;
      return { name: value.signal, data: data as Record<string, unknown> };
    }
    if (!value || typeof value.to !== 'object' || value.to === null) return null;
    if (typeof value.frame?.type !== 'string') return null;
    return value as BusEnvelope;
  } catch {
    return null;
  }
}

/**
 * Cross-process fan-out: every process publishes to one Redis channel and delivers what it
 * receives to its own sockets. Events are small (ids, not documents), so one channel is enough
 * until a single Redis stops keeping up; then shard the channel by user id. Pub/sub is
 * at-most-once: a process that is disconnected from Redis misses events, which is why clients
 * refetch on `ready` and the hub re-checks open sessions periodically.
 */
export class RedisBus implements EventBus {
  private readonly handlers = new Set<(envelope: BusEnvelope) => void>();
  private readonly signalHandlers = new Set<(signal: BusSignal) => void>();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly log: Logger,
    private readonly channel: string,
  ) {
    sub.on('message', (_channel: string, message: string) => {
      const parsed = parseEnvelope(message);
      if (!parsed) this.log.warn('dropped a malformed realtime envelope');
      else if ('name' in parsed) dispatchSignal(this.signalHandlers, parsed, this.log);
      else dispatch(this.handlers, parsed, this.log);
    });
  }

  static async connect(url: string, log: Logger, channel = DEFAULT_CHANNEL): Promise<RedisBus> {
    // ioredis only where Redis is configured (the bundle would hoist a static import)
    const { Redis } = await import('ioredis');
    const pub = new Redis(url, { maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { maxRetriesPerRequest: 2 });
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis error'));
    await sub.subscribe(channel);
    return new RedisBus(pub, sub, log, channel);
  }

  async publish(envelope: BusEnvelope) {
    await this.pub.publish(this.channel, JSON.stringify(envelope));
  }

  subscribe(handler: (envelope: BusEnvelope) => void) {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  /** on the same channel, as `{signal, data}`; every process (this one too) hears it */
  async signal(signal: BusSignal) {
    await this.pub.publish(
      this.channel,
      JSON.stringify({ signal: signal.name, data: signal.data }),
    );
  }

  onSignal(handler: (signal: BusSignal) => void) {
    this.signalHandlers.add(handler);
    return () => void this.signalHandlers.delete(handler);
  }

  async close() {
    this.handlers.clear();
    this.signalHandlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
