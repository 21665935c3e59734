/** Route-level error element: a failed page chunk (new deploy) or a render crash. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../../ui/error-state.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    error.message,
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = isChunkLoadError(error);
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <ErrorState
        className="w-full max-w-md"
        title={chunk ? 'A new version is available' : 'Loading error'}
        message={
          chunk
            ? 'This page could not load because Fanspace was just updated. Refresh to get the latest version.'
            : 'An unexpected error stopped this page. Refreshing usually fixes it.'
        }
        retryLabel="Refresh"
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}
