import { ErrorCodes, MONEY_LIMITS, type TipBody, type TipResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { presentSplit } from './present.ts';

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

export async function sendTip(
  deps: Pick<AppContext, 'jobs'>,
  tx: Tx,
  payerId: string,
  body: TipBody,
): Promise<TipResponse> {
  assertInTransaction(tx);
  const cents = amountToCents('amount', body.amount, MONEY_LIMITS.tip.min, MONEY_LIMITS.tip.max);
  await payableCreator(tx, payerId, body.recipientUserId);
  const contentId = body.contentId ?? null;
  const charge = await chargeToCreator(deps, tx, {
    kind: 'tip',
    payerId,
    creatorId: body.recipientUserId,
    grossCents: cents,
    details: { tipType: body.tipType, contentId },
  });
  return {
    ok: true,
    transactionId: charge.transactionId,
    recipientUserId: body.recipientUserId,
    tipType: body.tipType,
    contentId,
    amount: units(cents),
    amountCents: cents,
    split: presentSplit(charge.split),
  };
}
