import type { VerificationStatusResponse, VerificationSubmission } from '@fanspace/contracts';
import type { IdentityVerificationRow, UserRow } from '../../platform/db/schema.ts';

/** The submitter's view: status and outcome, never the document keys. */
export function presentSubmission(row: IdentityVerificationRow): VerificationSubmission {
  return {
    id: row.id,
    status: row.status,
    submittedAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    rejectionReason: row.rejection_reason,
    hasIdBack: row.id_back_key !== null,
  };
}

export function presentVerificationStatus(
  user: Pick<UserRow, 'identity_status'>,
  submission: IdentityVerificationRow | undefined,
): VerificationStatusResponse {
  return {
    identityStatus: user.identity_status,
    submission: submission ? presentSubmission(submission) : null,
  };
}
