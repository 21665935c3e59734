import type { FastifyRequest } from 'fastify';

/**
 * Per-route rate limits of the account modules (users, verification, beta, waitlist). Signed-in
 * routes count per account, so people behind one address do not share a budget; public ones
 * count per client address.
 */
const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;

const minutes = (n: number) => n * 60_000;

export const AccountLimits = {
  profileImage: { max: 30, timeWindow: minutes(1), keyGenerator: perAccount },
  payoutSettings: { max: 20, timeWindow: minutes(60), keyGenerator: perAccount },
  deleteAccount: { max: 10, timeWindow: minutes(1), keyGenerator: perAccount },
  userSearch: { max: 120, timeWindow: minutes(1) },
  verificationSubmit: { max: 20, timeWindow: minutes(60), keyGenerator: perAccount },
  /** codes can only be brute-forced; 20 a minute keeps 60-bit codes out of reach */
  betaVerify: { max: 20, timeWindow: minutes(1) },
  betaFeedback: { max: 20, timeWindow: minutes(60), keyGenerator: perAccount },
  betaInvite: { max: 10, timeWindow: minutes(60), keyGenerator: perAccount },
  waitlistSignup: { max: 20, timeWindow: minutes(1) },
  waitlistPosition: { max: 60, timeWindow: minutes(1) },
} as const;
