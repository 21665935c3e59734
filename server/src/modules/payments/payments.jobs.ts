import type { AppContext } from '../../platform/context.ts';
import { releaseDuePending, RELEASE_JOB } from '../ledger/charges.ts';
import { runScheduledPayouts, SCHEDULED_PAYOUTS_JOB } from './payouts.service.ts';
import { renewDueSubscriptions } from './renewals.service.ts';
import { RENEW_JOB } from './subscriptions.service.ts';

/**
 * Money jobs. Both are enqueued by the charges that create the work (one job per hour of due
 * dates, dedupe key), and both are safe to run twice: releases claim rows with SKIP LOCKED,
 * renewals re-check each locked row and carry a unique ledger ref per period.
 */
export function registerPaymentJobs(ctx: Pick<AppContext, 'db' | 'jobs'>) {
  ctx.jobs.register(RELEASE_JOB, async () => {
    await releaseDuePending(ctx.db);
  });
  ctx.jobs.register(RENEW_JOB, async () => {
    await renewDueSubscriptions(ctx);
  });
  ctx.jobs.register(SCHEDULED_PAYOUTS_JOB, async () => {
    await runScheduledPayouts(ctx);
  });
}
