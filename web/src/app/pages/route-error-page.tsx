/**
 * Route-level error element (spec §2): a failed page chunk (new deploy) reloads the page once;
 * otherwise, as for a render crash, the plain 'Loading error' message with a Refresh link.
 */
import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadingError } from '../startup/boot-error-boundary.tsx';
import { reloadOnce } from '../startup/reload-guard.ts';
import { markInteractive } from '../startup/server-rendered.ts';
import { NotFoundPage } from './not-found-page.tsx';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    error.message,
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = !notFound && isChunkLoadError(error);
  // while the one automatic reload happens nothing shows (no flash of the error)
  const [reloading, setReloading] = useState(chunk);
  // StrictMode runs effects twice: the reload is tried only once
  const reloaded = useRef<boolean | null>(null);

  useEffect(() => {
    if (notFound) return;
    if (chunk) {
      reloaded.current ??= reloadOnce();
      if (reloaded.current) return;
      setReloading(false);
    }
    // the error screen replaced a server-rendered page: its Refresh link must take taps
    markInteractive();
  }, [chunk, notFound]);

  if (notFound) return <NotFoundPage />;
  if (reloading) return null;
  return <LoadingError />;
}
