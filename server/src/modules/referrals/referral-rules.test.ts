import { describe, expect, it } from 'vitest';
import { splitFee } from '../ledger/money.ts';
import {
  addMonths,
  generateReferralCode,
  normaliseReferralCode,
  parseReferralMonths,
  parseReferralPercent,
  referralShareCents,
  withinReferralWindow,
} from './referral-rules.ts';

describe('referral rules', () => {
  it('makes short URL-safe codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 500 }, () => generateReferralCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
  });

  it('normalises typed codes and rejects what cannot be one', () => {
    expect(normaliseReferralCode(' abcd2345 ')).toBe('ABCD2345');
    expect(normaliseReferralCode('ab')).toBeNull();
    expect(normaliseReferralCode('abc/def1')).toBeNull();
    expect(normaliseReferralCode(null)).toBeNull();
    expect(normaliseReferralCode(undefined)).toBeNull();
  });

  it('reads the settings with sane defaults', () => {
    expect(parseReferralPercent(undefined)).toBe(5);
    expect(parseReferralPercent('7.5')).toBe(7.5);
    expect(parseReferralPercent(80)).toBe(5);
    expect(parseReferralMonths(undefined)).toBe(12);
    expect(parseReferralMonths(6)).toBe(6);
    expect(parseReferralMonths(1.5)).toBe(12);
  });

  it('pays floor(gross × rate) out of the fee, never more than the fee', () => {
    // 9.99 at 5 %: 49.95 → 49; the rounding cent stays with the platform
    const split = splitFee(999, 20);
    expect(split).toMatchObject({ feeCents: 199, shareCents: 800 });
    expect(referralShareCents(999, split.feeCents, 5)).toBe(49);
    expect(referralShareCents(1000, 200, 5)).toBe(50);
    expect(referralShareCents(1, 0, 5)).toBe(0);
    // a fee lower than the referral rate caps the part at the fee
    expect(referralShareCents(1000, 20, 5)).toBe(20);
    expect(referralShareCents(1000, 200, 2.5)).toBe(25);
    expect(referralShareCents(1000, 200, 0)).toBe(0);
  });

  it('ends the window the same calendar day N months later', () => {
    const at = new Date('2026-01-31T10:00:00Z');
    expect(addMonths(at, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at, 12).toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(withinReferralWindow(at, 12, new Date('2027-01-31T09:59:59Z'))).toBe(true);
    expect(withinReferralWindow(at, 12, new Date('2027-01-31T10:00:00Z'))).toBe(false);
    expect(withinReferralWindow(at, 0, at)).toBe(false);
  });
});
