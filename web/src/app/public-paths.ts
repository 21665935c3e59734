/** Paths a visitor may stay on (spec §2); everything else sends them home after 1 s. */
export const PUBLIC_PATHS = [
  '/login',
  '/',
  '/signup',
  '/forgot-password',
  '/terms',
  '/privacy',
] as const;

export const UNAUTHENTICATED_REDIRECT_MS = 1_000;
export const UNAUTHENTICATED_REDIRECT_TO = '/';

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (PUBLIC_PATHS as readonly string[]).includes(normalized || '/');
}
