import type { AppContext } from '../../platform/context.ts';
import {
  assertInTransaction,
  withTransaction,
  type Db,
  type DbHandle,
} from '../../platform/db/database.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { jobInsert } from '../../platform/jobs/queue.ts';
import { chargeNotification } from '../notifications/charge-notices.ts';
import { accountId, lockAccountsWithFee, postTransaction } from './ledger.service.ts';
import { addDays, HOLD_DAYS, splitFee, type Split } from './money.ts';
import {
  payReferrer,
  referralTermsFor,
  referrerPendingRef,
  type ReferralTerms,
} from '../referrals/referrals.split.ts';
import { referralShareCents } from '../referrals/referral-rules.ts';

/**
 * Fan → creator charges (unlock, tip, subscription, renewal) and the release of held shares.
 * A charge debits the fan's wallet by the gross, credits the platform fee and holds the
 * creator's share in creator_pending until `available_at`; the release job then moves it to
 * creator_available.
 */

export const RELEASE_JOB = 'ledger.release-pending';
export type ChargeKind = 'unlock' | 'tip' | 'subscription' | 'renewal';
export const CHARGE_KINDS: ChargeKind[] = ['unlock', 'tip', 'subscription', 'renewal'];

export interface ChargeInput {
  kind: ChargeKind;
  payerId: string;
  creatorId: string;
  grossCents: number;
  /** what was bought: postId, tipType, subscriptionId… (shown in statements) */
  details?: Record<string, unknown>;
  idempotencyRef?: string;
  now?: Date;
  /** the creator's referral terms when the caller already read them (its checks statement) */
  referral?: ReferralTerms | null;
  /** the ledger transaction's id, when the caller keys other writes by it */
  transactionId?: string;
  /** more writes of the request that ride in the charge's ledger statement */
  also?: StatementTail[];
}

export interface Charge {
  transactionId: string;
  createdAt: Date;
  split: Split;
  availableAt: Date;
  /** the referrer's part of this sale, paid from the fee (0: the creator was not referred) */
  referralCents: number;
}

type Deps = Pick<AppContext, 'jobs'>;

export async function chargeToCreator(
  deps: Deps,
  tx: DbHandle,
  input: ChargeInput,
): Promise<Charge> {
  assertInTransaction(tx);
  const now = input.now ?? new Date();
  const availableAt = addDays(now, HOLD_DAYS);
  // a referred creator's sale also pays their referrer out of the fee: the referrer's account
  // is locked with the others (one statement, id order), so no lock is taken later
  const referral =
    input.referral !== undefined
      ? input.referral
      : await referralTermsFor(tx, input.creatorId, now);
  // one round trip: the accounts, locked in id order, and the fee setting
  const {
    accounts: [wallet, fees, pending, referrerPending],
    feePercent,
  } = await lockAccountsWithFee(tx, [
    { kind: 'user_wallet', ownerId: input.payerId },
    { kind: 'platform_fees', ownerId: null },
    { kind: 'creator_pending', ownerId: input.creatorId },
    ...(referral ? [referrerPendingRef(referral)] : []),
  ]);
  const split = splitFee(input.grossCents, feePercent);
  const locked = [wallet!, fees!, pending!, ...(referrerPending ? [referrerPending] : [])];
  // the release job and the creator's notice of the sale ride in the charge's own statement
  const holds =
    split.shareCents > 0 ||
    (referral !== null &&
      referralShareCents(split.grossCents, split.feeCents, referral.percent) > 0);
  const release = holds ? releaseJob(availableAt) : null;
  const notice = chargeNotification(input, split.grossCents);
  const posted = await postTransaction(tx, {
    kind: input.kind,
    entries: [
      { accountId: wallet!.id, amountCents: -split.grossCents },
      { accountId: fees!.id, amountCents: split.feeCents },
      { accountId: pending!.id, amountCents: split.shareCents },
    ],
    metadata: chargeMetadata(input, split, availableAt),
    ...(input.idempotencyRef ? { idempotencyRef: input.idempotencyRef } : {}),
    ...(input.transactionId ? { id: input.transactionId } : {}),
    // the creator's share is held in the same statement as the transaction
    ...(split.shareCents > 0
      ? {
          pendingRelease: {
            creatorId: input.creatorId,
            amountCents: split.shareCents,
            availableAt,
          },
        }
      : {}),
    locked,
    also: [
      ...(release ? [release.tail] : []),
      ...(notice ? [notice.tail] : []),
      ...(input.also ?? []),
    ],
  });
  if (release) deps.jobs.enqueued(tx, RELEASE_JOB, release.options);
  // the creator hears of every new sale (tip, purchase, subscription): realtime, push
  if (notice) await notice.deliver(tx, posted.also);
  const referralCents =
    referral && referrerPending
      ? await payReferrer(tx, {
          terms: referral,
          creatorId: input.creatorId,
          chargeTransactionId: posted.id,
          split,
          availableAt,
          fees: fees!,
          referrerPending,
          locked,
        })
      : 0;
  return {
    transactionId: posted.id,
    createdAt: posted.createdAt,
    split,
    availableAt,
    referralCents,
  };
}

/** What a charge's ledger transaction records of it (statements and earnings read it). */
export function chargeMetadata(
  input: Pick<ChargeInput, 'details' | 'payerId' | 'creatorId'>,
  split: Split,
  availableAt: Date,
) {
  return {
    ...input.details,
    payerId: input.payerId,
    creatorId: input.creatorId,
    grossCents: split.grossCents,
    feeCents: split.feeCents,
    shareCents: split.shareCents,
    feePercent: split.feePercent,
    availableAt: availableAt.toISOString(),
  };
}

/**
 * One release job per hour of due dates: many charges share a job (dedupe key). As a CTE of
 * the charge's ledger statement.
 */
export function releaseJob(availableAt: Date) {
  const options = releaseJobOptions(availableAt);
  return { tail: jobInsert('release_job', RELEASE_JOB, {}, options), options };
}

/** The release job's run time and dedupe key for shares due at `availableAt`: its hour. */
export function releaseJobOptions(availableAt: Date) {
  const hour = new Date(Math.ceil(availableAt.getTime() / 3_600_000) * 3_600_000);
  return { runAt: hour, dedupeKey: `${RELEASE_JOB}:${hour.toISOString()}` };
}

/**
 * Moves every share due at `now` from pending to available: one ledger transaction per
 * creator and batch. Rows are claimed with SKIP LOCKED, so concurrent runs never release a
 * share twice; the `released_transaction_id` mark is written in the same transaction.
 */
export async function releaseDuePending(db: Db, now = new Date(), batch = 500): Promise<number> {
  let released = 0;
  for (;;) {
    const count = await withTransaction(db, async (tx) => {
      const due = await tx
        .selectFrom('ledger_pending_releases')
        .select(['id', 'creator_id', 'amount_cents'])
        .where('released_transaction_id', 'is', null)
        .where('amount_cents', '>', 0)
        .where('available_at', '<=', now)
        .orderBy('available_at')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      const byCreator = new Map<string, typeof due>();
      for (const row of due)
        byCreator.set(row.creator_id, [...(byCreator.get(row.creator_id) ?? []), row]);
      for (const [creatorId, rows] of [...byCreator].sort(([a], [b]) => a.localeCompare(b))) {
        const total = rows.reduce((sum, r) => sum + r.amount_cents, 0);
        const [pending, available] = await Promise.all([
          accountId(tx, 'creator_pending', creatorId),
          accountId(tx, 'creator_available', creatorId),
        ]);
        // a debt from a reversal (creator_owed < 0) is repaid first from released earnings;
        // available then owed are locked in the same order as reverseCharge locks them
        await tx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('id', '=', available)
          .forUpdate()
          .execute();
        const owed = await tx
          .selectFrom('ledger_accounts')
          .select(['id', 'balance_cents'])
          .where('kind', '=', 'creator_owed')
          .where('owner_id', '=', creatorId)
          .forUpdate()
          .executeTakeFirst();
        const repay = owed ? Math.min(total, Math.max(-Number(owed.balance_cents), 0)) : 0;
        const posted = await postTransaction(tx, {
          kind: 'release',
          entries: [
            { accountId: pending, amountCents: -total },
            { accountId: available, amountCents: total - repay },
            ...(owed && repay > 0 ? [{ accountId: owed.id, amountCents: repay }] : []),
          ],
          metadata: {
            creatorId,
            releaseCount: rows.length,
            amountCents: total,
            ...(repay > 0 ? { repaidOwedCents: repay } : {}),
          },
        });
        await tx
          .updateTable('ledger_pending_releases')
          .set({ released_transaction_id: posted.id })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return due.length;
    });
    released += count;
    if (count < batch) return released;
  }
}
