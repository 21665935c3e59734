import {
  ErrorCodes,
  VERIFICATION_FILE_FIELDS,
  type AdminSortField,
  type AdminVerification,
  type AdminVerificationsQuery,
  type AdminVerificationsResponse,
  type VerificationFileField,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { IdentityVerificationRow } from '../../platform/db/schema.ts';
import { ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { expiryFor, signFields, verifyFields } from '../../platform/storage/signed-urls.ts';
import {
  approveVerification,
  readVerificationDocument,
  rejectVerification,
} from '../verification/verification.service.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

/** Document URLs live 10 minutes and are bound to the admin they were made for. */
const DOCUMENT_TTL_SECONDS = 600;
const PURPOSE = 'admin-verification-document';

const COLUMN = {
  idFront: 'id_front_key',
  idBack: 'id_back_key',
  selfieWithId: 'selfie_key',
} as const satisfies Record<VerificationFileField, keyof IdentityVerificationRow>;

type Row = IdentityVerificationRow & {
  username: string;
  display_name: string | null;
  email: string;
};

function present(ctx: Ctx, adminId: string, row: Row): AdminVerification {
  const exp = String(expiryFor(DOCUMENT_TTL_SECONDS));
  const documents: Record<string, string> = {};
  for (const field of VERIFICATION_FILE_FIELDS) {
    if (!row[COLUMN[field]]) continue;
    const sig = signFields(ctx.config, PURPOSE, [row.id, field, adminId, exp]);
    documents[field] =
      `/api/admin/verification-submissions/${row.id}/documents/${field}?exp=${exp}&sig=${sig}`;
  }
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    status: row.status,
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    rejectionReason: row.rejection_reason,
    documents,
  };
}

const SUBMISSION_SORT: SortColumns<AdminSortField<'verifications'>> = {
  submittedAt: 'v.created_at',
  reviewedAt: { expr: 'v.reviewed_at', nullable: true },
  username: 'u.username',
};

/**
 * GET /admin/verification-submissions (any status, newest first) and /admin/verifications/pending
 * (oldest first: the longest wait on top); sortBy/order change either.
 */
export async function listSubmissions(
  ctx: Ctx,
  adminId: string,
  query: AdminVerificationsQuery,
  pendingQueue = false,
): Promise<AdminVerificationsResponse> {
  let base = ctx.db
    .selectFrom('identity_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id');
  const status = pendingQueue ? 'pending' : query.status;
  if (status) base = base.where('v.status', '=', status);
  const order = sortClauses(
    SUBMISSION_SORT,
    query,
    { sortBy: 'submittedAt', order: pendingQueue ? 'asc' : 'desc' },
    'v.id',
  );
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(base.selectAll('v').select(['u.username', 'u.display_name', 'u.email']), order)
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  const items = rows.map((r) => present(ctx, adminId, r as Row));
  return { submissions: items, verifications: items, ...pageInfo(query, Number(total)) };
}

async function one(ctx: Ctx, adminId: string, id: string) {
  const row = await ctx.db
    .selectFrom('identity_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select(['u.username', 'u.display_name', 'u.email'])
    .where('v.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Verification submission not found', ErrorCodes.NOT_FOUND);
  return present(ctx, adminId, row as Row);
}

/** Approve or reject (reject needs a reason), audit-logged; the user is mailed by the service. */
export async function reviewSubmission(
  ctx: Ctx,
  adminId: string,
  id: string,
  decision: 'approved' | 'rejected',
  reason: string | undefined,
) {
  if (decision === 'approved') await approveVerification(ctx, id, adminId);
  else await rejectVerification(ctx, id, adminId, reason ?? '');
  await audit(ctx.db, {
    adminId,
    action: decision === 'approved' ? 'verification.approve' : 'verification.reject',
    targetType: 'verification',
    targetId: id,
    reason: decision === 'rejected' ? (reason ?? null) : null,
  });
  return {
    verification: await one(ctx, adminId, id),
    message: decision === 'approved' ? 'Verification approved' : 'Verification rejected',
  };
}

/** A document behind its short-lived URL: the same admin, before expiry; each view is logged. */
export async function openDocument(
  ctx: Ctx,
  adminId: string,
  id: string,
  field: string,
  exp: string | undefined,
  sig: string | undefined,
) {
  if (!(VERIFICATION_FILE_FIELDS as readonly string[]).includes(field))
    throw new NotFoundError('Document not found', ErrorCodes.NOT_FOUND);
  if (
    !exp ||
    !sig ||
    !/^\d+$/.test(exp) ||
    Number(exp) * 1000 < Date.now() ||
    !verifyFields(ctx.config, PURPOSE, [id, field, adminId, exp], sig)
  )
    throw new ForbiddenError(
      ErrorCodes.MEDIA_URL_EXPIRED,
      'This document link has expired: reopen the submission',
    );
  const file = await readVerificationDocument(ctx, id, field as VerificationFileField);
  await audit(ctx.db, {
    adminId,
    action: 'verification.view-document',
    targetType: 'verification',
    targetId: id,
    details: { field },
  });
  return file;
}
