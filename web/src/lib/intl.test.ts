import { describe, expect, it } from 'vitest';
import { browserIntlCookie, displayLocale, displayTimeZone, setDisplayIntl } from './intl.ts';
import { fullDateTime, relativeTime } from './relative-time.ts';

describe('display intl', () => {
  it('is the browser’s own unless a server render sets it', () => {
    expect(displayLocale()).toBeUndefined();
    setDisplayIntl({ locale: 'de-DE', timeZone: 'Asia/Tokyo' });
    try {
      expect(relativeTime('2026-01-01T00:00:00Z', Date.parse('2026-01-01T09:00:00Z'))).toBe(
        'vor 9 Stunden',
      );
      expect(fullDateTime('2026-01-01T00:00:00Z')).toBe('01.01.2026, 09:00');
      expect(displayTimeZone()).toBe('Asia/Tokyo');
    } finally {
      setDisplayIntl({});
    }
    expect(displayLocale()).toBeUndefined();
  });

  it('writes the browser’s resolved locale and time zone into a year-long cookie', () => {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    expect(browserIntlCookie()).toBe(
      `fs_intl=${encodeURIComponent(`${locale}|${timeZone}`)}; path=/; max-age=31536000; samesite=lax`,
    );
  });
});
