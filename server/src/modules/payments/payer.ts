import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * Payment POSTs are declared `auth: 'public'` and check here, so a signed-out caller gets the
 * SPEC §5 text ('You must be logged in to make a payment.') instead of the generic 401.
 */
export function payer(request: FastifyRequest): UserRow {
  if (!request.auth) throw new UnauthorizedError('You must be logged in to make a payment.');
  return request.auth.user;
}
