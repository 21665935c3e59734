import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppContext } from '../context.ts';
import type { DbHandle } from '../db/database.ts';
import type { JobQueue } from '../jobs/types.ts';
import { redactJobPayload } from '../mail/mail-job.ts';
import { createSmsProvider, type SmsMessage, type SmsProvider } from './sms-provider.ts';

export const SMS_JOB = 'sms.send';

const SmsPayload = Type.Object({ to: Type.String({ minLength: 3 }), text: Type.String() });

/** Enqueue inside the transaction that needs the message (transactional outbox). */
export function queueSms(jobs: JobQueue, db: DbHandle, message: SmsMessage) {
  return jobs.enqueue(db, SMS_JOB, { ...message }, { maxAttempts: 8 });
}

export function registerSmsJob(
  ctx: AppContext,
  provider: SmsProvider = createSmsProvider(ctx.config, ctx.log),
) {
  ctx.jobs.register(SMS_JOB, async (payload, job) => {
    // redacted after sending: a run cut short (crash) before the job was marked done
    if (payload.redacted === true) return;
    if (!Value.Check(SmsPayload, payload)) throw new Error('sms.send: invalid payload');
    await provider.send(payload);
    try {
      await redactJobPayload(ctx.db, job.id, { to: payload.to });
    } catch (err) {
      ctx.log.warn({ err, jobId: job.id }, 'could not redact a sent sms job');
    }
  });
}
