import { ErrorCodes } from '@fanspace/contracts';
import type { IdentityVerificationRow, UserRow } from '../../platform/db/schema.ts';
import { ConflictError, ForbiddenError } from '../../platform/errors.ts';

/**
 * Who may submit and who may review identity verifications. A fan may submit when nothing is
 * pending (a rejected user resubmits); a creator is already verified. Reviewers are admins,
 * never of their own submission.
 */
export function assertCanSubmit(user: Pick<UserRow, 'account_type' | 'identity_status'>): void {
  if (user.account_type === 'creator' && user.identity_status === 'verified')
    throw new ConflictError(ErrorCodes.ALREADY_VERIFIED, 'Your identity is already verified');
  if (user.identity_status === 'pending') throw verificationPending();
}

export const verificationPending = () =>
  new ConflictError(
    ErrorCodes.VERIFICATION_PENDING,
    'Your identity verification is already under review',
  );

export function assertCanReview(
  reviewer: Pick<UserRow, 'id' | 'is_admin'> | undefined,
  submission: Pick<IdentityVerificationRow, 'user_id'>,
): void {
  if (!reviewer?.is_admin)
    throw new ForbiddenError(ErrorCodes.ADMIN_REQUIRED, 'Admin access required');
  if (reviewer.id === submission.user_id)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'Admins cannot review their own verification');
}
