import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/db/schema.ts';
import { UnauthorizedError } from '../../platform/errors.ts';

/** Small pieces shared by the graph route files. */

/** The signed-in caller of a `config.auth: 'user'` route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth.user;
}

/** The optional viewer of a public route. */
export function viewerIdOf(request: FastifyRequest): string | null {
  return request.auth?.user.id ?? null;
}

/**
 * Per-account limits (the IP when signed out): a NAT of many users never shares one budget,
 * and one account cannot spread its abuse over addresses.
 */
export function perUserLimit(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => request.auth?.user.id ?? request.ip,
  };
}

/** Follow/unfollow/remove-follower: generous for real use, too tight for follow-spam bots. */
export const FOLLOW_LIMIT = perUserLimit(60, '1 minute');
/** Block, restrict and feedback. */
export const SAFETY_LIMIT = perUserLimit(30, '1 minute');
/** User group writes. */
export const GROUP_WRITE_LIMIT = perUserLimit(30, '1 minute');
