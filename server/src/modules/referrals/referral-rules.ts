import {
  DEFAULT_REFERRAL_MONTHS,
  DEFAULT_REFERRAL_PERCENT,
  REFERRAL_CODE_PATTERN,
  ReferralLimits,
} from '@fanspace/contracts';
import { randomInt } from 'node:crypto';

/**
 * Pure referral rules: codes, the programme terms (admin settings) and the one rounding rule of
 * the referrer's part. Money is integer cents (docs/ARCHITECTURE.md "Money").
 */

/** No 0/O, 1/I/L or U: a code read aloud or typed from a screenshot is unambiguous. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateReferralCode(length: number = ReferralLimits.codeLength): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return code;
}

const CODE_RE = new RegExp(REFERRAL_CODE_PATTERN);

/** A typed or linked code in its stored form, or null when it cannot be one of ours. */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? '';
  return CODE_RE.test(code) ? code.toUpperCase() : null;
}

/** The platform_settings value, or the default when absent or not a sane percentage. */
export function parseReferralPercent(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 50
    ? n
    : DEFAULT_REFERRAL_PERCENT;
}

export function parseReferralMonths(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 120
    ? n
    : DEFAULT_REFERRAL_MONTHS;
}

/**
 * The referrer's part of a sale: floor(gross × percent / 100) in basis points (so 2.5 % stays
 * integer arithmetic), never more than the platform fee of that sale: it is paid out of the
 * fee, the creator's share is never touched. Rounding down: a rounding cent stays with the
 * platform. Example: gross 999 at 5 % → 49 (49.95 rounded down); with a 20 % fee of 199 the
 * platform keeps 150 and the creator's 800 is unchanged.
 */
export function referralShareCents(grossCents: number, feeCents: number, percent: number): number {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new Error('gross must be cents');
  const basisPoints = Math.round(percent * 100);
  if (basisPoints <= 0) return 0;
  return Math.max(0, Math.min(Math.floor((grossCents * basisPoints) / 10_000), feeCents));
}

/**
 * `from` plus whole calendar months (UTC), clamped to the last day of a shorter month
 * (31 January + 1 month = 28/29 February), so a 12-month window ends on the same date a year on.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** Whether a sale at `at` still earns the referrer of a user referred at `referredAt`. */
export function withinReferralWindow(referredAt: Date, months: number, at: Date): boolean {
  return at.getTime() < addMonths(referredAt, months).getTime();
}
