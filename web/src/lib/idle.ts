import { useEffect, useState } from 'react';
import { queryClient } from './query-client.ts';

const IDLE_TIMEOUT_MS = 3_000;
/** at the latest this long after it was asked for, deferred work runs anyway */
export const SETTLE_CAP_MS = 3_000;

/**
 * Runs `run` for work the first useful frame does not need (realtime, the code of closed
 * dialogs): once the page has loaded (the window's load event), its first queries have come
 * back (at least one has finished and none is in flight) and then the main thread is idle – or
 * SETTLE_CAP_MS after the call, whichever comes first. Without the query condition an idle
 * moment while the session check is in flight would start it just before the page's own
 * requests and their rendering (docs/PERFORMANCE.md, "Critical path pass"). Returns a cancel.
 */
export function whenPageSettled(run: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let done = false;
  let idleHandle: number | null = null;
  const cleanups: Array<() => void> = [];
  const finish = () => {
    if (done) return;
    done = true;
    cleanups.forEach((cleanup) => cleanup());
    run();
  };
  const cap = window.setTimeout(finish, SETTLE_CAP_MS);
  cleanups.push(() => window.clearTimeout(cap));

  const settled = () =>
    queryClient.isFetching() === 0 &&
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.dataUpdatedAt > 0 || query.state.errorUpdatedAt > 0);
  const idle = () => {
    if (done || idleHandle !== null) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(finish, { timeout: IDLE_TIMEOUT_MS });
      cleanups.push(() => window.cancelIdleCallback(idleHandle ?? 0));
    } else {
      idleHandle = window.setTimeout(finish, 0);
      cleanups.push(() => window.clearTimeout(idleHandle ?? 0));
    }
  };
  const check = () => {
    if (document.readyState === 'complete' && settled()) idle();
  };
  cleanups.push(queryClient.getQueryCache().subscribe(check));
  window.addEventListener('load', check);
  cleanups.push(() => window.removeEventListener('load', check));
  check();
  return () => {
    done = true;
    cleanups.forEach((cleanup) => cleanup());
  };
}

/** false until whenPageSettled (above) has fired for this component */
export function usePageSettled(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenPageSettled(() => setReady(true)), []);
  return ready;
}
