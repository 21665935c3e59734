import { ErrorCodes } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnprocessableError,
} from '../../platform/errors.ts';
import { CHARGE_KINDS, type ChargeKind } from './charges.ts';
import { accountId, postTransaction, systemAccountOf } from './ledger.service.ts';
import { formatMoney, num, partBackUpTo } from './money.ts';
import { takeBackShare } from './take-back.ts';
import { notify } from '../notifications/notify.ts';
import { collaboratorReversal } from '../collaborations/collaborations.split.ts';
import { releaseRedemption } from '../commerce/redemptions.ts';
import { reverseWishlistFunding } from '../commerce/wishlist.service.ts';
import { referralReversal } from '../referrals/referrals.split.ts';

/**
 * Refunds and chargebacks: a reversing ledger transaction for one charge (unlock, tip,
 * subscription, renewal). The ledger stays append-only: the charge is never touched, the
 * reversal points at it (`reverses_id`).
 *
 * - The amount (default: everything still reversible) goes back to the fan: to their wallet for
 *   a refund, to `processor_clearing` for a chargeback (the card network already returned the
 *   money to the fan's card, so crediting the wallet too would pay them twice).
 * - The fee part is taken back from platform_fees and the rest from the creator, cumulatively
 *   with the charge's own rounding rule: after reversing C of gross G, fee returned in total is
 *   floor(C × fee / G), so partial reversals add up to exactly the fee and share of the charge.
 * - The creator part comes from the charge's hold (creator_pending) while it is still held;
 *   once released, from creator_available, and what available cannot cover is recorded in the
 *   creator's `creator_owed` account (≤ 0, a debt): balances still equal entries, nothing
 *   non-negative goes negative, and the release job repays the debt first from new earnings.
 * - The total reversed never exceeds the charge's gross: the charge row is locked FOR UPDATE,
 *   so concurrent reversals of one charge run one after another and each sees the others.
 * - A referrer paid out of the charge's fee (referrals.split.ts) gives back the same proportion
 *   of their part, cumulatively; it returns to platform_fees, so the platform's net fee stays
 *   fee − referral part for whatever is left of the charge.
 * - A full reversal withdraws what the charge bought (`endAccessOf`) and gives back the promo
 *   code or promotion used on it (`releaseRedemption`); a partial one leaves both.
 * - Idempotent on externalRef (a provider dispute id, an admin request key): the same ref
 *   returns the first reversal; the database's unique `idempotency_ref` is the last line.
 */

export type ReversalKind = 'refund' | 'chargeback';
export const REVERSAL_KINDS: ReversalKind[] = ['refund', 'chargeback'];

export interface ReverseChargeInput {
  transactionId: string;
  /** cents; default every cent still reversible */
  amountCents?: number;
  kind: ReversalKind;
  externalRef?: string;
  now?: Date;
  /** shown in statements and admin views */
  reason?: string;
  /** who asked (admin id), kept in metadata */
  actorId?: string;
  /** where the fan's money goes; default wallet for a refund, processor for a chargeback */
  creditTo?: 'wallet' | 'processor';
}

export interface ReversalResult {
  transactionId: string;
  reversedCents: number;
}

type Deps = Pick<AppContext, 'jobs'>;

export const reversalRef = (kind: ReversalKind, externalRef: string) => `${kind}:${externalRef}`;

/** Cents already reversed of one charge (committed reversals; call with the charge locked). */
export async function reversedSoFar(tx: DbHandle, chargeId: string): Promise<number> {
  const row = await tx
    .selectFrom('ledger_transactions')
    .select(sql<string>`coalesce(sum((metadata->>'reversedCents')::bigint), 0)`.as('total'))
    .where('reverses_id', '=', chargeId)
    .where('kind', 'in', REVERSAL_KINDS)
    .executeTakeFirstOrThrow();
  return num(row.total);
}

/**
 * A fully refunded or charged-back purchase no longer grants what it bought: the post or chat
 * message unlock is withdrawn (the fan may buy it again), and a subscription period paid by
 * the charge ends now (only when that charge paid the current period; refunding an older
 * renewal leaves a newer paid period alone). Tips and accepted offers bought nothing to withdraw.
 */
async function endAccessOf(tx: DbHandle, kind: string, m: Record<string, unknown>, now: Date) {
  const purchaseId = typeof m.purchaseId === 'string' ? m.purchaseId : null;
  if (kind === 'unlock' && purchaseId) {
    if (m.contentType === 'message')
      await tx
        .deleteFrom('message_purchases')
        .where('id', '=', purchaseId)
        .where('reason', '=', 'unlock')
        .execute();
    else if (m.contentType === undefined || m.contentType === 'post')
      await tx.deleteFrom('content_purchases').where('id', '=', purchaseId).execute();
    return;
  }
  const subscriptionId = typeof m.subscriptionId === 'string' ? m.subscriptionId : null;
  const periodEnd = typeof m.periodEnd === 'string' ? new Date(m.periodEnd) : null;
  if ((kind === 'subscription' || kind === 'renewal') && subscriptionId && periodEnd) {
    const before = await tx
      .selectFrom('subscriptions')
      .select(['status', 'creator_id', 'current_period_end'])
      .where('id', '=', subscriptionId)
      .forUpdate()
      .executeTakeFirst();
    if (!before || before.current_period_end.getTime() !== periodEnd.getTime()) return;
    await tx
      .updateTable('subscriptions')
      .set({ status: 'expired', is_recurring: false, current_period_end: now })
      .where('id', '=', subscriptionId)
      .execute();
    if (before.status === 'active')
      await tx
        .updateTable('users')
        .set({ subscriber_count: sql`greatest(subscriber_count - 1, 0)` })
        .where('id', '=', before.creator_id)
        .execute();
  }
}

export async function reverseCharge(
  deps: Deps,
  tx: DbHandle,
  input: ReverseChargeInput,
): Promise<ReversalResult> {
  void deps;
  assertInTransaction(tx);
  const charge = await tx
    .selectFrom('ledger_transactions')
    .select(['id', 'kind', 'metadata'])
    .where('id', '=', input.transactionId)
    .forUpdate()
    .executeTakeFirst();
  if (!charge) throw new NotFoundError('Transaction not found');
  if (!CHARGE_KINDS.includes(charge.kind as ChargeKind))
    throw new UnprocessableError(
      ErrorCodes.NOT_REFUNDABLE,
      `A ${charge.kind} transaction cannot be refunded; only unlocks, tips and subscriptions can`,
    );

  const ref = input.externalRef ? reversalRef(input.kind, input.externalRef) : undefined;
  if (ref) {
    const first = await tx
      .selectFrom('ledger_transactions')
      .select(['id', 'metadata', 'reverses_id'])
      .where('idempotency_ref', '=', ref)
      .executeTakeFirst();
    if (first) {
      if (first.reverses_id !== charge.id)
        throw new ConflictError(
          ErrorCodes.CONFLICT,
          'This reference was already used for another transaction',
        );
      return { transactionId: first.id, reversedCents: num(first.metadata.reversedCents) };
    }
  }

  const m = charge.metadata;
  const gross = num(m.grossCents);
  const fee = num(m.feeCents);
  const payerId = String(m.payerId ?? '');
  const creatorId = String(m.creatorId ?? '');
  const already = await reversedSoFar(tx, charge.id);
  const remaining = gross - already;
  if (remaining <= 0)
    throw new ConflictError(
      ErrorCodes.REFUND_EXCEEDS_ORIGINAL,
      'This charge was already fully refunded',
      {
        refundableCents: 0,
      },
    );
  const amount = input.amountCents ?? remaining;
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new BadRequestError('Refund amount must be positive', ErrorCodes.VALIDATION_FAILED, {
      field: 'amount',
    });
  if (amount > remaining)
    throw new UnprocessableError(
      ErrorCodes.REFUND_EXCEEDS_ORIGINAL,
      `Refund amount exceeds what is left to refund (${formatMoney(remaining)} of ${formatMoney(gross)})`,
      { refundableCents: remaining, refundable: remaining / 100 },
    );

  // fully reversed: the promo code or promotion used on it is the fan's to use again (before
  // any ledger account is locked: a checkout locks the offer row first, then the accounts)
  const full = already + amount === gross;
  if (full) await releaseRedemption(tx, payerId, charge.id);

  // the charge's own rounding, cumulatively: totals end exactly at fee and share
  const feeUpTo = (cents: number) => partBackUpTo(fee, cents, gross);
  const feeBack = feeUpTo(already + amount) - feeUpTo(already);
  const shareBack = amount - feeBack;
  // a collaboration split of this charge gives back its proportional part (before the owner's
  // available balance is locked, so both are locked in id order)
  const collab = await collaboratorReversal(
    tx,
    charge.id,
    already - feeUpTo(already),
    already + amount - feeUpTo(already + amount),
    creatorId,
  );
  const collabBack = collab?.partCents ?? 0;
  const ownerBack = shareBack - collabBack;
  // a referrer paid out of this charge's fee gives back their proportional part, which returns
  // to platform_fees (the fan still gets the whole amount: fee + share as charged)
  const referral = await referralReversal(tx, charge.id, already, already + amount, gross, (id) =>
    collab?.collaboratorId === id ? collab.fromAvailableCents : 0,
  );
  const referralBack = referral?.backCents ?? 0;

  // the creator's own share: from the charge's hold, then available, then as debt
  const owner = await takeBackShare(tx, {
    creatorId,
    holdTransactionId: charge.id,
    cents: ownerBack,
  });
  const creditTarget = input.creditTo ?? (input.kind === 'chargeback' ? 'processor' : 'wallet');
  const creditToProcessor = creditTarget === 'processor';
  const [target, fees] = await Promise.all([
    creditToProcessor
      ? accountId(tx, 'processor_clearing', null)
      : accountId(tx, 'user_wallet', payerId),
    // the fee goes back out of the shard the charge put it in
    systemAccountOf(tx, charge.id, 'platform_fees'),
  ]);

  const owed = owner.owedCents;
  const entries = [
    { accountId: target, amountCents: amount },
    { accountId: fees, amountCents: referralBack - feeBack },
    ...owner.entries,
    ...(collab?.entries ?? []),
    ...(referral?.entries ?? []),
  ];

  const posted = await postTransaction(tx, {
    kind: input.kind,
    reversesId: charge.id,
    entries,
    metadata: {
      originalKind: charge.kind,
      originalTransactionId: charge.id,
      payerId,
      creatorId,
      reversedCents: amount,
      originalGrossCents: gross,
      feeCents: feeBack,
      shareCents: shareBack,
      fromPendingCents: owner.fromPendingCents,
      fromAvailableCents: owner.fromAvailableCents,
      owedCents: owed,
      ...(collab
        ? {
            collaboratorId: collab.collaboratorId,
            collabSplitTransactionId: collab.splitTransactionId,
            collaboratorCents: collab.partCents,
            collaboratorFromPendingCents: collab.fromPendingCents,
            collaboratorFromAvailableCents: collab.fromAvailableCents,
            collaboratorOwedCents: collab.owedCents,
          }
        : {}),
      ...(referral
        ? {
            referrerId: referral.referrerId,
            referralCents: referralBack,
            referralFromPendingCents: referral.fromPendingCents,
            referralFromAvailableCents: referral.fromAvailableCents,
            referralOwedCents: referral.owedCents,
          }
        : {}),
      creditedTo: creditToProcessor ? 'processor' : 'wallet',
      at: (input.now ?? new Date()).toISOString(),
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.actorId ? { actorId: input.actorId } : {}),
      ...(input.externalRef ? { externalRef: input.externalRef } : {}),
    },
    ...(ref ? { idempotencyRef: ref } : {}),
  });

  if (full) await endAccessOf(tx, charge.kind, m, input.now ?? new Date());
  // a wishlist tip's item loses what was taken back (progress goes down, reopens below the goal)
  if (charge.kind === 'tip') await reverseWishlistFunding(tx, charge.id, amount);

  await owner.shrinkHold(posted.id);
  await collab?.finish(posted.id);
  await referral?.finish(posted.id);
  const what = WHAT[charge.kind] ?? 'a payment';
  const word = input.kind === 'refund' ? 'refunded' : 'charged back';
  if (payerId && creditTarget === 'wallet')
    await notify(tx, {
      userId: payerId,
      type: 'system',
      relatedId: posted.id,
      relatedType: 'ledger_transaction',
      data: {
        kind: input.kind,
        amountCents: amount,
        message: `${formatMoney(amount)} for ${what} was refunded to your wallet.`,
        url: '/wallet',
      },
    });
  if (creatorId)
    await notify(tx, {
      userId: creatorId,
      type: 'system',
      relatedId: posted.id,
      relatedType: 'ledger_transaction',
      data: {
        kind: input.kind,
        amountCents: ownerBack,
        owedCents: owed,
        message: `${formatMoney(amount)} for ${what} was ${word}; ${formatMoney(ownerBack)} of your share was taken back${owed > 0 ? ` and ${formatMoney(owed)} is owed from your next earnings` : ''}.`,
        url: '/earnings',
      },
    });
  if (collab && collab.partCents > 0)
    await notify(tx, {
      userId: collab.collaboratorId,
      type: 'system',
      relatedId: posted.id,
      relatedType: 'ledger_transaction',
      data: {
        kind: input.kind,
        amountCents: collab.partCents,
        owedCents: collab.owedCents,
        message: `${formatMoney(amount)} for ${what} was ${word}; ${formatMoney(collab.partCents)} of your collaboration share was taken back${collab.owedCents > 0 ? ` and ${formatMoney(collab.owedCents)} is owed from your next earnings` : ''}.`,
        url: '/earnings',
      },
    });
  if (referral && referralBack > 0)
    await notify(tx, {
      userId: referral.referrerId,
      type: 'system',
      relatedId: posted.id,
      relatedType: 'ledger_transaction',
      data: {
        kind: input.kind,
        amountCents: referralBack,
        owedCents: referral.owedCents,
        message: `A sale by someone you referred was ${word}; ${formatMoney(referralBack)} of your referral earnings was taken back${referral.owedCents > 0 ? ` and ${formatMoney(referral.owedCents)} is owed from your next earnings` : ''}.`,
        url: '/referrals',
      },
    });
  return { transactionId: posted.id, reversedCents: amount };
}

const WHAT: Record<string, string> = {
  unlock: 'an unlocked post',
  tip: 'a tip',
  subscription: 'a subscription',
  renewal: 'a subscription renewal',
};

/** What a creator currently owes (≥ 0 cents), from their creator_owed account. */
export async function owedCents(db: DbHandle, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('kind', '=', 'creator_owed')
    .where('owner_id', '=', creatorId)
    .executeTakeFirst();
  return row ? Math.max(0, -num(row.balance_cents)) : 0;
}
