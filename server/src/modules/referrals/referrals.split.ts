import { sql, type RawBuilder } from 'kysely';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import { postTransaction, type AccountRef, type LockedAccount } from '../ledger/ledger.service.ts';
import { num, partBackUpTo, type Split } from '../ledger/money.ts';
import { takeBackShare, type TakeBack } from '../ledger/take-back.ts';
import {
  parseReferralMonths,
  parseReferralPercent,
  referralShareCents,
  withinReferralWindow,
} from './referral-rules.ts';

/**
 * The referrer's part of a referred creator's sale, paid from the platform's fee (never from
 * the creator's share). Called by the ledger's `chargeToCreator` (the one place a sale is
 * split), in the sale's own transaction: one more ledger transaction (`referral_share`) moves
 * the part from platform_fees to the referrer's creator_pending and holds it until the sale's
 * release date, so the usual release job makes it available with the creator's share.
 * A refund or chargeback of the sale takes it back proportionally (`referralReversal`).
 */

export const REFERRAL_SHARE_KIND = 'referral_share';

export interface ReferralTerms {
  referrerId: string;
  percent: number;
}

/**
 * The referral facts of a sale as columns of a SELECT (`ref_referrer`, `ref_since`, `ref_pct`,
 * `ref_months`), for `creator` (an SQL expression of the creator's id): the creator's referrer
 * (not a deleted account), when they were referred, and the programme's settings. A sale's
 * checks statement carries them; `referralTermsFrom` reads them.
 */
export function referralColumns(creator: RawBuilder<unknown>): RawBuilder<unknown> {
  const referral = (column: 'referrer_id' | 'created_at') => sql`(select r.${sql.ref(column)}
    from referrals r join users u on u.id = r.referrer_id
    where r.referred_id = ${creator} and u.deleted_at is null)`;
  return sql`${referral('referrer_id')} as ref_referrer,
    ${referral('created_at')} as ref_since,
    (select value from platform_settings where key = 'referralPercent') as ref_pct,
    (select value from platform_settings where key = 'referralMonths') as ref_months`;
}

/**
 * The terms of a sale made at `at` from `referralColumns`' values; null when the creator was
 * not referred, the rate is 0 or the window (months after the referred user's signup) has
 * passed.
 */
export function referralTermsFrom(row: Record<string, unknown>, at: Date): ReferralTerms | null {
  const referrerId = row.ref_referrer;
  if (typeof referrerId !== 'string' || row.ref_since === null || row.ref_since === undefined)
    return null;
  const percent = parseReferralPercent(row.ref_pct);
  if (percent <= 0) return null;
  const since = new Date(row.ref_since as string | Date);
  if (!withinReferralWindow(since, parseReferralMonths(row.ref_months), at)) return null;
  return { referrerId, percent };
}

/** One indexed lookup per sale (the `referralColumns` of `creatorId` on their own). */
export async function referralTermsFor(
  tx: DbHandle,
  creatorId: string,
  at: Date,
): Promise<ReferralTerms | null> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${referralColumns(sql`${creatorId}::uuid`)}`.execute(tx);
  return rows[0] ? referralTermsFrom(rows[0], at) : null;
}

/** The account the referrer's part lands in, to be locked with the sale's accounts. */
export const referrerPendingRef = (terms: ReferralTerms): AccountRef => ({
  kind: 'creator_pending',
  ownerId: terms.referrerId,
});

export interface PayReferrerInput {
  terms: ReferralTerms;
  creatorId: string;
  chargeTransactionId: string;
  split: Split;
  availableAt: Date;
  fees: LockedAccount;
  referrerPending: LockedAccount;
  locked: LockedAccount[];
}

/** Posts the referrer's part of one sale; returns the cents paid (0: nothing to pay). */
export async function payReferrer(tx: DbHandle, input: PayReferrerInput): Promise<number> {
  assertInTransaction(tx);
  const { terms, split } = input;
  const part = referralShareCents(split.grossCents, split.feeCents, terms.percent);
  if (part <= 0) return 0;
  const posted = await postTransaction(tx, {
    kind: REFERRAL_SHARE_KIND,
    entries: [
      { accountId: input.fees.id, amountCents: -part },
      { accountId: input.referrerPending.id, amountCents: part },
    ],
    // no payerId/creatorId keys: this is not a sale, statements and earnings must not count it
    metadata: {
      referrerId: terms.referrerId,
      referredId: input.creatorId,
      chargeTransactionId: input.chargeTransactionId,
      grossCents: split.grossCents,
      feeCents: split.feeCents,
      referralPercent: terms.percent,
      partCents: part,
      availableAt: input.availableAt.toISOString(),
    },
    idempotencyRef: `${REFERRAL_SHARE_KIND}:${input.chargeTransactionId}`,
    pendingRelease: {
      creatorId: terms.referrerId,
      amountCents: part,
      availableAt: input.availableAt,
    },
    locked: input.locked,
  });
  await tx
    .insertInto('referral_earnings')
    .values({
      charge_transaction_id: input.chargeTransactionId,
      share_transaction_id: posted.id,
      referrer_id: terms.referrerId,
      referred_id: input.creatorId,
      gross_cents: split.grossCents,
      amount_cents: part,
    })
    .execute();
  return part;
}

export interface ReferralReversal extends Omit<TakeBack, 'shrinkHold'> {
  referrerId: string;
  /** cents of the referrer's part taken back by this reversal (they return to platform_fees) */
  backCents: number;
  /** after the reversal is posted: shrink (or close) the referrer's hold, count it reversed */
  finish: (reversalId: string) => Promise<void>;
}

/**
 * The referrer's side of a refund or chargeback (called by `reverseCharge` with the charge row
 * locked). Proportional and cumulative like the fee: after reversing R of gross G the referrer
 * has given back floor(part × R / G) in total, so a full reversal takes back exactly the part.
 * Taken back like the creator's share (ledger/take-back.ts): from their hold, their available
 * balance, then as creator_owed debt (repaid first from later releases).
 * `takenFromAvailable`: what this same reversal already takes from the referrer's available
 * account in another role (a collaborator of the referred creator), so it is not counted twice.
 */
export async function referralReversal(
  tx: DbHandle,
  chargeId: string,
  reversedBefore: number,
  reversedAfter: number,
  grossCents: number,
  takenFromAvailable: (userId: string) => number,
): Promise<ReferralReversal | null> {
  assertInTransaction(tx);
  const earned = await tx
    .selectFrom('referral_earnings')
    .select(['share_transaction_id', 'referrer_id', 'amount_cents', 'reversed_cents'])
    .where('charge_transaction_id', '=', chargeId)
    .forUpdate()
    .executeTakeFirst();
  if (!earned || grossCents <= 0) return null;
  const part = num(earned.amount_cents);
  const back =
    partBackUpTo(part, reversedAfter, grossCents) - partBackUpTo(part, reversedBefore, grossCents);
  const referrerId = earned.referrer_id;
  if (back <= 0)
    return {
      referrerId,
      backCents: 0,
      fromPendingCents: 0,
      fromAvailableCents: 0,
      owedCents: 0,
      entries: [],
      finish: async () => {},
    };

  const { shrinkHold, ...taken } = await takeBackShare(tx, {
    creatorId: referrerId,
    holdTransactionId: earned.share_transaction_id,
    cents: back,
    takenFromAvailable: takenFromAvailable(referrerId),
  });
  return {
    referrerId,
    backCents: back,
    ...taken,
    finish: async (reversalId) => {
      await shrinkHold(reversalId);
      await tx
        .updateTable('referral_earnings')
        .set((eb) => ({ reversed_cents: eb('reversed_cents', '+', back) }))
        .where('charge_transaction_id', '=', chargeId)
        .execute();
    },
  };
}
