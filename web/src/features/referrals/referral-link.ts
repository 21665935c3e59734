/**
 * The referral code a visitor arrived with (`/signup?ref=CODE`), kept in localStorage for 30
 * days so it survives a detour (a claim link's `?next=`, the login page, the terms) before the
 * account is created. Read from the page's own `ref`, else from the `ref` of its `next` path,
 * else from what was remembered. Only code-shaped values are kept.
 */
const KEY = 'fanspace.referral';
const TTL_MS = 30 * 86_400_000;
const CODE = /^[A-Za-z0-9]{4,16}$/;

export function cleanReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? '';
  return CODE.test(code) ? code.toUpperCase() : null;
}

/** `ref` of the page, or of the same-site path in its `next` parameter. */
export function referralFromParams(params: URLSearchParams): string | null {
  const own = cleanReferralCode(params.get('ref'));
  if (own) return own;
  const next = params.get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  try {
    return cleanReferralCode(new URL(next, 'https://fanspace.invalid').searchParams.get('ref'));
  } catch {
    return null;
  }
}

export function rememberReferral(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // private mode: the code still rides on this page's URL
  }
}

export function rememberedReferral(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { code, at } = JSON.parse(raw) as { code?: string; at?: number };
    if (typeof at !== 'number' || now - at > TTL_MS) return null;
    return cleanReferralCode(code);
  } catch {
    return null;
  }
}

/** After a signup the code has been used (or ignored); a later signup starts clean. */
export function forgetReferral(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
