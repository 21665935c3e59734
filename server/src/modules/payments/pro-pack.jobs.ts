import type { AppContext } from '../../platform/context.ts';
import { PRO_PACK_RENEW_JOB, renewDueProPacks } from './pro-pack.service.ts';

/** The pro pack renewal job: enqueued per hour of period ends; safe to run twice. */
export function registerProPackJobs(ctx: Pick<AppContext, 'db' | 'jobs' | 'config'>) {
  ctx.jobs.register(PRO_PACK_RENEW_JOB, async () => {
    await renewDueProPacks(ctx);
  });
}
