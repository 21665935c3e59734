import type { AppContext } from '../platform/context.ts';
import { registerMailJob } from '../platform/mail/mail-job.ts';
import { registerSmsJob } from '../platform/sms/sms-job.ts';
import { registerPostJobs } from './posts/engagement.service.ts';
import { registerMediaJobs } from './media/media.jobs.ts';
import { registerPaymentJobs } from './payments/payments.jobs.ts';
import { registerProPackJobs } from './payments/pro-pack.jobs.ts';
import { registerMaintenanceJobs } from './maintenance/cleanup.jobs.ts';
import { registerPushJobs } from './push/push.jobs.ts';
import { registerChatJobs } from './chats/chats.jobs.ts';
import { registerStoryJobs } from './stories/stories.service.ts';
import { registerSchedulerJobs } from './scheduler/scheduler.publish.ts';
import { registerDataToolsJobs } from './data-tools/data-tools.jobs.ts';
import { registerAutomationJobs } from './automation/automation.runner.ts';
import { registerDmcaJobs } from './dmca/dmca.restore.ts';

/** Every module's background job handlers, registered on the queue at start. */
export function registerJobHandlers(ctx: AppContext) {
  registerMailJob(ctx);
  registerSmsJob(ctx);
  registerPostJobs(ctx);
  registerMediaJobs(ctx);
  registerPaymentJobs(ctx);
  registerProPackJobs(ctx);
  registerMaintenanceJobs(ctx);
  registerPushJobs(ctx);
  registerChatJobs(ctx);
  registerStoryJobs(ctx);
  registerSchedulerJobs(ctx);
  registerDataToolsJobs(ctx);
  registerAutomationJobs(ctx);
  registerDmcaJobs(ctx);
  void ctx;
}
