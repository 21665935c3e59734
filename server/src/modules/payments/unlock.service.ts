import { ErrorCodes, type UnlockResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type Tx } from '../../platform/db/database.ts';
import { BadRequestError, ConflictError } from '../../platform/errors.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { splitWithCollaborator } from '../collaborations/collaborations.split.ts';
import { units } from '../ledger/money.ts';
import { findVisiblePost } from '../posts/posts.queries.ts';
import { postNotFound } from '../posts/posts.policy.ts';
import { resolveOffer, type CheckoutOffer } from '../commerce/checkout-offers.ts';
import { track } from '../analytics/recorder.ts';

const FOR_SALE = new Set(['paid', 'subscribers_or_paid']);

/**
 * Buys a paid post once. The purchase row is inserted before the charge: its UNIQUE
 * (buyer, post) makes concurrent unlocks queue behind the first, and every later one finds
 * the row and is refused, so the post is charged exactly once however many clicks arrive.
 */
export async function unlockPost(
  deps: Pick<AppContext, 'jobs'>,
  tx: Tx,
  buyerId: string,
  postId: string,
  offer?: CheckoutOffer,
): Promise<UnlockResponse> {
  assertInTransaction(tx);
  // blocked either way, deleted or unpublished: the post does not exist for this buyer
  const post = await findVisiblePost(tx, buyerId, postId);
  if (!post) throw postNotFound();
  if (post.user_id === buyerId)
    throw new BadRequestError('You cannot unlock your own post', ErrorCodes.CANNOT_TARGET_SELF);
  if (!FOR_SALE.has(post.access_level) || post.price_cents === null)
    throw new BadRequestError('This post is not for sale', ErrorCodes.NOT_FOR_SALE);
  const deal = await resolveOffer(tx, {
    userId: buyerId,
    creatorId: post.user_id,
    purpose: 'unlock',
    priceCents: post.price_cents,
    offer,
  });
  const priceCents = deal.chargeCents;

  const purchase = await tx
    .insertInto('content_purchases')
    .values({ buyer_id: buyerId, post_id: post.id, price_cents: priceCents })
    .onConflict((oc) => oc.columns(['buyer_id', 'post_id']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (!purchase)
    throw new ConflictError(ErrorCodes.ALREADY_UNLOCKED, 'You have already unlocked this post');

  // a 100% promo code buys the post for nothing: a purchase with no ledger transaction
  const charge =
    priceCents > 0
      ? await chargeToCreator(deps, tx, {
          kind: 'unlock',
          payerId: buyerId,
          creatorId: post.user_id,
          grossCents: priceCents,
          details: { postId: post.id, purchaseId: purchase.id, ...deal.details },
          idempotencyRef: `unlock:${purchase.id}`,
        })
      : null;
  track(tx, { metric: 'purchase', creatorId: post.user_id, postId: post.id, actorId: buyerId });
  if (charge)
    await tx
      .updateTable('content_purchases')
      .set({ ledger_transaction_id: charge.transactionId })
      .where('id', '=', purchase.id)
      .execute();
  if (charge) await splitWithCollaborator(deps, tx, post.id, post.user_id, charge);
  await deal.redeem(tx, post.id, charge?.transactionId ?? null);
  return {
    ok: true,
    postId: post.id,
    isUnlocked: true,
    price: units(priceCents),
    priceCents,
    transactionId: charge?.transactionId ?? null,
    purchasedAt: purchase.created_at.toISOString(),
  };
}
