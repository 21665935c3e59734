/**
 * Guards private routes: while the session is being checked it shows a loader; a visitor
 * sees a short "Redirecting…" notice and is sent to / after 1 second (spec §2).
 */
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '../features/auth/store.ts';
import { LoadingState } from '../ui/loading-state.tsx';
import { Spinner } from '../ui/spinner.tsx';
import {
  isPublicPath,
  UNAUTHENTICATED_REDIRECT_MS,
  UNAUTHENTICATED_REDIRECT_TO,
} from './public-paths.ts';

export function RedirectNotice() {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center"
      role="status"
    >
      <Spinner size={24} label={null} className="text-accent" />
      <p className="text-base font-semibold text-fg">Redirecting…</p>
      <p className="text-sm text-muted">Log in or create an account to see this page.</p>
    </div>
  );
}

function VisitorRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (isPublicPath(pathname)) return undefined;
    const timer = setTimeout(
      () => navigate(UNAUTHENTICATED_REDIRECT_TO, { replace: true }),
      UNAUTHENTICATED_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate, pathname]);
  return <RedirectNotice />;
}

export function RequireAuth({
  children,
  visitorFallback,
}: {
  children?: ReactNode;
  /** Rendered instead of redirecting when a visitor is on a public path (the landing page). */
  visitorFallback?: ReactNode;
}) {
  const authReady = useAuthStore((s) => s.authReady);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const { pathname } = useLocation();

  if (!authReady) return <LoadingState fullPage label="Checking your session…" />;
  if (!isAuthenticated) {
    if (visitorFallback !== undefined && isPublicPath(pathname)) return <>{visitorFallback}</>;
    return <VisitorRedirect />;
  }
  return <>{children ?? <Outlet />}</>;
}

/** A page anyone may open: inside `shell` (the app) when signed in, else `visitor`. */
export function ShellOrPublic({ shell, visitor }: { shell: ReactNode; visitor: ReactNode }) {
  const authReady = useAuthStore((s) => s.authReady);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  if (!authReady) return <LoadingState fullPage label="Checking your session…" />;
  return <>{isAuthenticated ? shell : visitor}</>;
}
