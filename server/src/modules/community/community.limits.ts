import type { FastifyRequest } from 'fastify';

const perAccountOrIp = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;
const minutes = (n: number) => n * 60_000;

/** Public forms are limited per account (or address, for visitors) so they cannot be flooded. */
export const CommunityRateLimits = {
  suggestion: { max: 10, timeWindow: minutes(60), keyGenerator: perAccountOrIp },
  vote: { max: 120, timeWindow: minutes(10), keyGenerator: perAccountOrIp },
  contact: { max: 5, timeWindow: minutes(60), keyGenerator: perAccountOrIp },
  feedback: { max: 20, timeWindow: minutes(60), keyGenerator: perAccountOrIp },
  dmca: { max: 5, timeWindow: minutes(60), keyGenerator: perAccountOrIp },
} as const;
