import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  REJECTION_REASON,
  VERIFICATION_REQUIRED_FIELDS,
  type VerificationFileField,
  type VerificationStatusResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { IdentityVerificationRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage, type StoredFile } from '../../platform/storage/file-storage.ts';
import { reencodeImage } from '../../platform/storage/images.ts';
import { cleanText } from '../users/profile-rules.ts';
import { assertCanReview, assertCanSubmit, verificationPending } from './verification.policy.ts';
import { presentVerificationStatus } from './verification.presenter.ts';
import {
  findSubmission,
  latestSubmission,
  lockSubmission,
  pendingSubmissions,
} from './verification.queries.ts';

type VerificationCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;
export type VerificationFiles = Partial<Record<VerificationFileField, Buffer>>;

const COLUMN_OF = {
  idFront: 'id_front_key',
  idBack: 'id_back_key',
  selfieWithId: 'selfie_key',
} as const satisfies Record<VerificationFileField, keyof IdentityVerificationRow>;

/** Documents stay legible but lose EXIF/GPS; 2400 px on the long side is plenty to review. */
const DOCUMENT_SIZE = { width: 2400, height: 2400, fit: 'inside', quality: 90 } as const;

/**
 * POST /users/me/verification: re-encodes the images into the private namespace, records a
 * pending submission and marks the account pending. A concurrent second submit loses on the
 * one-pending-per-user index and gets the same 409 as a sequential one.
 */
export async function submitVerification(
  ctx: VerificationCtx,
  user: UserRow,
  files: VerificationFiles,
): Promise<VerificationStatusResponse> {
  assertCanSubmit(user);
  for (const field of VERIFICATION_REQUIRED_FIELDS)
    if (!files[field])
      throw new BadRequestError(`${field} is required`, ErrorCodes.VALIDATION_FAILED, { field });
  const id = randomUUID();
  const storage = getFileStorage(ctx.config);
  const keys: Partial<Record<VerificationFileField, string>> = {};
  try {
    for (const [field, bytes] of Object.entries(files) as Array<[VerificationFileField, Buffer]>) {
      const webp = await reencodeImage(bytes, DOCUMENT_SIZE);
      const key = `private/verification/${user.id}/${id}/${field}.webp`;
      await storage.put(key, webp, 'image/webp');
      keys[field] = key;
    }
    const row = await withTransaction(ctx.db, async (tx) => {
      // re-read under lock: the request's user row may be stale by now
      const current = await tx
        .selectFrom('users')
        .select(['account_type', 'identity_status'])
        .where('id', '=', user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      assertCanSubmit(current);
      const inserted = await tx
        .insertInto('identity_verifications')
        .values({
          id,
          user_id: user.id,
          id_front_key: keys.idFront ?? null,
          id_back_key: keys.idBack ?? null,
          selfie_key: keys.selfieWithId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('users')
        .set({ identity_status: 'pending', updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      return inserted;
    });
    return presentVerificationStatus({ identity_status: 'pending' }, row);
  } catch (error) {
    await Promise.all(Object.values(keys).map((key) => storage.delete(key)));
    if (isUniqueViolation(error, 'identity_verifications_one_pending_idx'))
      throw verificationPending();
    throw error;
  }
}

export async function getVerificationStatus(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
): Promise<VerificationStatusResponse> {
  return presentVerificationStatus(user, await latestSubmission(ctx.db, user.id));
}

export interface PendingVerification {
  id: string;
  userId: string;
  username: string;
  displayName: string | null;
  email: string;
  submittedAt: Date;
  documents: VerificationFileField[];
}

/** The admin review queue, oldest first (the admin routes of a later issue page through it). */
export async function listPendingVerifications(
  ctx: Pick<AppContext, 'db'>,
  options: { limit?: number; after?: { createdAt: Date; id: string } } = {},
): Promise<PendingVerification[]> {
  const rows = await pendingSubmissions(ctx.db, {
    limit: Math.min(Math.max(options.limit ?? 20, 1), 100),
    after: options.after,
  });
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    submittedAt: row.created_at,
    documents: (Object.keys(COLUMN_OF) as VerificationFileField[]).filter(
      (field) => row[COLUMN_OF[field]] !== null,
    ),
  }));
}

/** Locks a pending submission for review by `adminUserId`, or explains why it cannot be. */
async function startReview(tx: DbHandle, submissionId: string, adminUserId: string) {
  const submission = await lockSubmission(tx, submissionId);
  if (!submission) throw new NotFoundError('Verification submission not found');
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('id', '=', adminUserId)
    .executeTakeFirst();
  assertCanReview(admin, submission);
  if (submission.status !== 'pending')
    throw new ConflictError(
      ErrorCodes.VERIFICATION_ALREADY_REVIEWED,
      `This submission was already ${submission.status}`,
    );
  return submission;
}

async function notify(
  ctx: VerificationCtx,
  tx: DbHandle,
  userId: string,
  subject: string,
  text: string,
) {
  const user = await tx
    .selectFrom('users')
    .select(['email', 'status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.status === 'deleted') return;
  await ctx.jobs.enqueue(tx, 'mail.send', { to: user.email, subject, text });
}

/** Approves: the submission is approved and the account becomes a verified creator. */
export async function approveVerification(
  ctx: VerificationCtx,
  submissionId: string,
  adminUserId: string,
): Promise<IdentityVerificationRow> {
  return withTransaction(ctx.db, async (tx) => {
    const submission = await startReview(tx, submissionId, adminUserId);
    const reviewed = await tx
      .updateTable('identity_verifications')
      .set({ status: 'approved', reviewed_by: adminUserId, reviewed_at: new Date() })
      .where('id', '=', submission.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('users')
      .set({ identity_status: 'verified', account_type: 'creator', updated_at: new Date() })
      .where('id', '=', submission.user_id)
      .execute();
    await notify(
      ctx,
      tx,
      submission.user_id,
      'Your identity is verified',
      'Your identity verification was approved. Your account is now a creator account: you can post, set a subscription price and receive payouts.',
    );
    return reviewed;
  });
}

/** Rejects with a reason the user sees; the account stays a fan and may submit again. */
export async function rejectVerification(
  ctx: VerificationCtx,
  submissionId: string,
  adminUserId: string,
  reason: string,
): Promise<IdentityVerificationRow> {
  const cleanReason = cleanText(reason ?? '');
  if (cleanReason.length < REJECTION_REASON.min || cleanReason.length > REJECTION_REASON.max)
    throw new BadRequestError(REJECTION_REASON.message, ErrorCodes.VALIDATION_FAILED, {
      field: 'reason',
    });
  return withTransaction(ctx.db, async (tx) => {
    const submission = await startReview(tx, submissionId, adminUserId);
    const reviewed = await tx
      .updateTable('identity_verifications')
      .set({
        status: 'rejected',
        rejection_reason: cleanReason,
        reviewed_by: adminUserId,
        reviewed_at: new Date(),
      })
      .where('id', '=', submission.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('users')
      .set({ identity_status: 'rejected', updated_at: new Date() })
      .where('id', '=', submission.user_id)
      .execute();
    await notify(
      ctx,
      tx,
      submission.user_id,
      'Your identity verification was not approved',
      `Your identity verification was rejected: ${cleanReason}\n\nYou can submit new documents from your settings.`,
    );
    return reviewed;
  });
}

/** One document of a submission, for the admin review screen (which authorises the admin). */
export async function readVerificationDocument(
  ctx: Pick<AppContext, 'db' | 'config'>,
  submissionId: string,
  field: VerificationFileField,
): Promise<StoredFile> {
  const submission = await findSubmission(ctx.db, submissionId);
  const key = submission?.[COLUMN_OF[field]];
  const file = key ? await getFileStorage(ctx.config).stream(key) : null;
  if (!file) throw new NotFoundError('Document not found');
  return file;
}
