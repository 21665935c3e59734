import {
  ACCOUNT_DELETE_CONFIRMATION,
  DATA_TOOLS_MESSAGES,
  DataToolsLimits,
  ErrorCodes,
  type DeletionRequest,
  type DeletionRequestResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { AccountDeletionRequestRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { deleteAccount } from '../users/account-deletion.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { iso } from './sections.ts';

/**
 * Deletion requests (SPEC §7 POST /data/deletion-request {reason}): the account stays usable
 * for a 30-day grace period in which the request can be cancelled; then a job anonymises it
 * with the users module's account deletion (the same as DELETE /users/me) and removes the
 * account's exports and imports.
 */
type DeletionCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'bus' | 'log'>;

export const DATA_DELETION_JOB = 'data.account-deletion';
const DAY_MS = 24 * 60 * 60_000;

export function presentDeletion(row: AccountDeletionRequestRow): DeletionRequest {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    requestedAt: iso(row.requested_at)!,
    scheduledFor: iso(row.scheduled_for)!,
    cancelledAt: iso(row.cancelled_at),
    completedAt: iso(row.completed_at),
  };
}

function pendingOf(ctx: Pick<AppContext, 'db'>, userId: string) {
  return ctx.db
    .selectFrom('account_deletion_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** GET /data/deletion-request: the pending request, else null. */
export async function currentDeletion(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<DeletionRequestResponse> {
  const row = await pendingOf(ctx, userId);
  return { request: row ? presentDeletion(row) : null };
}

/**
 * POST /data/deletion-request: records the request and queues the anonymising job at the end
 * of the grace period. Asking again while one is pending answers that one (same date).
 */
export async function requestDeletion(
  ctx: DeletionCtx,
  userId: string,
  rawReason: string | undefined,
  now = new Date(),
): Promise<{ created: boolean; response: DeletionRequestResponse }> {
  const reason = rawReason ? cleanText(rawReason) || null : null;
  const existing = await pendingOf(ctx, userId);
  if (existing)
    return {
      created: false,
      response: {
        request: presentDeletion(existing),
        message: DATA_TOOLS_MESSAGES.deletionRequested,
      },
    };
  try {
    const row = await withTransaction(ctx.db, async (tx) => {
      const scheduledFor = new Date(now.getTime() + DataToolsLimits.deletionGraceDays * DAY_MS);
      const inserted = await tx
        .insertInto('account_deletion_requests')
        .values({ user_id: userId, reason, scheduled_for: scheduledFor, requested_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.jobs.enqueue(
        tx,
        DATA_DELETION_JOB,
        { requestId: inserted.id },
        { runAt: scheduledFor, dedupeKey: `${DATA_DELETION_JOB}:${inserted.id}` },
      );
      return inserted;
    });
    return {
      created: true,
      response: { request: presentDeletion(row), message: DATA_TOOLS_MESSAGES.deletionRequested },
    };
  } catch (error) {
    // a concurrent request won the unique index: answer with that one
    if (!isUniqueViolation(error, 'account_deletion_requests_pending_idx')) throw error;
    const winner = await pendingOf(ctx, userId);
    return {
      created: false,
      response: {
        request: winner ? presentDeletion(winner) : null,
        message: DATA_TOOLS_MESSAGES.deletionRequested,
      },
    };
  }
}

/** DELETE /data/deletion-request: cancels during the grace period. */
export async function cancelDeletion(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<DeletionRequestResponse> {
  const row = await ctx.db
    .updateTable('account_deletion_requests')
    .set({ status: 'cancelled', cancelled_at: new Date() })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row)
    throw new NotFoundError(
      DATA_TOOLS_MESSAGES.deletionNotFound,
      ErrorCodes.DELETION_REQUEST_NOT_FOUND,
    );
  return { request: presentDeletion(row), message: DATA_TOOLS_MESSAGES.deletionCancelled };
}

/** Exports and imports of an account that is gone: rows and files. */
export async function removeDataFiles(ctx: Pick<AppContext, 'db' | 'config'>, userId: string) {
  const storage = getFileStorage(ctx.config);
  const rows = [
    ...(await ctx.db
      .deleteFrom('data_exports')
      .where('user_id', '=', userId)
      .returning('storage_key')
      .execute()),
    ...(await ctx.db
      .deleteFrom('data_imports')
      .where('user_id', '=', userId)
      .returning('storage_key')
      .execute()),
  ];
  for (const row of rows) if (row.storage_key) await storage.delete(row.storage_key);
}

/**
 * The job at the end of the grace period: the request row is locked, so a cancel racing the
 * job either lands first (nothing happens) or waits and finds it completed. Runs once: a
 * completed or cancelled request is left alone.
 */
export async function runScheduledDeletion(ctx: DeletionCtx, requestId: string, now = new Date()) {
  const userId = await withTransaction(ctx.db, async (tx) => {
    const request = await tx
      .selectFrom('account_deletion_requests')
      .selectAll()
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request || request.status !== 'pending') return null;
    if (request.scheduled_for.getTime() > now.getTime()) return null;
    const user = await tx
      .selectFrom('users')
      .select('status')
      .where('id', '=', request.user_id)
      .executeTakeFirst();
    if (user && user.status !== 'deleted')
      await deleteAccount({ ...ctx, db: tx }, request.user_id, {
        confirmation: ACCOUNT_DELETE_CONFIRMATION,
      });
    await tx
      .updateTable('account_deletion_requests')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', requestId)
      .execute();
    return request.user_id;
  });
  if (userId) await removeDataFiles(ctx, userId);
  return userId !== null;
}
