/**
 * Start-up (spec §2): apply the stylesheet index.html preloads, remove the splash, load the
 * app lazily with a spinner, reload once if that load fails, show 'Loading error' if rendering
 * fails, install video handling and, in production, the service worker.
 */
import * as React from 'react';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { applyAppStyles } from './app/startup/app-styles.ts';
import { BootErrorBoundary } from './app/startup/boot-error-boundary.tsx';
import { BootSpinner } from './app/startup/boot-spinner.tsx';
import { lazyWithReload } from './app/startup/lazy-with-reload.ts';
import { ensureReactLoaded } from './app/startup/react-guard.ts';
import { registerServiceWorker } from './app/startup/service-worker.ts';
import { removeSplash } from './app/startup/splash.ts';
import { installVideoSafety } from './app/startup/video-safety.ts';

const App = lazyWithReload(() => import('./app/app.tsx').then((m) => ({ default: m.App })));

function start(): void {
  if (!ensureReactLoaded(React)) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');

  removeSplash();
  installVideoSafety();
  const root = createRoot(container);
  // A transition renders in slices of a few milliseconds, yielding to the browser between them,
  // instead of one long task for the whole first tree (Total Blocking Time on slow phones).
  startTransition(() => {
    root.render(
      <StrictMode>
        <BootErrorBoundary>
          <Suspense fallback={<BootSpinner />}>
            <App />
          </Suspense>
        </BootErrorBoundary>
      </StrictMode>,
    );
  });

  if (import.meta.env.PROD) {
    window.addEventListener('load', () => void registerServiceWorker(), { once: true });
  }
}

// the splash stays until the stylesheet applies: nothing renders unstyled
void applyAppStyles().then(start);
