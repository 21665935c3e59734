import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false while React renders on the server and while it hydrates that HTML in the browser, true
 * in every other render (and from the first render of a page the server did not render). For
 * what only the browser knows – live counts it polls for – so that the hydrating render agrees
 * with the server's HTML and the browser's value follows straight after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
