import type { AppContext } from '../../platform/context.ts';
import { MASS_MESSAGE_JOB, runMassMessage } from './mass-messages.service.ts';

/** Chat jobs: creator mass messages (mass-messages.service). */
export function registerChatJobs(ctx: AppContext) {
  ctx.jobs.register(MASS_MESSAGE_JOB, async (payload, job) => {
    if (typeof payload.massMessageId !== 'string') return;
    await runMassMessage(ctx, payload.massMessageId, job.attempt);
  });
}
