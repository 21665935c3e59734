import underPressure from '@fastify/under-pressure';
import { ErrorCodes } from '@fanspace/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/** Paths never shed: load balancers and monitors must still reach the health check. */
const EXEMPT = /^\/api\/health(\/|\?|$)/;

/**
 * Overload shedding: when the event loop lags or is saturated (or memory passes a set cap),
 * /api requests are refused at once with 503 + Retry-After instead of queueing until every
 * caller times out; so are requests past PRESSURE_MAX_IN_FLIGHT in progress. Samples are per
 * interval, so the server recovers one sample after the load drops. The SPA's static files are cheap and never shed.
 */
export async function registerOverloadShedding(app: FastifyInstance, config: Config) {
  if (!config.pressureEnabled) return;
  const retryAfter = config.PRESSURE_RETRY_AFTER_SECONDS;
  // the reason header tells a load test (bench/src/chat.ts) which check shed the request
  const overloaded = (reply: FastifyReply, reason: string) => {
    reply.header('Retry-After', String(retryAfter));
    reply.header('X-Overload-Reason', reason);
    return new AppError(
      503,
      ErrorCodes.SERVICE_UNAVAILABLE,
      `The server is overloaded, please try again in ${retryAfter} seconds.`,
      { retryAfterSeconds: retryAfter },
    );
  };
  const sheddable = (url: string) => url.startsWith('/api/') && !EXEMPT.test(url);

  // The loop metrics below miss requests that wait on I/O (a full database pool): the loop is
  // calm while the queue grows and every caller ends in a timeout. A cap on requests in
  // progress bounds that queue; the slot frees when the response closes (sent or aborted).
  const maxInFlight = config.PRESSURE_MAX_IN_FLIGHT;
  if (maxInFlight > 0) {
    let inFlight = 0;
    const freeSlot = new WeakMap<object, () => void>();
    app.addHook('onRequest', async (request, reply) => {
      // a websocket holds its request for the life of the socket
      if (!sheddable(request.url) || request.headers.upgrade) return;
      if (inFlight >= maxInFlight) {
        request.log.warn({ type: 'inFlight', value: inFlight }, 'shedding load');
        throw overloaded(reply, 'inFlight');
      }
      inFlight++;
      let counted = true;
      const free = () => {
        if (counted) inFlight--;
        counted = false;
      };
      // 'close' also covers aborted requests; onResponse covers inject(), which has no socket
      reply.raw.once('close', free);
      freeSlot.set(request, free);
    });
    app.addHook('onResponse', async (request) => freeSlot.get(request)?.());
  }

  await app.register(underPressure, {
    sampleInterval: config.PRESSURE_SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: config.PRESSURE_MAX_HEAP_BYTES,
    maxRssBytes: config.PRESSURE_MAX_RSS_BYTES,
    retryAfter,
    pressureHandler: (request, reply, type, value) => {
      if (!sheddable(request.url)) return undefined;
      request.log.warn({ type, value }, 'shedding load');
      // a rejected promise goes to the error handler, which answers {message, code, ...}
      return Promise.reject(overloaded(reply, String(type)));
    },
  });
}
