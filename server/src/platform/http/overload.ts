import underPressure from '@fastify/under-pressure';
import { ErrorCodes } from '@fanspace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

/** Paths never shed: load balancers and monitors must still reach the health check. */
const EXEMPT = /^\/api\/health(\/|\?|$)/;

/**
 * Overload shedding: when the event loop lags or is saturated (or memory passes a set cap),
 * /api requests are refused at once with 503 + Retry-After instead of queueing until every
 * caller times out. Samples are per interval, so the server recovers one sample after the
 * load drops. The SPA's static files are cheap and never shed.
 */
export async function registerOverloadShedding(app: FastifyInstance, config: Config) {
  if (!config.pressureEnabled) return;
  const retryAfter = config.PRESSURE_RETRY_AFTER_SECONDS;
  await app.register(underPressure, {
    sampleInterval: config.PRESSURE_SAMPLE_INTERVAL_MS,
    maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: config.PRESSURE_MAX_HEAP_BYTES,
    maxRssBytes: config.PRESSURE_MAX_RSS_BYTES,
    retryAfter,
    pressureHandler: (request, reply, type, value) => {
      if (!request.url.startsWith('/api/') || EXEMPT.test(request.url)) return undefined;
      request.log.warn({ type, value }, 'shedding load');
      reply.header('Retry-After', String(retryAfter));
      // a rejected promise goes to the error handler, which answers {message, code, ...}
      return Promise.reject(
        new AppError(
          503,
          ErrorCodes.SERVICE_UNAVAILABLE,
          `The server is overloaded, please try again in ${retryAfter} seconds.`,
          { retryAfterSeconds: retryAfter },
        ),
      );
    },
  });
}
