/**
 * Start-up (spec §2), loaded by main.tsx: apply the stylesheet index.html preloads, remove the
 * splash, load the app lazily with a spinner, reload once if that load fails, show 'Loading
 * error' if rendering fails, install video handling and, in production, the service worker. A
 * page the server rendered (server/src/platform/http/ssr.ts) is hydrated instead, once the
 * browser holds the state the server rendered it in.
 */
import * as React from 'react';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { browserIntlCookie } from '../../lib/intl.ts';
import { AppFrame } from './app-frame.tsx';
import { applyAppStyles } from './app-styles.ts';
import { lazyWithReload } from './lazy-with-reload.ts';
import { nextTask } from './next-task.ts';
import { importWithReload } from './reload-guard.ts';
import { ensureReactLoaded } from './react-guard.ts';
import { registerServiceWorker } from './service-worker.ts';
import { markInteractive, SERVER_RENDERED_ATTRIBUTE } from './server-rendered.ts';
import { removeSplash } from './splash.ts';
import { installVideoSafety } from './video-safety.ts';

const loadApp = () => importWithReload(() => import('../app.tsx'));
const App = lazyWithReload(() =>
  loadApp().then((m) => {
    // navigation from outside React (a session that ended, say) goes through the router
    m.appRouter();
    return { default: m.App };
  }),
);

/** How long a server-rendered page waits for its data before it hydrates regardless. */
const HYDRATION_DATA_WAIT_MS = 3_000;
/** After this, a server-rendered page takes taps even if the app has not taken it over. */
const GIVE_UP_INTERACTIVE_MS = 15_000;

/**
 * The server's page stays as it is (painted, links working) while the app loads; React then
 * attaches to it. It is hydrated once the session is checked and the page's first queries have
 * answered from the boot data – what the server rendered with – so both render the same tree.
 * Should they differ (a store changed meanwhile, another account in this browser), React
 * renders the page in the browser instead: that is reported, not an error.
 */
async function hydrate(container: HTMLElement): Promise<void> {
  // should the app never take the page over, its links at least work again
  setTimeout(markInteractive, GIVE_UP_INTERACTIVE_MS);
  try {
    const { appRouter, firstDataSettled } = await loadApp();
    // the router in a task of its own (a few milliseconds, more on a slow phone), and before
    // start-up, which may navigate
    await nextTask();
    appRouter();
    await Promise.race([
      firstDataSettled(),
      new Promise((resolve) => setTimeout(resolve, HYDRATION_DATA_WAIT_MS)),
    ]);
  } catch {
    // the app chunk failed to load: the lazy App below shows what importWithReload decided
  }
  // in a transition, hydration yields to the browser every few milliseconds instead of being
  // one long task (Total Blocking Time); the page is on screen meanwhile
  startTransition(() => {
    hydrateRoot(
      container,
      <AppFrame>
        <App />
      </AppFrame>,
      {
        onRecoverableError(error, info) {
          console.warn('The server-rendered page was rendered again in the browser', error, info);
          // what React rendered instead is the app's own: it takes taps
          markInteractive();
        },
      },
    );
  });
}

function start(): void {
  if (!ensureReactLoaded(React)) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');

  removeSplash();
  installVideoSafety();
  // the server renders the next page's dates and numbers as this browser shows them
  document.cookie = browserIntlCookie();
  if (container.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    void hydrate(container);
  } else {
    const root = createRoot(container);
    // A transition renders in slices of a few milliseconds, yielding to the browser between
    // them, instead of one long task for the whole first tree (Total Blocking Time on slow
    // phones).
    startTransition(() => {
      root.render(
        <AppFrame>
          <App />
        </AppFrame>,
      );
    });
  }

  if (import.meta.env.PROD) {
    window.addEventListener('load', () => void registerServiceWorker(), { once: true });
  }
}

export function startApp(): void {
  // the splash stays until the stylesheet applies: nothing renders unstyled
  void applyAppStyles().then(start);
}
