import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanReferralCode,
  forgetReferral,
  referralFromParams,
  rememberedReferral,
  rememberReferral,
} from './referral-link.ts';

describe('referral link', () => {
  afterEach(() => forgetReferral());

  it('reads ?ref=, also from inside ?next=, and only code-shaped values', () => {
    expect(referralFromParams(new URLSearchParams('ref=abcd2345'))).toBe('ABCD2345');
    expect(
      referralFromParams(new URLSearchParams(`next=${encodeURIComponent('/shop/x?ref=WXYZ2345')}`)),
    ).toBe('WXYZ2345');
    expect(referralFromParams(new URLSearchParams('next=//evil.test/?ref=WXYZ2345'))).toBeNull();
    expect(referralFromParams(new URLSearchParams('ref=<script>'))).toBeNull();
    expect(cleanReferralCode('  ab ')).toBeNull();
  });

  it('remembers a code for 30 days', () => {
    rememberReferral('ABCD2345', 1_000);
    expect(rememberedReferral(2_000)).toBe('ABCD2345');
    expect(rememberedReferral(1_000 + 31 * 86_400_000)).toBeNull();
    forgetReferral();
    expect(rememberedReferral(2_000)).toBeNull();
  });
});
