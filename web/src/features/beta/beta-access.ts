/**
 * Beta access on this browser (spec §4): false becomes true on a valid code, is kept in browser
 * storage and in a cookie that lives one year, and can be revoked.
 */
import { create } from '../../lib/create-store.ts';
import { persist } from 'zustand/middleware';
import { readCookie } from '../../lib/api/csrf.ts';
import { secureJSONStorage } from '../../lib/storage/index.ts';

export const BETA_STORAGE_KEY = 'beta-storage';
export const BETA_COOKIE = 'beta_access';
/** One year, in seconds (the cookie's max-age). */
export const BETA_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export type CookieWriter = (cookie: string) => void;

const documentCookie: CookieWriter = (cookie) => {
  if (typeof document !== 'undefined') document.cookie = cookie;
};

let writeCookie: CookieWriter = documentCookie;

/** Tests swap the writer to see exactly what is written. */
export function setCookieWriter(writer: CookieWriter | null): void {
  writeCookie = writer ?? documentCookie;
}

export function betaCookie(granted: boolean, secure: boolean): string {
  const parts = [
    granted ? `${BETA_COOKIE}=1` : `${BETA_COOKIE}=`,
    `Max-Age=${granted ? BETA_COOKIE_MAX_AGE : 0}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function isSecurePage(): boolean {
  return typeof window !== 'undefined' && window.location.protocol === 'https:';
}

function cookieSaysGranted(): boolean {
  return typeof document !== 'undefined' && readCookie(document.cookie, BETA_COOKIE) === '1';
}

interface BetaAccessState {
  hasAccess: boolean;
  /** The user left the beta on this browser; the account's server flag does not re-grant it. */
  revoked: boolean;
  grant(): void;
  revoke(): void;
}

export const useBetaAccess = create<BetaAccessState>()(
  persist(
    (set) => ({
      hasAccess: cookieSaysGranted(),
      revoked: false,
      grant() {
        writeCookie(betaCookie(true, isSecurePage()));
        set({ hasAccess: true, revoked: false });
      },
      revoke() {
        writeCookie(betaCookie(false, isSecurePage()));
        set({ hasAccess: false, revoked: true });
      },
    }),
    {
      name: BETA_STORAGE_KEY,
      storage: secureJSONStorage<{ hasAccess: boolean; revoked: boolean }>(),
      partialize: (s) => ({ hasAccess: s.hasAccess, revoked: s.revoked }),
    },
  ),
);
