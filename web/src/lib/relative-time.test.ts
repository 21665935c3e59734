import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayIntl } from './intl.ts';
import { fullDate, localizeDatesInText } from './relative-time.ts';

afterEach(() => setDisplayIntl({}));

describe('localizeDatesInText', () => {
  it('reads the ISO dates of a server sentence as dates of the display locale', () => {
    setDisplayIntl({ locale: 'en-US', timeZone: 'America/Los_Angeles' });
    expect(localizeDatesInText('the next $5.00 becomes available on 2026-12-09.')).toBe(
      // a bare date is that calendar day, not the evening before in Los Angeles
      'the next $5.00 becomes available on Dec 9, 2026.',
    );
    expect(localizeDatesInText('pending until 2026-12-09T20:00:00.000Z')).toBe(
      'pending until Dec 9, 2026',
    );
    setDisplayIntl({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(localizeDatesInText('on 2026-12-09')).toBe('on 09.12.2026');
  });

  it('leaves text without dates, and numbers that only look alike, as they are', () => {
    expect(localizeDatesInText('Fans paid you 100.00 in total.')).toBe(
      'Fans paid you 100.00 in total.',
    );
    expect(localizeDatesInText('order 12026-12-091')).toBe('order 12026-12-091');
    expect(fullDate('not a date')).toBe('not a date');
  });
});
