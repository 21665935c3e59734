import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Identity verification (becoming a creator). POST /users/me/verification is multipart with
 * the image files below; an account stays a fan until an admin approves a submission.
 */
export const VERIFICATION_FILE_FIELDS = ['idFront', 'idBack', 'selfieWithId'] as const;
export type VerificationFileField = (typeof VERIFICATION_FILE_FIELDS)[number];
export const VERIFICATION_REQUIRED_FIELDS: VerificationFileField[] = ['idFront', 'selfieWithId'];
/** Per file, before re-encoding. */
export const VERIFICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** SPEC §6: an admin rejects with a reason the user sees, of this length (trimmed). */
export const REJECTION_REASON = {
  min: 3,
  max: 500,
  message: 'A rejection reason (3–500 characters) is required',
} as const;

export const IdentityStatus = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('verified'),
  Type.Literal('rejected'),
]);
export type IdentityStatus = Static<typeof IdentityStatus>;

export const VerificationSubmission = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  submittedAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  hasIdBack: Type.Boolean(),
});
export type VerificationSubmission = Static<typeof VerificationSubmission>;

/** GET and POST /users/me/verification: the account's status and its latest submission. */
export const VerificationStatusResponse = Type.Object({
  identityStatus: IdentityStatus,
  submission: Nullable(VerificationSubmission),
});
export type VerificationStatusResponse = Static<typeof VerificationStatusResponse>;
