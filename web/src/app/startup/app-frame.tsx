import { StrictMode, Suspense, type ReactNode } from 'react';
import { BootErrorBoundary } from './boot-error-boundary.tsx';
import { BootSpinner } from './boot-spinner.tsx';

/**
 * What wraps the app in the browser (main.tsx) and on the server (entry-server.tsx): the same
 * elements in the same places, so the browser can hydrate the page the server rendered.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <BootErrorBoundary>
        <Suspense fallback={<BootSpinner />}>{children}</Suspense>
      </BootErrorBoundary>
    </StrictMode>
  );
}
