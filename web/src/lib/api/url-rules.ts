/**
 * Which request paths get which treatment (spec §8–§9). Paths are relative to the API base,
 * e.g. `/posts/user/42`. Kept as plain predicates so every rule is testable on its own.
 */
import type { HttpMethod } from './types.ts';

function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

/** Requests allowed before the start-up session check has finished (spec §8). */
export function isAuthGateExempt(method: HttpMethod, path: string): boolean {
  const p = pathOnly(path);
  if (
    p.includes('/auth/') ||
    p.includes('/signup') ||
    p.includes('/reset') ||
    p.includes('/verify') ||
    p === '/users/me'
  ) {
    return true;
  }
  // "A few AI and scheduler posts": drafts the composer may send while the session check runs.
  if (
    method === 'POST' &&
    (p.startsWith('/ai/') || p === '/scheduler' || p === '/scheduler/batch')
  ) {
    return true;
  }
  return false;
}

/** 401s from these families never end the session (spec §8). */
export function isUnauthorizedIgnored(path: string): boolean {
  const p = pathOnly(path);
  return (
    p.includes('/login') ||
    p.includes('-login') || // /auth/verify-login: a wrong 2FA code, not an expired session
    p.includes('/stripe/') ||
    p.includes('/payments/') ||
    p.includes('/beta')
  );
}

/** Upload and media calls share the client limiter of 5 requests per 10 s (spec §9). */
export function isRateLimitedPath(path: string): boolean {
  const p = pathOnly(path);
  return p === '/media' || p.startsWith('/media/') || p.startsWith('/uploads/');
}

export const DEFAULT_CACHE_TTL_MS = 30_000;
export const PERSONALIZED_PRICING_TTL_MS = 60_000;
export const USER_POSTS_TTL_MS = 5_000;

/**
 * Cache lifetime for a GET, or null when it is not cached. Personalized pricing and user
 * posts are always cached with their own lifetimes; anything else only when the caller opts in.
 */
export function cacheTtlFor(path: string, optIn: boolean): number | null {
  const p = pathOnly(path);
  if (p.startsWith('/pricing/personalized/')) return PERSONALIZED_PRICING_TTL_MS;
  if (p.startsWith('/posts/user/')) return USER_POSTS_TTL_MS;
  return optIn ? DEFAULT_CACHE_TTL_MS : null;
}

/** Any page path containing /beta is a beta page (spec §2). */
export function isBetaPath(pathname: string): boolean {
  return pathname.includes('/beta');
}
