import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { MeUser } from './users.ts';

/**
 * Auth contract (SPEC §3 Login/Signup responses, §4 Auth, §7 Auth). Field rules the user must
 * read a clear message about (username shape, password policy) are checked by the service, not
 * by the schema, so the error names the rule instead of a regular expression.
 */

/**
 * MeUser by reference to its already computed static type: nesting the large composite schema
 * directly makes the route type instantiation too deep for the compiler.
 */
const User = Type.Unsafe<MeUser>(MeUser);

const Password = Type.String({ minLength: 1, maxLength: 256 });
const Email = Type.String({ format: 'email', maxLength: 254 });
/**
 * Six-digit TOTP code or a backup code (xxxxx-xxxxx); spaces and dashes are ignored. Optional
 * and without a minimum length where the calls take it: the service answers a blank or
 * missing one with SPEC §5's TWO_FACTOR_CODE_REQUIRED_MESSAGE, a short one as a wrong code.
 */
const OtpCode = Type.String({ maxLength: 20 });
/** SPEC §5 "2FA entry", word for word. */
export const TWO_FACTOR_CODE_REQUIRED_MESSAGE = 'Please enter your 2FA code.';

// ---- signup and verification ----

export const SignupBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 60 }),
  email: Email,
  password: Password,
  phoneNumber: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  betaCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  /** another user's referral code (`?ref=`); an unknown one is ignored, never an error */
  referralCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
});
export type SignupBody = Static<typeof SignupBody>;

/** SPEC §3 Signup response. Signup never logs in: the account waits for email verification. */
export const SignupResponse = Type.Object({
  token: Nullable(Type.String()),
  user: User,
  requiresVerification: Type.Boolean(),
  requiresEmailVerification: Type.Boolean(),
  requiresPhoneVerification: Type.Boolean(),
  message: Type.String(),
  email: Type.String(),
  phoneNumber: Nullable(Type.String()),
  /** id of the pending email verification (changes when a new code is sent) */
  pendingSignupId: Nullable(Type.String()),
});
export type SignupResponse = Static<typeof SignupResponse>;

/** Either {email, code} (the 6-digit code from the mail) or {token} (the link in the mail). */
export const VerifyEmailBody = Type.Object({
  email: Type.Optional(Email),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ResendVerificationBody = Type.Object({ email: Email });
export type ResendVerificationBody = Static<typeof ResendVerificationBody>;

/**
 * Signed in: the phone of the account (or `phoneNumber`). Not signed in (right after signup):
 * `phoneNumber` names the pending verification.
 */
export const VerifyPhoneBody = Type.Object({
  phoneNumber: Type.Optional(Type.String({ maxLength: 32 })),
  code: Type.String({ minLength: 1, maxLength: 12 }),
});
export type VerifyPhoneBody = Static<typeof VerifyPhoneBody>;

export const VerifyPhoneResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  phoneNumber: Type.String(),
  phoneVerified: Type.Literal(true),
});
export type VerifyPhoneResponse = Static<typeof VerifyPhoneResponse>;

// ---- login ----

/** `email` may hold an email or a username (the spec's login form has one field). */
export const LoginBody = Type.Object({
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  password: Password,
});
export type LoginBody = Static<typeof LoginBody>;

/** SPEC §3 Login response. With 2FA on: token and user null, twoFactorRequired and tempToken set. */
export const LoginResponse = Type.Object({
  token: Nullable(Type.String()),
  user: Nullable(User),
  twoFactorRequired: Type.Boolean(),
  tempToken: Nullable(Type.String()),
  isFirstLogin: Type.Boolean(),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** Sent with the temp token as bearer. A TOTP code or one of the backup codes. */
export const VerifyLoginBody = Type.Object({ code: Type.Optional(OtpCode) });
export type VerifyLoginBody = Static<typeof VerifyLoginBody>;

// ---- recovery ----

export const ForgotPasswordBody = Type.Object({ email: Email });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Password,
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

/** SPEC §5: the 401 of a password change without a session, word for word. */
export const CHANGE_PASSWORD_UNAUTHENTICATED_MESSAGE = 'Not logged in.';

export const ChangePasswordBody = Type.Object({
  currentPassword: Password,
  newPassword: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const AuthMessageResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
});
export type AuthMessageResponse = Static<typeof AuthMessageResponse>;

// ---- two-factor ----

export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  backupCodesRemaining: Type.Integer({ minimum: 0 }),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TwoFactorSetupResponse = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  /** PNG data URL of the otpauth URL */
  qrCode: Type.String(),
});
export type TwoFactorSetupResponse = Static<typeof TwoFactorSetupResponse>;

/** `token` is the current 6-digit code (the spec's name); disable also takes a backup code. */
export const TwoFactorCodeBody = Type.Object({ token: Type.Optional(OtpCode) });
export type TwoFactorCodeBody = Static<typeof TwoFactorCodeBody>;

/** Regenerate: a code is optional for a session that signed in the last 15 minutes. */
export const RegenerateBackupCodesBody = Type.Object({ token: Type.Optional(OtpCode) });
export type RegenerateBackupCodesBody = Static<typeof RegenerateBackupCodesBody>;

export const BackupCodesResponse = Type.Object({
  enabled: Type.Literal(true),
  /** shown once; only their hashes are kept */
  backupCodes: Type.Array(Type.String()),
  message: Type.String(),
});
export type BackupCodesResponse = Static<typeof BackupCodesResponse>;

export const TwoFactorDisableResponse = Type.Object({
  enabled: Type.Literal(false),
  message: Type.String(),
});
export type TwoFactorDisableResponse = Static<typeof TwoFactorDisableResponse>;

// ---- sessions ----

export const SessionInfo = Type.Object({
  id: Type.String(),
  /** short human label derived from the user agent, e.g. 'Firefox on Linux' */
  device: Type.String(),
  userAgent: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  current: Type.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const SessionsResponse = Type.Object({ sessions: Type.Array(SessionInfo) });
export type SessionsResponse = Static<typeof SessionsResponse>;

export const RevokeSessionsResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  revokedCount: Type.Integer({ minimum: 0 }),
});
export type RevokeSessionsResponse = Static<typeof RevokeSessionsResponse>;

export const SessionIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type SessionIdParams = Static<typeof SessionIdParams>;
