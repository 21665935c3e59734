import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { BusEnvelope, EventBus } from './types.ts';

const CHANNEL = 'fanspace:realtime';

/**
 * Cross-process fan-out: every process publishes to one Redis channel and delivers what it
 * receives to its own sockets. Events are small (ids, not documents), so one channel is enough
 * until a single Redis stops keeping up; then shard the channel by user id.
 */
export class RedisBus implements EventBus {
  private readonly handlers = new Set<(envelope: BusEnvelope) => void>();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly log: Logger,
  ) {
    sub.on('message', (_channel: string, message: string) => {
      let envelope: BusEnvelope;
      try {
        envelope = JSON.parse(message) as BusEnvelope;
      } catch {
        this.log.warn('dropped a malformed realtime envelope');
        return;
      }
      for (const handler of this.handlers) handler(envelope);
    });
  }

  static async connect(url: string, log: Logger): Promise<RedisBus> {
    const pub = new Redis(url, { maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { maxRetriesPerRequest: 2 });
    for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'redis error'));
    await sub.subscribe(CHANNEL);
    return new RedisBus(pub, sub, log);
  }

  async publish(envelope: BusEnvelope) {
    await this.pub.publish(CHANNEL, JSON.stringify(envelope));
  }

  subscribe(handler: (envelope: BusEnvelope) => void) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close() {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
