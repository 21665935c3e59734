import { lazy, type ComponentType } from 'react';
import { browserReloadDeps, clearReloadFlag, reloadOnce, type ReloadDeps } from './reload-guard.ts';

/**
 * Runs a dynamic import; if it fails (typically a stale chunk after a deploy) the page reloads
 * once. While that reload happens the promise never settles, so nothing flashes an error.
 * A second failure is thrown to the error boundary.
 */
export function importWithReload<T>(
  load: () => Promise<T>,
  deps: ReloadDeps = browserReloadDeps,
): Promise<T> {
  return load().then(
    (module) => {
      clearReloadFlag(deps);
      return module;
    },
    (error: unknown) => {
      if (reloadOnce(deps)) return new Promise<T>(() => undefined);
      throw error;
    },
  );
}

export function lazyWithReload(
  load: () => Promise<{ default: ComponentType }>,
  deps: ReloadDeps = browserReloadDeps,
) {
  return lazy(() => importWithReload(load, deps));
}
