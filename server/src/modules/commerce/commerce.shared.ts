import { ErrorCodes } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../platform/errors.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';

/** Pieces shared by the commerce services (docs/ARCHITECTURE.md "Commerce extras"). */

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A live creator the viewer may see (blocked either way: not found). */
export async function visibleCreator(db: DbHandle, viewerId: string | null, userId: string) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'display_name',
      'avatar_url',
      'account_type',
      'subscription_price_cents',
    ])
    .where('id', '=', userId)
    .where('status', 'in', ['active', 'suspended'])
    .where('deleted_at', 'is', null)
    .where(notHiddenFrom(viewerId, 'users.id'))
    .executeTakeFirst();
  if (!user || user.account_type !== 'creator')
    throw new NotFoundError('Creator not found', ErrorCodes.NOT_FOUND);
  return user;
}

/** Status of a promotion or promo code at `now`. */
export function offerStatus(
  row: {
    ended_at: Date | null;
    expires_at: Date | null;
    max_uses: number | null;
    uses_count: number;
  },
  now = new Date(),
): 'active' | 'expired' | 'used_up' | 'ended' {
  if (row.ended_at) return 'ended';
  if (row.expires_at && row.expires_at <= now) return 'expired';
  if (row.max_uses !== null && row.uses_count >= row.max_uses) return 'used_up';
  return 'active';
}

/** The discounted price: percent off rounded down to the cent in the fan's favour. */
export function discounted(priceCents: number, percentOff: number): number {
  return priceCents - Math.ceil((priceCents * percentOff) / 100);
}

/**
 * Whose list a GET shows: ?userId (or its alias ?creatorId; userId wins), else the signed-in
 * caller (a visitor must name one).
 */
export function listOwner(
  request: FastifyRequest & {
    query: { userId?: string | undefined; creatorId?: string | undefined };
  },
) {
  const viewerId = request.auth?.user.id ?? null;
  const ownerId = request.query.userId ?? request.query.creatorId ?? viewerId;
  if (!ownerId) throw new UnauthorizedError();
  return { viewerId, ownerId };
}

/** Whether anyone has claimed the offer (a live use, or a redemption kept on record). */
export async function offerClaimed(
  tx: DbHandle,
  row: { id: string; uses_count: number },
  column: 'promotion_id' | 'promo_code_id',
) {
  if (row.uses_count > 0) return true;
  const used = await tx
    .selectFrom('promo_redemptions')
    .select('id')
    .where(column, '=', row.id)
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * A new max_uses: null (or the 0 a coerced null arrives as) is unlimited; never below the
 * uses so far, so a limit cannot undo claims already made.
 */
export function nextMaxUses(
  value: number | null | undefined,
  current: number | null,
  uses: number,
) {
  if (value === undefined) return current;
  if (!value) return null;
  if (value < uses)
    throw new BadRequestError(
      `maxUses cannot be below the ${uses} uses so far`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'maxUses' },
    );
  return value;
}
