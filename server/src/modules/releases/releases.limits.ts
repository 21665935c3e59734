import type { FastifyRequest } from 'fastify';

const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
const minutes = (n: number) => n * 60_000;

/**
 * Creating releases stores ID images; the public consent routes are keyed by address, since a
 * token can only be guessed, and 30 a minute keeps 256-bit tokens far out of reach.
 */
export const ReleaseLimits = {
  create: { max: 30, timeWindow: minutes(60), keyGenerator: perAccount },
  consent: { max: 30, timeWindow: minutes(1) },
} as const;
