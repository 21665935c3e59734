import { reloadOnce, type ReloadDeps, browserReloadDeps } from './reload-guard.ts';

/**
 * Spec §2: if the UI framework is missing the page reloads. With ES modules this only happens
 * when a vendor chunk came back broken (e.g. a proxy served HTML), so one reload normally heals.
 */
export function ensureReactLoaded(react: unknown, deps: ReloadDeps = browserReloadDeps): boolean {
  const usable =
    typeof react !== 'undefined' &&
    react !== null &&
    typeof (react as { createElement?: unknown }).createElement === 'function';
  if (!usable) reloadOnce(deps);
  return usable;
}
