import { describe, expect, it } from 'vitest';
import {
  assertHttpsUrl,
  assertUsername,
  cleanText,
  escapeLike,
  normaliseDomesticAccount,
  normaliseIban,
  normalisePhone,
  subscriptionPriceCents,
  toCents,
} from './profile-rules.ts';

describe('profile rules', () => {
  it('checks usernames like signup', () => {
    for (const ok of ['abc', 'a.b_c', 'A'.repeat(30), 'user.123'])
      expect(assertUsername(ok)).toBe(ok);
    for (const bad of ['ab', 'A'.repeat(31), 'a b', 'a-b', 'ü123', ''])
      expect(() => assertUsername(bad), bad).toThrow('Username must be 3–30');
  });

  it('converts money to cents exactly once, refusing sub-cent amounts', () => {
    expect(toCents('x', 19.99)).toBe(1999);
    expect(toCents('x', 0.1 + 0.2)).toBe(30);
    expect(() => toCents('x', 1.005)).toThrow('two decimals');
    expect(() => toCents('x', Number.NaN)).toThrow();
    expect(() => toCents('x', -1)).toThrow();
    expect(subscriptionPriceCents(0)).toBe(0);
    expect(subscriptionPriceCents(4.99)).toBe(499);
    expect(subscriptionPriceCents(49.99)).toBe(4999);
    expect(() => subscriptionPriceCents(4.98)).toThrow('between 4.99 and 49.99');
    expect(() => subscriptionPriceCents(50)).toThrow('between 4.99 and 49.99');
  });

  it('normalises phones, urls and text', () => {
    expect(normalisePhone(' +44 (20) 7946-0958 ')).toBe('+442079460958');
    expect(normalisePhone('')).toBeNull();
    expect(() => normalisePhone('12')).toThrow();
    expect(assertHttpsUrl('url', 'https://Example.com/a b')).toBe('https://example.com/a%20b');
    expect(() => assertHttpsUrl('url', 'https://localhost/x')).toThrow();
    expect(cleanText(' a\u0000b\u0007\nc\t ')).toBe('ab\nc');
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('validates IBANs by checksum and US routing numbers by ABA checksum', () => {
    expect(normaliseIban('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(() => normaliseIban('GB82WEST12345698765433')).toThrow('check digits');
    expect(normaliseDomesticAccount('US', '1234-5678', '021000021')).toEqual({
      accountNumber: '12345678',
      routingNumber: '021000021',
    });
    expect(() => normaliseDomesticAccount('US', '12345678', '021000022')).toThrow('ABA');
    expect(normaliseDomesticAccount('GB', '12345678', '601613').routingNumber).toBe('601613');
  });
});
