import type { FastifyRequest } from 'fastify';

const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
const minutes = (n: number) => n * 60_000;

/**
 * Opening tickets is limited per account (a desk flooded with copies helps nobody); follow-ups
 * get a looser limit so a conversation is never cut short.
 */
export const SupportRateLimits = {
  create: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  message: { max: 60, timeWindow: minutes(10), keyGenerator: perAccount },
} as const;
