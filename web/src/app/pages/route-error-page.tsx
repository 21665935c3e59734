/**
 * Route-level error element (spec §2): a render crash or a page chunk that failed to load (a new
 * deploy) shows the plain 'Loading error' message with a Refresh link. It imports nothing of the
 * start-up (`app/startup/`): a module shared with the start-up's chunk regroups the route tree's
 * chunks, and /login then loads ~1.3 KB more script (its 150 KB budget, docs/PERFORMANCE.md). On a
 * server-rendered page the start-up's give-up timer makes the link take taps.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadingError } from '../../ui/loading-error.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <LoadingError />;
}
