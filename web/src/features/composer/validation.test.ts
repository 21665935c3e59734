import { describe, expect, it } from 'vitest';
import {
  addHashtags,
  EMPTY_POST_MESSAGE,
  fileProblem,
  parsePrice,
  priceProblem,
  PRICE_FORMAT_MESSAGE,
  PRICE_RANGE_MESSAGE,
  validateDraft,
} from './validation.ts';

describe('empty post (spec §5)', () => {
  it('refuses a blank caption without media, with the spec text', () => {
    expect(EMPTY_POST_MESSAGE).toBe(
      'Cannot create an empty post. Please provide a caption or media.',
    );
    const errors = validateDraft({
      caption: '   \n ',
      mediaCount: 0,
      accessLevel: 'public',
      price: '',
    });
    expect(errors.form).toBe(EMPTY_POST_MESSAGE);
  });

  it('accepts a caption alone or media alone', () => {
    expect(
      validateDraft({ caption: 'hi', mediaCount: 0, accessLevel: 'public', price: '' }),
    ).toEqual({});
    expect(validateDraft({ caption: '', mediaCount: 1, accessLevel: 'public', price: '' })).toEqual(
      {},
    );
  });
});

describe('price bounds 3.00–200.00 for the paid levels', () => {
  it.each([
    ['3', null],
    ['3.00', null],
    ['4,99', null],
    ['$12.5', null],
    ['200', null],
    ['200.00', null],
    ['2.99', PRICE_RANGE_MESSAGE],
    ['200.01', PRICE_RANGE_MESSAGE],
    ['0', PRICE_RANGE_MESSAGE],
    ['4.999', PRICE_FORMAT_MESSAGE],
    ['abc', PRICE_FORMAT_MESSAGE],
    ['-5', PRICE_FORMAT_MESSAGE],
  ])('%s → %s', (raw, problem) => {
    expect(priceProblem(raw)).toBe(problem);
  });

  it('checks the price only for paid and subscribers_or_paid', () => {
    const base = { caption: 'x', mediaCount: 0, price: '1' };
    expect(validateDraft({ ...base, accessLevel: 'paid' }).price).toBe(PRICE_RANGE_MESSAGE);
    expect(validateDraft({ ...base, accessLevel: 'subscribers_or_paid' }).price).toBe(
      PRICE_RANGE_MESSAGE,
    );
    expect(validateDraft({ ...base, accessLevel: 'subscribers' }).price).toBeUndefined();
    expect(parsePrice('4,99')).toBe(4.99);
  });
});

describe('hashtags and files', () => {
  it('normalises, de-duplicates and drops invalid tags', () => {
    expect(addHashtags(['travel'], '#Travel, #Sunset  bad-tag ok_1')).toEqual([
      'travel',
      'sunset',
      'ok_1',
    ]);
  });

  it('accepts photos and videos only, within their size caps', () => {
    expect(fileProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toMatch(
      /not a photo or a video/,
    );
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    expect(fileProblem(big)).toMatch(/too large/);
  });
});
