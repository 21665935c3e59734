import type { UnlockResponse } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { opaque } from '../../platform/db/array-parameter.ts';
import { writeBeforeCommit, type Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { newRowId } from '../../platform/ids.ts';
import { chargeBatch, type BatchCharge } from '../ledger/charge-batch.ts';
import { runIdempotent } from '../ledger/idempotency.ts';
import { referralTermsFrom } from '../referrals/referrals.split.ts';
import {
  batcherOf,
  type MoneyBatchWork,
  type MoneyRequest,
  type RequestOutcome,
} from './money-batcher.ts';
import {
  alreadyUnlocked,
  insertedPurchase,
  judgeUnlock,
  purchaseLinks,
  trackPurchase,
  unlockChecksOfBatch,
  unlockPost,
  unlockResponse,
} from './unlock.service.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log'>;

/** What an unlock of a batch buys: the post (the route's id). */
export interface UnlockInput {
  postId: string;
}

/**
 * Post unlocks in batches (money-batcher.ts): the checks of every unlock with its purchase row
 * in one statement, each judged by `judgeUnlock` as alone, every charge by `chargeBatch`, the
 * purchases' links to their charges in the ledger write. An unlock with a promo code never
 * comes here (its code is locked and redeemed); one of a referred creator's post or a post
 * with a collaboration runs alone. A purchase row of an unlock that does not go ahead in the
 * batch (refused for funds, or run alone) is deleted before commit, as its rollback would.
 */
function unlockBatchWork(deps: Deps): MoneyBatchWork<UnlockInput, UnlockResponse> {
  return {
    name: 'unlocks',
    alone: (r) =>
      runIdempotent(deps.db, r.payerId, r.key, r.fingerprint, async (tx) => ({
        status: 200,
        body: await unlockPost(deps, tx, r.payerId, r.input.postId),
      })),
    run: (tx, requests) => runUnlocks(deps, tx, requests),
  };
}

async function runUnlocks(
  deps: Deps,
  tx: Tx,
  requests: readonly MoneyRequest<UnlockInput>[],
): Promise<RequestOutcome<UnlockResponse>[]> {
  const now = new Date();
  const checks = await unlockChecksOfBatch(
    tx,
    requests.map((r) => ({ buyerId: r.payerId, postId: r.input.postId })),
  );
  const outcomes: Array<RequestOutcome<UnlockResponse> | undefined> = [];
  const going: Array<{
    i: number;
    post: { id: string; user_id: string };
    priceCents: number;
    purchase: { id: string; created_at: Date };
  }> = [];
  /** purchase rows inserted by the checks whose unlock does not go ahead here */
  const undone: string[] = [];
  for (const [i, r] of requests.entries()) {
    const c = checks[i]!;
    const purchase = insertedPurchase(c);
    try {
      const { post, priceCents } = judgeUnlock(r.payerId, c);
      if (!purchase) throw alreadyUnlocked();
      if (priceCents <= 0 || referralTermsFrom(c, now) !== null || c.has_collab) {
        outcomes[i] = { alone: true };
        undone.push(purchase.id);
      } else going.push({ i, post, priceCents, purchase });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[i] = { refused: error };
      if (purchase) undone.push(purchase.id);
    }
  }
  const charges: BatchCharge[] = going.map(({ i, post, priceCents, purchase }) => ({
    kind: 'unlock',
    payerId: requests[i]!.payerId,
    creatorId: post.user_id,
    grossCents: priceCents,
    details: { postId: post.id, purchaseId: purchase.id },
    idempotencyRef: `unlock:${purchase.id}`,
    transactionId: newRowId(),
  }));
  const made = await chargeBatch(deps, tx, charges, now, (ok) => {
    const links = charges.flatMap((c, k) =>
      ok[k] ? [{ purchaseId: going[k]!.purchase.id, transactionId: c.transactionId }] : [],
    );
    return links.length > 0 ? [purchaseLinks(links)] : [];
  });
  made.forEach((outcome, k) => {
    const { i, post, priceCents, purchase } = going[k]!;
    if ('refused' in outcome) {
      outcomes[i] = outcome;
      undone.push(purchase.id);
      return;
    }
    trackPurchase(tx, requests[i]!.payerId, post);
    const body = unlockResponse(
      post.id,
      priceCents,
      charges[k]!.transactionId,
      purchase.created_at,
    );
    outcomes[i] = { result: { status: 200, body } };
  });
  if (undone.length > 0)
    writeBeforeCommit(
      tx,
      () => sql`purchases_undone as (
        delete from content_purchases where id = any(${opaque(undone, 'uuid')})
      )`,
    );
  return outcomes.map((o) => o ?? { alone: true });
}

/** The process's unlock batcher for `deps.db`. */
export const unlockBatcher = (deps: Deps) =>
  batcherOf(deps.db, deps.log, () => unlockBatchWork(deps), 'unlocks');
