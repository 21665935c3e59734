import type { FastifyRequest } from 'fastify';

const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
const minutes = (n: number) => n * 60_000;

/**
 * Exports, imports and the personal-data download read or write a lot per call: a few an hour
 * is plenty for a person. Sync and cache clearing are cheap but still bounded.
 */
export const DataToolsRateLimits = {
  export: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  download: { max: 60, timeWindow: minutes(60), keyGenerator: perAccount },
  import: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  personalData: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  sync: { max: 30, timeWindow: minutes(10), keyGenerator: perAccount },
  maintenance: { max: 20, timeWindow: minutes(60), keyGenerator: perAccount },
  deletion: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  consent: { max: 60, timeWindow: minutes(10), keyGenerator: perAccount },
} as const;
