import type { AppContext } from '../../platform/context.ts';
import { deliverNotificationPush, PUSH_JOB } from './push.service.ts';

/** The push of one notification; enqueued by notify() in the notification's transaction. */
export function registerPushJobs(ctx: Pick<AppContext, 'db' | 'config' | 'log' | 'jobs'>) {
  ctx.jobs.register(PUSH_JOB, async (payload) => {
    if (typeof payload.notificationId !== 'string') return;
    await deliverNotificationPush(ctx, payload.notificationId);
  });
}
