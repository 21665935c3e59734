import { sql } from 'kysely';
import type { Tx } from '../../platform/db/database.ts';
import type { AppError } from '../../platform/errors.ts';

/**
 * Records one use of a promotion or promo code inside the checkout transaction: the redemption
 * row (its partial unique index makes "once per fan" hold under races) and the uses counter of
 * the offer row the caller locked.
 */
export async function recordRedemption(
  tx: Tx,
  offer: { table: 'promotions'; id: string } | { table: 'promo_codes'; id: string },
  input: {
    userId: string;
    purpose: 'subscription' | 'unlock';
    targetId: string;
    originalCents: number;
    chargedCents: number;
    transactionId: string | null;
  },
  duplicate: () => AppError,
) {
  const column = offer.table === 'promotions' ? 'promotion_id' : 'promo_code_id';
  const inserted = await tx
    .insertInto('promo_redemptions')
    .values({
      user_id: input.userId,
      promotion_id: offer.table === 'promotions' ? offer.id : null,
      promo_code_id: offer.table === 'promo_codes' ? offer.id : null,
      purpose: input.purpose,
      target_id: input.targetId,
      original_cents: input.originalCents,
      charged_cents: input.chargedCents,
      transaction_id: input.transactionId,
    })
    .onConflict((oc) => oc.columns([column, 'user_id']).where(column, 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw duplicate();
  await tx
    .updateTable(offer.table)
    .set({ uses_count: sql`uses_count + 1` })
    .where('id', '=', offer.id)
    .execute();
}
