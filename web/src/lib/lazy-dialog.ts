import { lazy, useState, type ComponentType } from 'react';
import { whenPageSettled } from './idle.ts';

/**
 * A dialog (or other overlay) split out of the page that shows it: a closed dialog is not part
 * of the first render, so its code need not be downloaded and evaluated before the page's first
 * useful frame (docs/PERFORMANCE.md, "Critical path pass"). `preload()` fetches the chunk once
 * the page has settled (lib/idle.ts), so the first click opens it at once.
 */
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

export function lazyDialog<M, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const component = lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType<PropsOf<M[K]>> };
  });
  return Object.assign(component, {
    /** fetches the chunk once the page and its first data are there (whenPageSettled) */
    preload(): void {
      whenPageSettled(() => void load().catch(() => undefined));
    },
  });
}

/**
 * True from the first time `open` is true on: the dialog is mounted when it first opens and
 * stays mounted, so it can still animate closed and keeps its state like before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
