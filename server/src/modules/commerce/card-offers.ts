import { ErrorCodes, type CheckoutPurpose } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { resolveOffer, type CheckoutOffer } from './checkout-offers.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * Card payments with an offer (SPEC §7 create-payment-intent `promotionDetails`): the intent is
 * priced with the discount ({promoCode} or {promotionId}), the offer travels in the card
 * payment's details, and the purchase after the money arrives applies it again through the
 * ordinary subscribe/unlock, which redeems it. Nothing is redeemed when the intent is created.
 */

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The offer named by promotionDetails ({promoCode | code, promotionId}); 400 when unusable. */
export function offerFromDetails(details: Record<string, unknown>): CheckoutOffer {
  const promoCode = text(details.promoCode) ?? text(details.code);
  const promotionId = text(details.promotionId);
  if (promotionId && !isUuid(promotionId))
    throw new BadRequestError(
      'promotionDetails.promotionId is not valid',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'promotionDetails',
      },
    );
  if ((promoCode && promoCode.length > 64) || (!promoCode && !promotionId))
    throw new BadRequestError(
      'promotionDetails must name a promoCode or a promotionId',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'promotionDetails' },
    );
  return { promoCode, promotionId };
}

/** The offer stored in a card payment's details (null fields when none). */
export const offerOfStored = (details: Record<string, string | null>): CheckoutOffer => ({
  promoCode: details.promoCode ?? null,
  promotionId: details.promotionId ?? null,
});

/** Prices a card checkout with its offer; a free result cannot be paid by card. */
export async function priceCardOffer(
  db: DbHandle,
  input: {
    userId: string;
    creatorId: string;
    purpose: CheckoutPurpose;
    priceCents: number;
    details: Record<string, unknown> | null | undefined;
  },
) {
  const none: Record<string, string | null> = {};
  if (!input.details) return { chargeCents: input.priceCents, stored: none };
  const offer = offerFromDetails(input.details);
  const hadSubscription =
    input.purpose === 'subscription' &&
    (await db
      .selectFrom('subscriptions')
      .select('id')
      .where('subscriber_id', '=', input.userId)
      .where('creator_id', '=', input.creatorId)
      .executeTakeFirst()) !== undefined;
  const deal = await resolveOffer(db, { ...input, offer, hadSubscription });
  if (deal.chargeCents <= 0)
    throw new BadRequestError(
      'This offer costs nothing now, so there is nothing to pay by card: claim it directly',
      ErrorCodes.PAYMENT_TYPE_UNSUPPORTED,
    );
  return {
    chargeCents: deal.chargeCents,
    stored: {
      promoCode: offer.promoCode ?? null,
      promotionId: offer.promotionId ?? null,
    } as Record<string, string | null>,
  };
}
