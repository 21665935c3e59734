import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named page export, so pages keep named exports (STYLE) and still split
 * into their own chunks.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}
