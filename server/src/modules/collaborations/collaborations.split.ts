import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { Charge } from '../ledger/charges.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';
import { num, partBackUpTo } from '../ledger/money.ts';
import { takeBackShare, type TakeBack, lockOpenHold } from '../ledger/take-back.ts';

/**
 * The revenue split of a collaboration post. Called in the transaction of an unlock or a post
 * tip, right after the charge: when the post has an accepted collaboration, one more ledger
 * transaction (`collab_split`) moves the collaborator's part of the creator share from the
 * owner's creator_pending to the collaborator's, and the charge's hold is split the same way
 * (the owner's hold shrinks, the collaborator gets a hold with the same release date), so
 * pending still equals the unreleased holds and both shares are released by the usual job.
 *
 * Rounding (one rule): part = floor(share × splitPercent / 100); the remainder cent stays with
 * the post's owner. With splitPercent ≤ 90 the owner's hold never reaches zero.
 */

export const COLLAB_SPLIT_KIND = 'collab_split';

export function collaboratorPart(shareCents: number, splitPercent: number): number {
  return Math.floor((shareCents * splitPercent) / 100);
}

/**
 * Whether the post has an accepted collaboration of `owner` with a live collaborator (what
 * `splitWithCollaborator` looks for): a column of a sale's checks statement, so a sale of a
 * post without one skips that lookup. `post`, `owner`: SQL expressions of the ids.
 */
export function collaborationExists(post: RawBuilder<unknown>, owner: RawBuilder<unknown>) {
  return sql<boolean>`exists (select 1 from collaborations co
    join users cu on cu.id = co.collaborator_id
    where co.post_id = ${post} and co.owner_id = ${owner} and co.status = 'accepted'
      and cu.deleted_at is null)`;
}

export async function splitWithCollaborator(
  deps: Pick<AppContext, 'jobs'>,
  tx: DbHandle,
  postId: string,
  ownerId: string,
  charge: Charge,
) {
  assertInTransaction(tx);
  void deps;
  const collab = await tx
    .selectFrom('collaborations')
    .innerJoin('users', 'users.id', 'collaborations.collaborator_id')
    .select(['collaborations.id', 'collaborations.collaborator_id', 'collaborations.split_percent'])
    .where('collaborations.post_id', '=', postId)
    .where('collaborations.owner_id', '=', ownerId)
    .where('collaborations.status', '=', 'accepted')
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!collab) return null;
  const part = collaboratorPart(charge.split.shareCents, collab.split_percent);
  if (part <= 0) return null;
  const hold = await lockOpenHold(tx, charge.transactionId, ownerId);
  if (!hold || Number(hold.amount_cents) <= part) return null;
  const ownerPending = await accountId(tx, 'creator_pending', ownerId);
  const collabPending = await accountId(tx, 'creator_pending', collab.collaborator_id);
  const posted = await postTransaction(tx, {
    kind: COLLAB_SPLIT_KIND,
    entries: [
      { accountId: ownerPending, amountCents: -part },
      { accountId: collabPending, amountCents: part },
    ],
    metadata: {
      collaborationId: collab.id,
      postId,
      chargeTransactionId: charge.transactionId,
      splitPercent: collab.split_percent,
      shareCents: charge.split.shareCents,
      partCents: part,
      // statements read these: the owner "pays" the collaborator their part, fee-free
      payerId: ownerId,
      creatorId: collab.collaborator_id,
      grossCents: part,
      feeCents: 0,
      feePercent: 0,
      availableAt: charge.availableAt.toISOString(),
    },
    idempotencyRef: `${COLLAB_SPLIT_KIND}:${charge.transactionId}`,
  });
  await tx
    .updateTable('ledger_pending_releases')
    .set({ amount_cents: Number(hold.amount_cents) - part })
    .where('id', '=', hold.id)
    .execute();
  await tx
    .updateTable('collaborations')
    .set((eb) => ({ earned_cents: eb('earned_cents', '+', part) }))
    .where('id', '=', collab.id)
    .execute();
  await tx
    .insertInto('ledger_pending_releases')
    .values({
      transaction_id: posted.id,
      creator_id: collab.collaborator_id,
      amount_cents: part,
      available_at: charge.availableAt,
    })
    .execute();
  return { transactionId: posted.id, partCents: part };
}

export interface CollaboratorReversal extends Omit<TakeBack, 'shrinkHold'> {
  collaboratorId: string;
  splitTransactionId: string;
  partCents: number;
  /** after the reversal is posted: shrink (or close) the collaborator's hold, lower earned */
  finish: (reversalId: string) => Promise<void>;
}

/**
 * The collaborator's side of a refund or chargeback of a split charge (called by
 * `reverseCharge` with the charge row locked). Proportional and cumulative like the fee:
 * after reversing share S' of the charge's creator share S, the collaborator has given back
 * floor(part × S' / S) in total, so a full reversal takes back exactly `part` and partial ones
 * never more. Taken back like the creator's share (ledger/take-back.ts).
 * Returns null when the charge was not split.
 */
export async function collaboratorReversal(
  tx: DbHandle,
  chargeId: string,
  shareReversedBefore: number,
  shareReversedAfter: number,
  ownerId: string,
): Promise<CollaboratorReversal | null> {
  assertInTransaction(tx);
  const split = await tx
    .selectFrom('ledger_transactions')
    .select(['id', 'metadata'])
    .where('idempotency_ref', '=', `${COLLAB_SPLIT_KIND}:${chargeId}`)
    .where('kind', '=', COLLAB_SPLIT_KIND)
    .executeTakeFirst();
  if (!split) return null;
  const m = split.metadata;
  const share = num(m.shareCents);
  const part = num(m.partCents);
  const collaboratorId = String(m.creatorId ?? '');
  if (share <= 0 || part <= 0 || !collaboratorId) return null;
  const back =
    partBackUpTo(part, shareReversedAfter, share) - partBackUpTo(part, shareReversedBefore, share);

  // lock both creators' available accounts in id order (no deadlock between crossed reversals)
  const [ownerAvailable, available] = await Promise.all([
    accountId(tx, 'creator_available', ownerId),
    accountId(tx, 'creator_available', collaboratorId),
  ]);
  const balances = await tx
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_cents'])
    .where('id', 'in', [ownerAvailable, available])
    .orderBy('id')
    .forUpdate()
    .execute();
  const balance = num(balances.find((b) => b.id === available)?.balance_cents);

  const { shrinkHold, ...taken } = await takeBackShare(tx, {
    creatorId: collaboratorId,
    holdTransactionId: split.id,
    cents: back,
    available: { id: available, balanceCents: balance },
  });
  return {
    collaboratorId,
    splitTransactionId: split.id,
    partCents: back,
    ...taken,
    finish: async (reversalId) => {
      await shrinkHold(reversalId);
      if (back > 0 && typeof m.collaborationId === 'string')
        await tx
          .updateTable('collaborations')
          .set((eb) => ({
            earned_cents: sql<number>`greatest(${eb.ref('earned_cents')} - ${back}, 0)`,
          }))
          .where('id', '=', m.collaborationId)
          .execute();
    },
  };
}
