import { lazy, type ComponentType } from 'react';
import { browserReloadDeps, importWithReload, type ReloadDeps } from './reload-guard.ts';

export function lazyWithReload(
  load: () => Promise<{ default: ComponentType }>,
  deps: ReloadDeps = browserReloadDeps,
) {
  return lazy(() => importWithReload(load, deps));
}
