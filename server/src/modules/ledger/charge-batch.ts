import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type Tx } from '../../platform/db/database.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { jobsInsert } from '../../platform/jobs/queue.ts';
import type { AppError } from '../../platform/errors.ts';
import { chargeNoticeInput } from '../notifications/charge-notices.ts';
import { notifyAllWithin } from '../notifications/notify.ts';
import {
  chargeMetadata,
  RELEASE_JOB,
  releaseJobOptions,
  type Charge,
  type ChargeKind,
} from './charges.ts';
import {
  insufficientFunds,
  lockChargeAccounts,
  postTransactions,
  type BatchPostInput,
} from './ledger.service.ts';
import { addDays, HOLD_DAYS, splitFee } from './money.ts';

/**
 * `chargeToCreator` for a batch of charges in one transaction (payments/money-batcher.ts):
 * one statement locks every payer's wallet and creator's pending account, one statement writes
 * every transaction with its entries, held share, release job and the creator's notice, and the
 * fees move with the system accounts before commit – the same rows, checks and effects as the
 * charges made one by one, in 2 statements for the batch instead of 2 per charge.
 *
 * Charges are judged in order: one that would overdraw its payer's wallet is refused with the
 * usual 402 and moves nothing (`refused`), the others go on. Referred creators' charges do not
 * come here (their referrer's share costs statements of its own: the caller takes them alone).
 */
export interface BatchCharge {
  kind: ChargeKind;
  payerId: string;
  creatorId: string;
  grossCents: number;
  /** what was bought (shown in statements and the notice), as `ChargeInput.details` */
  details: Record<string, unknown>;
  idempotencyRef?: string;
  /** chosen by the caller, who keys other writes by it */
  transactionId: string;
}

export type ChargeOutcome = { charge: Charge } | { refused: AppError };

type Deps = Pick<AppContext, 'jobs'>;

export async function chargeBatch(
  deps: Deps,
  tx: Tx,
  charges: readonly BatchCharge[],
  now: Date,
  /** the caller's writes for the charges that went ahead (`made[i]`), riding in the write */
  also: (made: readonly boolean[]) => StatementTail[] = () => [],
): Promise<ChargeOutcome[]> {
  assertInTransaction(tx);
  if (charges.length === 0) return [];
  const accounts = await lockChargeAccounts(
    tx,
    charges.map((c) => c.payerId),
    charges.map((c) => c.creatorId),
  );
  const availableAt = addDays(now, HOLD_DAYS);
  // the wallets' balances as the batch spends them, in arrival order
  const left = new Map([...accounts.wallets].map(([payer, a]) => [payer, a.balance_cents]));
  const outcomes: ChargeOutcome[] = [];
  const posts: BatchPostInput[] = [];
  const made: boolean[] = [];
  for (const c of charges) {
    const split = splitFee(c.grossCents, accounts.feePercent);
    const wallet = accounts.wallets.get(c.payerId);
    const balance = left.get(c.payerId) ?? 0;
    if (!wallet || (balance < split.grossCents && !wallet.allow_negative)) {
      outcomes.push({ refused: insufficientFunds() });
      made.push(false);
      continue;
    }
    left.set(c.payerId, balance - split.grossCents);
    posts.push({
      id: c.transactionId,
      kind: c.kind,
      entries: [
        { accountId: wallet.id, amountCents: -split.grossCents },
        { accountId: accounts.fees.id, amountCents: split.feeCents },
        { accountId: accounts.pendings.get(c.creatorId)!.id, amountCents: split.shareCents },
      ],
      metadata: chargeMetadata(c, split, availableAt),
      ...(c.idempotencyRef ? { idempotencyRef: c.idempotencyRef } : {}),
      ...(split.shareCents > 0
        ? { pendingRelease: { creatorId: c.creatorId, amountCents: split.shareCents, availableAt } }
        : {}),
    });
    outcomes.push({
      charge: {
        transactionId: c.transactionId,
        createdAt: now,
        split,
        availableAt,
        referralCents: 0,
      },
    });
    made.push(true);
  }
  if (posts.length === 0) return outcomes;

  const sold = charges.filter((_, i) => made[i]);
  const holds = posts.some((p) => p.pendingRelease);
  const release = releaseJobOptions(availableAt);
  const notices = notifyAllWithin(
    sold.flatMap((c, i) => {
      const notice = chargeNoticeInput(c, posts[i]!.entries[0]!.amountCents * -1);
      return notice ? [notice] : [];
    }),
    'sale_',
  );
  const posted = await postTransactions(tx, {
    transactions: posts,
    locked: accounts.locked,
    also: [
      ...(holds
        ? [jobsInsert('release_job', [{ type: RELEASE_JOB, payload: {}, options: release }])]
        : []),
      notices.tail,
      ...also(made),
    ],
  });
  if (holds) deps.jobs.enqueued(tx, RELEASE_JOB, release);
  await notices.deliver(tx, posted.also);
  for (const o of outcomes) if ('charge' in o) o.charge.createdAt = posted.createdAt;
  return outcomes;
}
