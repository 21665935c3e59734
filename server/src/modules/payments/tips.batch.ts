import type { TipBody, TipResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { newRowId } from '../../platform/ids.ts';
import { jobsInsert } from '../../platform/jobs/queue.ts';
import { AUTOMATION_JOB, automationJobRow } from '../automation/automation.runner.ts';
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
  judgeTip,
  sendTip,
  tipAutomationEvent,
  tipChecksOfBatch,
  tipResponse,
  trackTip,
} from './tips.service.ts';

type Deps = Pick<AppContext, 'db' | 'jobs' | 'log'>;

/**
 * Tips in batches (money-batcher.ts): the checks of every tip in one statement, each judged by
 * `judgeTip` as alone, every charge by `chargeBatch`, the automation jobs in the ledger write.
 * A wishlist tip (its item is locked and funded) never comes here; a tip to a referred creator
 * or of a post with a collaboration runs alone.
 */
function tipBatchWork(deps: Deps): MoneyBatchWork<TipBody, TipResponse> {
  return {
    name: 'tips',
    alone: (r) =>
      runIdempotent(deps.db, r.payerId, r.key, r.fingerprint, async (tx) => ({
        status: 201,
        body: await sendTip(deps, tx, r.payerId, r.input),
      })),
    run: (tx, requests) => runTips(deps, tx, requests),
  };
}

async function runTips(
  deps: Deps,
  tx: Tx,
  requests: readonly MoneyRequest<TipBody>[],
): Promise<RequestOutcome<TipResponse>[]> {
  const now = new Date();
  const checks = await tipChecksOfBatch(
    tx,
    requests.map((r) => ({ payerId: r.payerId, body: r.input })),
  );
  const outcomes: Array<RequestOutcome<TipResponse> | undefined> = [];
  const going: Array<{ i: number; cents: number; contentId: string | null }> = [];
  for (const [i, r] of requests.entries()) {
    const c = checks[i]!;
    try {
      const judged = await judgeTip(tx, r.payerId, r.input, c);
      if (referralTermsFrom(c, now) !== null || c.has_collab) outcomes[i] = { alone: true };
      else going.push({ i, ...judged });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes[i] = { refused: error };
    }
  }
  const charges: BatchCharge[] = going.map(({ i, cents, contentId }) => ({
    kind: 'tip',
    payerId: requests[i]!.payerId,
    creatorId: requests[i]!.input.recipientUserId,
    grossCents: cents,
    details: { tipType: requests[i]!.input.tipType, contentId },
    transactionId: newRowId(),
  }));
  const automated = (k: number) => checks[going[k]!.i]!.has_automation;
  const automation = (k: number) =>
    automationJobRow(
      tipAutomationEvent(
        charges[k]!.payerId,
        requests[going[k]!.i]!.input,
        charges[k]!.transactionId,
      ),
    );
  const made = await chargeBatch(deps, tx, charges, now, (ok) => {
    const jobs = charges.flatMap((_, k) => (ok[k] && automated(k) ? [automation(k)] : []));
    return jobs.length > 0 ? [jobsInsert('automation_jobs', jobs)] : [];
  });
  made.forEach((outcome, k) => {
    const { i, cents, contentId } = going[k]!;
    const r = requests[i]!;
    if ('refused' in outcome) {
      outcomes[i] = outcome;
      return;
    }
    if (automated(k)) deps.jobs.enqueued(tx, AUTOMATION_JOB, automation(k).options);
    trackTip(tx, r.payerId, r.input);
    outcomes[i] = {
      result: { status: 201, body: tipResponse(r.input, cents, contentId, outcome.charge) },
    };
  });
  return outcomes.map((o) => o ?? { alone: true });
}

/** The process's tip batcher for `deps.db`. */
export const tipBatcher = (deps: Deps) =>
  batcherOf(deps.db, deps.log, () => tipBatchWork(deps), 'tips');

/** Tips the batch makes: every kind but a wishlist tip (its item is locked on its own). */
export const batchableTip = (body: TipBody) => body.tipType !== 'wishlist';
