import { displayLocale, displayTimeZone } from './intl.ts';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "just now" – for last-seen times and the like. */
export function relativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'unknown';
  const seconds = Math.round((at - now) / 1000);
  if (Math.abs(seconds) < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat(displayLocale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** A full date and time for tooltips and <time> titles. */
export function fullDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString(displayLocale(), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: displayTimeZone(),
      });
}

/** 'Dec 9, 2026' in the display locale, for a day. */
export function fullDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleDateString(displayLocale(), {
        dateStyle: 'medium',
        // a bare 'YYYY-MM-DD' names a calendar day (the server's, in UTC): that day, not the
        // reader's local time at UTC midnight (the day before, west of Greenwich)
        timeZone: /^\d{4}-\d{2}-\d{2}$/.test(iso) ? 'UTC' : displayTimeZone(),
      });
}

const ISO_DATE_IN_TEXT =
  /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;

/**
 * A server's sentence with its ISO dates ('becomes available on 2026-12-09') read as dates
 * ('becomes available on Dec 9, 2026'): the API keeps ISO dates, the page shows them localized.
 */
export function localizeDatesInText(text: string): string {
  return text.replace(ISO_DATE_IN_TEXT, (match) => fullDate(match));
}
