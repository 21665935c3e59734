import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { Charge } from '../ledger/charges.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';

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
  const hold = await tx
    .selectFrom('ledger_pending_releases')
    .select(['id', 'amount_cents'])
    .where('transaction_id', '=', charge.transactionId)
    .where('creator_id', '=', ownerId)
    .where('released_transaction_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
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
