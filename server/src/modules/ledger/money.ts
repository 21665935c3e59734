import { CURRENCY, ErrorCodes } from '@fanspace/contracts';
import { BadRequestError } from '../../platform/errors.ts';
import { toCents } from '../users/profile-rules.ts';

/**
 * Pure money rules (docs/ARCHITECTURE.md "Money"). Everything is integer cents; currency units
 * exist only at the API edge.
 */

export const DEFAULT_FEE_PERCENT = 20;
/** How long a creator's share stays pending before it can be paid out. */
export const HOLD_DAYS = 7;
export const SUBSCRIPTION_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** Cents to currency units for responses (exact for every integer below 2^53). */
export const units = (cents: number) => cents / 100;

/** An API amount in currency units → cents, within [min, max] cents; 400 naming the field. */
export function amountToCents(field: string, amount: number, min: number, max: number): number {
  const cents = toCents(field, amount);
  if (cents < min || cents > max)
    throw new BadRequestError(
      `${field} must be between ${units(min).toFixed(2)} and ${units(max).toFixed(2)}`,
      ErrorCodes.VALIDATION_FAILED,
      { field },
    );
  return cents;
}

export interface Split {
  grossCents: number;
  feeCents: number;
  shareCents: number;
  feePercent: number;
}

/**
 * The one rounding rule: fee = floor(gross × pct / 100), creator share = gross − fee, so
 * gross = fee + share exactly and a rounding cent always goes to the creator. The percentage
 * is taken in basis points so a fractional setting (12.5) stays integer arithmetic.
 */
export function splitFee(grossCents: number, feePercent: number): Split {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new Error('gross must be cents');
  const basisPoints = Math.round(feePercent * 100);
  if (basisPoints < 0 || basisPoints > 10_000) throw new Error('fee percent out of range');
  const feeCents = Math.floor((grossCents * basisPoints) / 10_000);
  return { grossCents, feeCents, shareCents: grossCents - feeCents, feePercent };
}

/** The platform_settings value, or the default when absent or not a sane percentage. */
export function parseFeePercent(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100
    ? n
    : DEFAULT_FEE_PERCENT;
}

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });

/** An amount in the platform's currency for a sentence people read: "$1,234.50". */
export const formatMoney = (cents: number) => moneyFormat.format(units(cents));

/** A number read from the database or ledger metadata (bigint may come back as text); absent: 0. */
export const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));

/**
 * The reversal rounding rule, cumulative: after reversing `reversedCents` of `ofCents` (> 0), a
 * part of the charge has given back floor(part × reversed / of) in total, so partial reversals
 * add up to exactly the part and never more.
 */
export const partBackUpTo = (partCents: number, reversedCents: number, ofCents: number) =>
  Math.floor((partCents * Math.min(reversedCents, ofCents)) / ofCents);
