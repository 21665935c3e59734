/**
 * The locale and time zone dates and numbers are shown in. In the browser: its own (undefined
 * lets Intl use them). On the server, while it renders a page (entry-server.tsx): the browser's,
 * as the `fs_intl` cookie this module writes says – so the server's HTML shows the same "1.234"
 * and "vor 9 Stunden" the browser renders when it hydrates the page, instead of a mismatch that
 * makes React render the page again. A component of a server-rendered page formats through
 * these; the rest may use Intl's defaults.
 */
import { INTL_COOKIE } from '@fanspace/contracts/server-render';

export interface DisplayIntl {
  locale?: string;
  timeZone?: string;
}

let current: DisplayIntl = {};

export const displayLocale = (): string | undefined => current.locale;
export const displayTimeZone = (): string | undefined => current.timeZone;

/** For the server's render of one page; `{}` puts the defaults back. */
export function setDisplayIntl(intl: DisplayIntl): void {
  current = intl;
}

/** `fs_intl`'s value for this browser: its resolved locale and time zone. */
export function browserIntlCookie(): string {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const value = encodeURIComponent(`${locale}|${timeZone}`);
  return `${INTL_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}
