import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayIntl } from './intl.ts';
import { plural, pluralWord } from './plural.ts';

afterEach(() => setDisplayIntl({}));

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'like')).toBe('1 like');
    expect(plural(0, 'like')).toBe('0 likes');
    expect(plural(2, 'comment')).toBe('2 comments');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
    expect(pluralWord(1.5, 'post')).toBe('posts');
  });

  it('formats the count in the display locale but keeps English plural rules', () => {
    setDisplayIntl({ locale: 'fr-FR' });
    // French rules call 0 'one': the English word still needs the plural
    expect(plural(0, 'subscriber')).toBe('0 subscribers');
    setDisplayIntl({ locale: 'de-DE' });
    expect(plural(1234, 'message')).toBe('1.234 messages');
  });
});
