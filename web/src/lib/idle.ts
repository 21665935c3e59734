import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 3_000;

/**
 * Runs `run` once the page has loaded (the window's load event) and then the main thread is
 * idle (at most 3 s later): for work the first useful frame does not need. Returns a cancel.
 */
export function whenIdleAfterLoad(run: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let cancelled = false;
  let idleHandle: number | null = null;
  const go = () => {
    if (!cancelled) run();
  };
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    } else {
      idleHandle = window.setTimeout(go, 0);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (idleHandle === null) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

/** false until the page has loaded and the main thread has been idle once (see above) */
export function useIdleAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  return ready;
}
