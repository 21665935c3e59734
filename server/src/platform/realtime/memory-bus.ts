import type { BusEnvelope, EventBus } from './types.ts';

/** Single-process fan-out: what `npm start` uses when REDIS_URL is not set. */
export class MemoryBus implements EventBus {
  private readonly handlers = new Set<(envelope: BusEnvelope) => void>();

  async publish(envelope: BusEnvelope) {
    for (const handler of this.handlers) handler(envelope);
  }

  subscribe(handler: (envelope: BusEnvelope) => void) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close() {
    this.handlers.clear();
  }
}
