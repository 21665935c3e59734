import { ErrorCodes, MONEY_LIMITS, type TipBody, type TipResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { featureEnabled } from '../../platform/settings.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { automationEvent } from '../automation/automation.runner.ts';
import { splitWithCollaborator } from '../collaborations/collaborations.split.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { presentSplit } from './present.ts';
import { fundableItem, recordWishlistFunding } from '../commerce/wishlist.service.ts';
import { track } from '../analytics/recorder.ts';

/** A creator the payer may pay: visible, not blocked either way, not the payer. */
export async function payableCreator(db: DbHandle, payerId: string, creatorId: string) {
  if (creatorId === payerId)
    throw new BadRequestError('You cannot pay yourself', ErrorCodes.CANNOT_TARGET_SELF);
  const creator = await db
    .selectFrom('users')
    .select(['id', 'account_type', 'subscription_price_cents'])
    .where('id', '=', creatorId)
    .where('status', 'in', ['active', 'suspended'])
    .where('deleted_at', 'is', null)
    .where(notHiddenFrom(payerId, 'users.id'))
    .executeTakeFirst();
  if (!creator) throw new NotFoundError('User not found');
  if (creator.account_type !== 'creator')
    throw new BadRequestError(
      'Only creators can receive payments',
      ErrorCodes.RECIPIENT_NOT_CREATOR,
    );
  return creator;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a tip is for must belong to its recipient: a live post of theirs (post), a chat the
 * payer shares with them (chat; a chat or message id), their profile (no id), or one of their
 * open wishlist items (wishlist; required, locked until the tip's transaction ends). Anything
 * else is a 400 and nothing is charged.
 */
export async function tippedContent(
  db: DbHandle,
  payerId: string,
  body: Pick<TipBody, 'recipientUserId' | 'tipType' | 'contentId'>,
): Promise<string | null> {
  const contentId = body.contentId ?? null;
  if (body.tipType === 'wishlist') {
    if (contentId === null)
      throw new BadRequestError(
        'contentId (the wishlist item id) is required for a wishlist tip',
        ErrorCodes.VALIDATION_FAILED,
        { field: 'contentId' },
      );
    return (await fundableItem(db, body.recipientUserId, contentId)).id;
  }
  if (contentId === null || body.tipType === 'profile') return null;
  const refuse = () =>
    new BadRequestError(
      `contentId does not name a ${body.tipType} of this creator`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'contentId' },
    );
  if (!UUID.test(contentId)) throw refuse();
  if (body.tipType === 'post') {
    const post = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '=', contentId)
      .where('user_id', '=', body.recipientUserId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!post) throw refuse();
    return contentId;
  }
  if (body.tipType === 'chat') {
    const shared = await db
      .selectFrom('chat_participants as me')
      .innerJoin('chat_participants as them', 'them.chat_id', 'me.chat_id')
      .select('me.chat_id')
      .where('me.user_id', '=', payerId)
      .where('them.user_id', '=', body.recipientUserId)
      .where((eb) =>
        eb.or([
          eb('me.chat_id', '=', contentId),
          eb.exists(
            eb
              .selectFrom('messages as m')
              .select('m.id')
              .where('m.id', '=', contentId)
              .whereRef('m.chat_id', '=', 'me.chat_id'),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!shared) throw refuse();
    return contentId;
  }
  throw refuse();
}

/** Tips can be switched off by an admin (PUT /admin/settings features.tips). */
export async function assertTipsEnabled(db: DbHandle) {
  if (!(await featureEnabled(db, 'tips')))
    throw new ForbiddenError(
      ErrorCodes.FEATURE_UNAVAILABLE,
      'Tips are switched off on this server',
    );
}

export async function sendTip(
  deps: Pick<AppContext, 'jobs'>,
  tx: Tx,
  payerId: string,
  body: TipBody,
): Promise<TipResponse> {
  assertInTransaction(tx);
  await assertTipsEnabled(tx);
  const cents = amountToCents('amount', body.amount, MONEY_LIMITS.tip.min, MONEY_LIMITS.tip.max);
  await payableCreator(tx, payerId, body.recipientUserId);
  const contentId = await tippedContent(tx, payerId, body);
  const charge = await chargeToCreator(deps, tx, {
    kind: 'tip',
    payerId,
    creatorId: body.recipientUserId,
    grossCents: cents,
    details: { tipType: body.tipType, contentId },
  });
  track(tx, { metric: 'tip', creatorId: body.recipientUserId, actorId: payerId });
  const wishlistItem =
    body.tipType === 'wishlist' && contentId
      ? await recordWishlistFunding(tx, {
          itemId: contentId,
          funderId: payerId,
          amountCents: cents,
          transactionId: charge.transactionId,
        })
      : undefined;
  await automationEvent(deps, tx, {
    trigger: 'tip_received',
    creatorId: body.recipientUserId,
    fanId: payerId,
    eventKey: charge.transactionId,
  });
  if (body.tipType === 'post' && contentId)
    await splitWithCollaborator(deps, tx, contentId, body.recipientUserId, charge);
  return {
    ok: true,
    transactionId: charge.transactionId,
    recipientUserId: body.recipientUserId,
    tipType: body.tipType,
    contentId,
    amount: units(cents),
    amountCents: cents,
    split: presentSplit(charge.split),
    ...(wishlistItem ? { wishlistItem } : {}),
  };
}
