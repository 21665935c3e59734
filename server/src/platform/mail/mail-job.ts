import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppContext } from '../context.ts';
import type { Db, DbHandle } from '../db/database.ts';
import type { JobQueue } from '../jobs/types.ts';
import { createMailer, type MailMessage, type Mailer } from './mailer.ts';

export const MAIL_JOB = 'mail.send';

const MailPayload = Type.Object({
  to: Type.String({ minLength: 3 }),
  subject: Type.String(),
  text: Type.String(),
  html: Type.Optional(Type.String()),
});

/**
 * Mail is a side effect, so it goes through the outbox: enqueue inside the transaction that
 * needs it and it is sent exactly when that transaction commits.
 */
export function queueMail(jobs: JobQueue, db: DbHandle, message: MailMessage) {
  return jobs.enqueue(db, MAIL_JOB, { ...message }, { maxAttempts: 8 });
}

/**
 * Payloads of mail and SMS jobs carry one-time codes and links. Once delivered they are
 * replaced by a summary, so the jobs table does not keep live secrets around.
 */
export async function redactJobPayload(db: Db, jobId: number, summary: Record<string, unknown>) {
  await db
    .updateTable('jobs')
    .set({ payload: JSON.stringify({ ...summary, redacted: true }) })
    .where('id', '=', jobId)
    .execute();
}

export function registerMailJob(
  ctx: AppContext,
  mailer: Mailer = createMailer(ctx.config, ctx.log),
) {
  ctx.jobs.register(MAIL_JOB, async (payload, job) => {
    // redacted after sending: a run cut short (crash) before the job was marked done
    if (payload.redacted === true) return;
    if (!Value.Check(MailPayload, payload)) throw new Error('mail.send: invalid payload');
    await mailer.send(payload, { key: `mail-job-${job.id}` });
    try {
      await redactJobPayload(ctx.db, job.id, { to: payload.to, subject: payload.subject });
    } catch (err) {
      // the mail went out; failing the job now would send it twice
      ctx.log.warn({ err, jobId: job.id }, 'could not redact a sent mail job');
    }
  });
}
