/**
 * What a 401 does (spec §8): while logged in with a token it ends the session, except within
 * 5 s of a login (requests fired just before the new token landed) and for login, payment
 * and beta URLs, whose 401s mean "wrong password" or "provider said no", not "expired".
 */
import { isUnauthorizedIgnored } from './url-rules.ts';
import type { ApiToast, SessionBridge } from './types.ts';

export const LOGIN_GRACE_MS = 5_000;
export const SESSION_TOAST_INTERVAL_MS = 1_000;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export interface UnauthorizedHandler {
  /** Returns true when the 401 ended the session. */
  handle(path: string): boolean;
}

export function createUnauthorizedHandler(deps: {
  session: SessionBridge;
  now(): number;
  notify(toast: ApiToast): void;
}): UnauthorizedHandler {
  let lastToastAt = Number.NEGATIVE_INFINITY;

  return {
    handle(path) {
      const { session, now, notify } = deps;
      if (!session.getToken() || !session.isAuthenticated()) return false;
      if (isUnauthorizedIgnored(path)) return false;
      const lastLogin = session.getLastLoginAt();
      const at = now();
      if (lastLogin !== null && at - lastLogin < LOGIN_GRACE_MS) return false;
      // Parallel requests all fail at once when a session dies; one toast is enough.
      if (at - lastToastAt >= SESSION_TOAST_INTERVAL_MS) {
        lastToastAt = at;
        notify({ type: 'info', message: SESSION_EXPIRED_MESSAGE });
      }
      session.onUnauthorized();
      return true;
    },
  };
}
