import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Referrals (issue 9; the spec is silent, so these are ours): every user has a stable code and
 * a link `<APP_URL>/signup?ref=<code>`; signup takes an optional `referralCode`. For a window
 * after a referred user signs up, the referrer earns a part of that user's creator sales, paid
 * out of the platform's fee (never the creator's share), held and released like creator earnings.
 */

export const ReferralLimits = {
  /** code length; 32 symbols (no 0/O/1/I/L/U), so 8 characters ≈ 10^12 codes */
  codeLength: 8,
  pageDefault: 20,
  pageMax: 50,
} as const;

/** What a code may look like (case-insensitive on input; stored upper case). */
export const REFERRAL_CODE_PATTERN = '^[A-Za-z0-9]{4,16}$';

export const DEFAULT_REFERRAL_PERCENT = 5;
export const DEFAULT_REFERRAL_MONTHS = 12;

export const ReferralCodeParams = Type.Object({
  code: Type.String({ pattern: REFERRAL_CODE_PATTERN, maxLength: 16 }),
});
export type ReferralCodeParams = Static<typeof ReferralCodeParams>;

/** GET /referrals/code/{code}: the code is valid; whose it is (public names only). */
export const ReferralCodeCheck = Type.Object({
  code: Type.String(),
  valid: Type.Literal(true),
  referrer: Type.Object({ username: Type.String(), displayName: Nullable(Type.String()) }),
});
export type ReferralCodeCheck = Static<typeof ReferralCodeCheck>;

export const ReferralsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ReferralLimits.pageMax })),
    /** the nextCursor of the previous page */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type ReferralsQuery = Static<typeof ReferralsQuery>;

/** A user who signed up with my code; no e-mail, only what a profile shows. */
export const ReferredUser = Type.Object({
  username: Type.String(),
  displayName: Nullable(Type.String()),
  joinedAt: Type.String({ format: 'date-time' }),
  isCreator: Type.Boolean(),
  /** what their sales have earned me so far, net of refunds */
  earnedCents: Type.Integer(),
});
export type ReferredUser = Static<typeof ReferredUser>;

/** Net of refunds; pending/available as the wallet and earnings screens split them. */
export const ReferralEarnings = Type.Object({
  total: Type.Number(),
  totalCents: Type.Integer(),
  pending: Type.Number(),
  pendingCents: Type.Integer(),
  available: Type.Number(),
  availableCents: Type.Integer(),
  /** the current programme terms (admin settings) */
  ratePercent: Type.Number(),
  windowMonths: Type.Integer(),
});
export type ReferralEarnings = Static<typeof ReferralEarnings>;

export const ReferralsOverview = Type.Object({
  code: Type.String(),
  link: Type.String(),
  counts: Type.Object({ signedUp: Type.Integer(), becameCreators: Type.Integer() }),
  earnings: ReferralEarnings,
  referred: Type.Array(ReferredUser),
  hasMore: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
});
export type ReferralsOverview = Static<typeof ReferralsOverview>;

/** The admin user detail's referral summary. */
export const AdminUserReferrals = Type.Object({
  code: Nullable(Type.String()),
  referredBy: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  referredAt: Nullable(Type.String()),
  signedUp: Type.Integer(),
  becameCreators: Type.Integer(),
  earnedCents: Type.Integer(),
});
export type AdminUserReferrals = Static<typeof AdminUserReferrals>;
