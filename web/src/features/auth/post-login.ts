/**
 * A page a visitor was on when asked to log in or sign up (e.g. a promotion claim link): kept
 * in localStorage for an hour so it survives the verify-email step, even opened from the mail
 * in another tab. Only same-site paths are accepted.
 */
const RETURN_KEY = 'fanspace.return-to';
const RETURN_TTL_MS = 60 * 60_000;

export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

export function rememberReturnTo(raw: string | null | undefined): void {
  const path = safeReturnPath(raw);
  if (!path) return;
  try {
    localStorage.setItem(RETURN_KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // private mode: the visitor lands on the home page instead
  }
}

/** The remembered page, once (it is forgotten as it is read). */
export function takeReturnTo(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(RETURN_KEY);
    localStorage.removeItem(RETURN_KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: string; at?: number };
    if (typeof at !== 'number' || now - at > RETURN_TTL_MS) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/**
 * Where a fresh session goes next: back to the page that asked for it, else onboarding for a
 * new account, otherwise home.
 */
export function pathAfterSignIn(outcome: { needsOnboarding: boolean }): string {
  return takeReturnTo() ?? (outcome.needsOnboarding ? '/onboarding' : '/');
}

/** What the pending-verification screen needs (passed as router state). */
export interface PendingVerification {
  email: string | null;
  phoneNumber?: string | null;
  requiresPhoneVerification?: boolean;
  message?: string;
  /** A code was just sent (signup): start the resend cooldown straight away. */
  justSent?: boolean;
}
