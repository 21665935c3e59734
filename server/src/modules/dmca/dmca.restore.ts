import { DMCA_MESSAGES, DmcaLimits, ErrorCodes } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { DmcaNoticeRow } from '../../platform/db/schema.ts';
import { ConflictError } from '../../platform/errors.ts';
import { audit } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import { restoreSoftDeletedPost } from '../posts/posts.service.ts';
import * as q from './dmca.queries.ts';

/**
 * The end of the DMCA flow (notice → takedown → counter-notice → decision). After a
 * counter-notice the claimant has `restoreAfterDays` to tell us they went to court: an admin
 * then upholds the notice (posts stay down). Otherwise an admin restores the posts, or the
 * `dmca.restore` job does it when the period ends. A restore brings back exactly the posts
 * this notice's takedown removed, tells their creators and is written to the audit log (with
 * no admin when the job did it).
 */
export const DMCA_RESTORE_JOB = 'dmca.restore';
const DAY_MS = 24 * 60 * 60_000;

export const restoreDate = (from: Date) =>
  new Date(from.getTime() + DmcaLimits.restoreAfterDays * DAY_MS);

/** Where both sides follow a notice (the web's Settings → Account standing). */
export const DMCA_SETTINGS_URL = '/settings/standing';

const restoredMessage =
  'Your post is back online: the copyright (DMCA) notice against it was resolved in your favour.';
const upheldMessage =
  'Your post stays removed: the claimant told us they started a court action over it.';

/** Counter-notice received: schedule the automatic restore (inside the caller's transaction). */
export async function scheduleRestore(ctx: Pick<AppContext, 'jobs'>, tx: DbHandle, id: string) {
  const restoreAfter = restoreDate(new Date());
  await ctx.jobs.enqueue(
    tx,
    DMCA_RESTORE_JOB,
    { noticeId: id },
    { runAt: restoreAfter, dedupeKey: `${DMCA_RESTORE_JOB}:${id}` },
  );
  return restoreAfter;
}

/** Brings the notice's taken-down posts back and marks it restored. */
export async function restoreNotice(
  tx: DbHandle,
  notice: DmcaNoticeRow,
  adminId: string | null,
  notes: string | null,
) {
  if (!notice.content_removed || (notice.status !== 'actioned' && notice.status !== 'countered'))
    throw new ConflictError(ErrorCodes.INVALID_TRANSITION, DMCA_MESSAGES.restoreNotAllowed);
  const restored: string[] = [];
  for (const row of await q.removedPosts(tx, notice.id)) {
    const post = await restoreSoftDeletedPost(tx, row.post_id, row.removed_at);
    if (!post) continue;
    restored.push(post.id);
    await notify(tx, {
      userId: post.userId,
      type: 'admin',
      relatedId: notice.id,
      relatedType: 'dmca',
      data: { message: restoredMessage, postId: post.id, noticeId: notice.id },
    });
  }
  await tx
    .updateTable('dmca_notice_posts')
    .set({ removed_at: null })
    .where('notice_id', '=', notice.id)
    .execute();
  await tx
    .updateTable('dmca_notices')
    .set({
      status: 'restored',
      content_removed: false,
      restore_after: null,
      ...(notes !== null ? { notes } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', notice.id)
    .execute();
  await audit(tx, {
    adminId,
    action: 'dmca.restored',
    targetType: 'dmca_notice',
    targetId: notice.id,
    reason: notes,
    details: { from: notice.status, restoredPosts: restored, automatic: adminId === null },
  });
}

/** Keeps a countered notice in force: no automatic restore, creators told why. */
export async function upholdNotice(
  tx: DbHandle,
  notice: DmcaNoticeRow,
  adminId: string,
  notes: string | null,
) {
  if (notice.status !== 'countered')
    throw new ConflictError(ErrorCodes.INVALID_TRANSITION, DMCA_MESSAGES.upholdNotAllowed);
  await tx
    .updateTable('dmca_notices')
    .set({
      status: 'upheld',
      restore_after: null,
      ...(notes !== null ? { notes } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', notice.id)
    .execute();
  for (const row of await q.removedPosts(tx, notice.id))
    await notify(tx, {
      userId: row.creator_id,
      type: 'admin',
      relatedId: notice.id,
      relatedType: 'dmca',
      data: {
        message: upheldMessage,
        postId: row.post_id,
        noticeId: notice.id,
        url: DMCA_SETTINGS_URL,
      },
    });
  await audit(tx, {
    adminId,
    action: 'dmca.upheld',
    targetType: 'dmca_notice',
    targetId: notice.id,
    reason: notes,
    details: { from: notice.status },
  });
}

/** The job: restores a notice still countered once its period is over; anything else is a no-op. */
export async function runDueRestore(
  ctx: Pick<AppContext, 'db'>,
  noticeId: string,
  now = new Date(),
) {
  return withTransaction(ctx.db, async (tx) => {
    const notice = await q.lockNotice(tx, noticeId);
    if (!notice || notice.status !== 'countered' || !notice.restore_after) return false;
    if (notice.restore_after.getTime() > now.getTime()) return false;
    await restoreNotice(tx, notice, null, null);
    return true;
  });
}

export function registerDmcaJobs(ctx: AppContext) {
  ctx.jobs.register(DMCA_RESTORE_JOB, async (payload) => {
    if (typeof payload.noticeId !== 'string') throw new Error('dmca.restore: invalid payload');
    await runDueRestore(ctx, payload.noticeId);
  });
}
