import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import { accountId, type EntryInput } from './ledger.service.ts';
import { num } from './money.ts';

/**
 * Taking back part of a share on a refund or chargeback (reversals.ts): the sale's creator, a
 * collaborator (collaborations.split.ts) and a referrer (referrals.split.ts) give back the same
 * way. From the share's hold while it is held, else from the person's creator_available
 * balance, and what that cannot cover becomes their creator_owed debt (≤ 0; the release job
 * repays it first from later earnings), so nothing non-negative goes negative.
 */

export interface TakeBackInput {
  /** whose share it is */
  creatorId: string;
  /** the ledger transaction whose hold (ledger_pending_releases) carries the share */
  holdTransactionId: string;
  /** cents to take back (≥ 0) */
  cents: number;
  /**
   * the creator's available account when the caller already locked it, with its balance;
   * otherwise it is locked here, only when the hold does not cover `cents`
   */
  available?: { id: string; balanceCents: number };
  /** cents this same reversal already takes from that available account in another role */
  takenFromAvailable?: number;
}

export interface TakeBack {
  fromPendingCents: number;
  fromAvailableCents: number;
  owedCents: number;
  /** the creator's side of the reversal's entries (zero parts left out) */
  entries: EntryInput[];
  /** after the reversal is posted: shrink the hold, or close it when nothing is left */
  shrinkHold: (reversalId: string) => Promise<void>;
}

/** Locks one ledger account row and returns its balance. */
export async function lockedBalance(tx: DbHandle, id: string): Promise<number> {
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return num(row.balance_cents);
}

/** Locks the creator's still-unreleased hold of a charge (its pending release), if any. */
export function lockOpenHold(tx: DbHandle, transactionId: string, creatorId: string) {
  return tx
    .selectFrom('ledger_pending_releases')
    .select(['id', 'amount_cents'])
    .where('transaction_id', '=', transactionId)
    .where('creator_id', '=', creatorId)
    .where('released_transaction_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Works out (and locks) where `cents` of a share come back from; posts nothing. */
export async function takeBackShare(tx: DbHandle, input: TakeBackInput): Promise<TakeBack> {
  assertInTransaction(tx);
  const { creatorId, cents } = input;
  const hold = await lockOpenHold(tx, input.holdTransactionId, creatorId);
  const fromPending = hold ? Math.min(cents, num(hold.amount_cents)) : 0;
  const entries: EntryInput[] = [];
  if (fromPending > 0)
    entries.push({
      accountId: await accountId(tx, 'creator_pending', creatorId),
      amountCents: -fromPending,
    });
  let fromAvailable = 0;
  let owed = 0;
  const rest = cents - fromPending;
  if (rest > 0) {
    let available = input.available;
    if (!available) {
      const id = await accountId(tx, 'creator_available', creatorId);
      available = { id, balanceCents: await lockedBalance(tx, id) };
    }
    const balance = available.balanceCents - (input.takenFromAvailable ?? 0);
    fromAvailable = Math.min(rest, Math.max(balance, 0));
    owed = rest - fromAvailable;
    if (fromAvailable > 0) entries.push({ accountId: available.id, amountCents: -fromAvailable });
    if (owed > 0)
      entries.push({
        accountId: await accountId(tx, 'creator_owed', creatorId),
        amountCents: -owed,
      });
  }
  return {
    fromPendingCents: fromPending,
    fromAvailableCents: fromAvailable,
    owedCents: owed,
    entries,
    shrinkHold: async (reversalId) => {
      if (!hold || fromPending <= 0) return;
      const left = num(hold.amount_cents) - fromPending;
      await tx
        .updateTable('ledger_pending_releases')
        .set({
          amount_cents: left,
          // nothing left to release: the reversal closes the hold
          ...(left === 0 ? { released_transaction_id: reversalId } : {}),
        })
        .where('id', '=', hold.id)
        .execute();
    },
  };
}
