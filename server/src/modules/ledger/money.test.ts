import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToCents, parseFeePercent, partBackUpTo, splitFee } from './money.ts';

describe('money rules', () => {
  it('splits with fee = floor(gross × pct / 100) and the rest to the creator', () => {
    expect(splitFee(999, 20)).toMatchObject({ feeCents: 199, shareCents: 800 });
    expect(splitFee(1, 20)).toMatchObject({ feeCents: 0, shareCents: 1 });
    expect(splitFee(1000, 12.5)).toMatchObject({ feeCents: 125, shareCents: 875 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (g, p) => {
          const s = splitFee(g, p);
          return s.feeCents + s.shareCents === g && s.feeCents >= 0 && s.shareCents >= 0;
        },
      ),
    );
  });

  it('converts amounts once and enforces bounds', () => {
    expect(amountToCents('amount', 10, 100, 100_000)).toBe(1000);
    expect(() => amountToCents('amount', 0.99, 100, 100_000)).toThrow('between 1.00 and 1000.00');
    expect(() => amountToCents('amount', 1.001, 100, 100_000)).toThrow('two decimals');
  });

  it('falls back to the default fee for missing or odd settings', () => {
    expect(parseFeePercent(undefined)).toBe(20);
    expect(parseFeePercent(150)).toBe(20);
    expect(parseFeePercent(15)).toBe(15);
  });
});

describe('the reversal rounding rule', () => {
  it('gives back floor(part × reversed / of) in total, exactly the part at the end', () => {
    expect(partBackUpTo(199, 0, 999)).toBe(0);
    expect(partBackUpTo(199, 500, 999)).toBe(99);
    expect(partBackUpTo(199, 999, 999)).toBe(199);
    expect(partBackUpTo(199, 2000, 999)).toBe(199);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (of, steps, pct) => {
          const part = Math.floor((of * pct) / 100);
          let reversed = 0;
          let given = 0;
          for (const step of steps) {
            const next = Math.min(of, reversed + step);
            const back = partBackUpTo(part, next, of) - partBackUpTo(part, reversed, of);
            expect(back).toBeGreaterThanOrEqual(0);
            given += back;
            reversed = next;
          }
          expect(given).toBe(partBackUpTo(part, reversed, of));
          expect(given).toBeLessThanOrEqual(part);
          if (reversed === of) expect(given).toBe(part);
        },
      ),
    );
  });
});
