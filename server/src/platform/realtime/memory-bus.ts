import type { Logger } from 'pino';
import type { BusEnvelope, BusSignal, EventBus } from './types.ts';

type Handler = (envelope: BusEnvelope) => void;

/**
 * Calls every handler, each guarded: one failing subscriber must neither starve the others nor
 * turn a publish (often an after-commit hook) into an error.
 */
export function dispatch(handlers: Iterable<Handler>, envelope: BusEnvelope, log?: Logger) {
  for (const handler of handlers) {
    try {
      handler(envelope);
    } catch (err) {
      log?.error({ err, type: envelope.frame.type }, 'realtime subscriber failed');
    }
  }
}

/** Calls every signal handler, each guarded like `dispatch`. */
export function dispatchSignal(
  handlers: Iterable<(signal: BusSignal) => void>,
  signal: BusSignal,
  log?: Logger,
) {
  for (const handler of handlers) {
    try {
      handler(signal);
    } catch (err) {
      log?.error({ err, signal: signal.name }, 'bus signal handler failed');
    }
  }
}

/**
 * Single-process fan-out: what `npm start` uses when REDIS_URL is not set. Delivery is
 * synchronous, so when `publish` resolves the local sockets have been written to.
 */
export class MemoryBus implements EventBus {
  private readonly handlers = new Set<Handler>();
  private readonly signalHandlers = new Set<(signal: BusSignal) => void>();

  constructor(private readonly log?: Logger) {}

  async publish(envelope: BusEnvelope) {
    dispatch(this.handlers, envelope, this.log);
  }

  subscribe(handler: Handler) {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  async signal(signal: BusSignal) {
    dispatchSignal(this.signalHandlers, signal, this.log);
  }

  onSignal(handler: (signal: BusSignal) => void) {
    this.signalHandlers.add(handler);
    return () => void this.signalHandlers.delete(handler);
  }

  async close() {
    this.handlers.clear();
    this.signalHandlers.clear();
  }
}
