import { ErrorCodes, type CheckoutPurpose } from '@fanspace/contracts';
import type { DbHandle, Tx } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { payableCreator } from '../payments/tips.service.ts';
import { findVisiblePost } from '../posts/posts.queries.ts';
import { postNotFound } from '../posts/posts.policy.ts';
import { SUBSCRIPTION_PERIOD_DAYS } from '../ledger/money.ts';
import { checkPromoCode, redeemPromoCode } from './promo-codes.service.ts';
import { lockClaimablePromotion, promoPriceCents, redeemPromotion } from './promotions.service.ts';

/**
 * What a checkout (subscribe, unlock) charges once a promo code or a promotion applies. The
 * offer is checked and its row locked before the charge, and redeemed after it in the same
 * transaction, so a refused checkout uses nothing and a failed charge uses nothing either.
 */

export interface CheckoutOffer {
  promoCode?: string | null | undefined;
  promotionId?: string | null | undefined;
}

export interface ResolvedOffer {
  chargeCents: number;
  periodDays: number;
  /** for the ledger metadata: what discount was given */
  details: Record<string, unknown>;
  redeem(tx: Tx, targetId: string, transactionId: string | null): Promise<void>;
}

const noOffer = (priceCents: number): ResolvedOffer => ({
  chargeCents: priceCents,
  periodDays: SUBSCRIPTION_PERIOD_DAYS,
  details: {},
  redeem: async () => undefined,
});

export async function resolveOffer(
  tx: DbHandle,
  input: {
    userId: string;
    creatorId: string;
    purpose: CheckoutPurpose;
    priceCents: number;
    hadSubscription?: boolean;
    offer?: CheckoutOffer | undefined;
    now?: Date;
  },
): Promise<ResolvedOffer> {
  const now = input.now ?? new Date();
  const { offer } = input;
  if (offer?.promotionId && input.purpose === 'subscription') {
    const row = await lockClaimablePromotion(
      tx,
      {
        promotionId: offer.promotionId,
        userId: input.userId,
        creatorId: input.creatorId,
        hadSubscription: input.hadSubscription ?? false,
      },
      now,
    );
    const chargeCents = promoPriceCents(row, input.priceCents);
    return {
      chargeCents,
      periodDays: row.trial_days ?? SUBSCRIPTION_PERIOD_DAYS,
      details: {
        promotionId: row.id,
        promotionKind: row.kind,
        originalCents: input.priceCents,
      },
      redeem: (t, targetId, transactionId) =>
        redeemPromotion(t, {
          promotionId: row.id,
          userId: input.userId,
          subscriptionId: targetId,
          originalCents: input.priceCents,
          chargedCents: chargeCents,
          transactionId,
        }),
    };
  }
  const code = offer?.promoCode?.trim();
  if (!code) return noOffer(input.priceCents);
  const checked = await checkPromoCode(tx, {
    userId: input.userId,
    creatorId: input.creatorId,
    purpose: input.purpose,
    code,
    priceCents: input.priceCents,
    now,
    lock: true,
  });
  return {
    chargeCents: checked.priceCents,
    periodDays: SUBSCRIPTION_PERIOD_DAYS,
    details: {
      promoCode: checked.row.code,
      percentOff: checked.row.percent_off,
      originalCents: input.priceCents,
    },
    redeem: (t, targetId, transactionId) =>
      redeemPromoCode(t, {
        codeId: checked.row.id,
        userId: input.userId,
        purpose: input.purpose,
        targetId,
        originalCents: input.priceCents,
        chargedCents: checked.priceCents,
        transactionId,
      }),
  };
}

const FOR_SALE = new Set(['paid', 'subscribers_or_paid']);

/** What a checkout target costs before any discount, and whose it is (validate route). */
export async function checkoutPrice(
  db: DbHandle,
  userId: string,
  purpose: CheckoutPurpose,
  targetId: string,
): Promise<{ creatorId: string; priceCents: number }> {
  if (purpose === 'subscription') {
    const creator = await payableCreator(db, userId, targetId);
    if (creator.subscription_price_cents <= 0)
      throw new BadRequestError(
        'This creator is free to follow; there is nothing to subscribe to',
        ErrorCodes.SUBSCRIPTION_FREE,
      );
    return { creatorId: creator.id, priceCents: creator.subscription_price_cents };
  }
  const post = await findVisiblePost(db, userId, targetId);
  if (!post) throw postNotFound();
  if (!FOR_SALE.has(post.access_level) || post.price_cents === null)
    throw new BadRequestError('This post is not for sale', ErrorCodes.NOT_FOR_SALE);
  return { creatorId: post.user_id, priceCents: post.price_cents };
}
