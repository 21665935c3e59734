import { sql } from 'kysely';
import type { DbHandle, Tx } from '../../platform/db/database.ts';
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

/**
 * A fully refunded or charged-back checkout gives its offer back: the redemption recorded with
 * that charge goes (the fan may use the code or promotion again) and the offer's uses counter
 * drops by one, so a refunded use no longer counts toward max_uses. A partial refund keeps both.
 * Called by `reverseCharge` before it locks ledger accounts: the offer row, then the accounts,
 * the order a checkout takes them in.
 */
export async function releaseRedemption(tx: DbHandle, payerId: string, transactionId: string) {
  const released = await tx
    .deleteFrom('promo_redemptions')
    .where('user_id', '=', payerId)
    .where('transaction_id', '=', transactionId)
    .returning(['promotion_id', 'promo_code_id'])
    .execute();
  for (const r of released) {
    const offer = r.promo_code_id
      ? { table: 'promo_codes' as const, id: r.promo_code_id }
      : r.promotion_id
        ? { table: 'promotions' as const, id: r.promotion_id }
        : null;
    if (!offer) continue;
    await tx
      .updateTable(offer.table)
      .set({ uses_count: sql`greatest(uses_count - 1, 0)` })
      .where('id', '=', offer.id)
      .execute();
  }
}
