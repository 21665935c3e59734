/**
 * The entry: the stylesheet, and start-up (app/startup/start.tsx) as a module of its own. A page
 * the server rendered is already on screen when this runs: start-up – evaluating React and the
 * app, ~100 ms of main thread on a laptop and four times that on a phone – waits until that page
 * has been painted, so it is not held back behind it (docs/PERFORMANCE.md, "Server-rendered first
 * view"), and so does the download of the page's modules, which would otherwise compete with the
 * stylesheet and the lead image for the connection.
 */
import './styles.css';
import { nextTask } from './app/startup/next-task.ts';
import { importWithReload } from './app/startup/reload-guard.ts';
import { SERVER_RENDERED_ATTRIBUTE } from './app/startup/server-rendered.ts';

// a chunk missing after a deploy reloads the page once (reload-guard.ts)
const start = () =>
  void importWithReload(() => import('./app/startup/start.tsx')).then((m) => m.startApp());

/**
 * Links added per task: each modulepreload costs the main thread ~0.5–1 ms to start (~35 on a
 * signed-in /; 4× that on a slow phone), so all at once were one long task.
 */
const PRELOAD_BATCH = 6;

/** Fetches the page's modules (the server lists them in #root's data-preload) in parallel. */
async function preloadModules(root: HTMLElement): Promise<void> {
  const hrefs = (root.dataset.preload ?? '').split(' ').filter(Boolean);
  for (let i = 0; i < hrefs.length; i += PRELOAD_BATCH) {
    if (i > 0) await nextTask();
    for (const href of hrefs.slice(i, i + PRELOAD_BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}

/**
 * A server-rendered page's start-up, one module graph per task – React, the routing, data and
 * state libraries, the app, then start-up itself – instead of one long task evaluating them
 * all: the page is on screen and should answer a tap meanwhile (Total Blocking Time).
 */
async function startInSteps(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./app/startup/libraries.ts');
  await nextTask();
  await import('./app/app.tsx');
  await nextTask();
  start();
}

const root = document.getElementById('root');
if (root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // the frame's callback runs before the first paint, the timeout's task after it
  requestAnimationFrame(() =>
    setTimeout(() => {
      void preloadModules(root);
      // a step that fails to load is loaded again by start-up, which handles the failure
      startInSteps().catch(start);
    }, 0),
  );
} else {
  start();
}
