import { PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * The caller of a payment route (`auth: 'payer'`: the auth hook has already answered a signed-out
 * caller with SPEC §5's 'You must be logged in to make a payment.').
 */
export function payer(request: FastifyRequest): UserRow {
  if (!request.auth) throw new UnauthorizedError(PAYER_UNAUTHENTICATED_MESSAGE);
  return request.auth.user;
}
