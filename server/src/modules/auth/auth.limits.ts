import type { FastifyRequest } from 'fastify';

/**
 * Per-route rate limits (per client address, or per account on signed-in routes). They sit on
 * top of the per-account rules in the services: 10 failed logins per account and address per
 * 15 minutes, 5 tries per code or temp token.
 */
const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;

const minutes = (n: number) => n * 60_000;

export const AuthLimits = {
  signup: { max: 10, timeWindow: minutes(60) },
  login: { max: 30, timeWindow: minutes(5) },
  verifyLogin: { max: 10, timeWindow: minutes(1) },
  verifyCode: { max: 10, timeWindow: minutes(5) },
  resend: { max: 5, timeWindow: minutes(15) },
  forgot: { max: 5, timeWindow: minutes(15) },
  reset: { max: 10, timeWindow: minutes(15) },
  changePassword: { max: 10, timeWindow: minutes(15), keyGenerator: perAccount },
  twoFactor: { max: 20, timeWindow: minutes(5), keyGenerator: perAccount },
} as const;
