import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past the live heap before its next full collection.
 * By default V8 picks the factor itself and, under a steady request load, let it reach about
 * twice the live heap: the server's peak RSS under the feed load was ~290 MB against ~60 MB of
 * live objects. A fixed 1.6 (`HEAP_GROWING_PERCENT=60`) holds it at ~180 MB for the same
 * throughput – more frequent, smaller full collections (docs/PERFORMANCE.md, "The old
 * generation's growth"). V8 reads the flag at every collection, so it can be set once the
 * process runs; 0 leaves V8's own factor (and a `--heap-growing-percent` given to node) alone.
 * Returns the flag set, if any.
 */
export function applyHeapGrowing(
  percent: number,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
): string | null {
  if (percent <= 0) return null;
  const flag = `--heap-growing-percent=${Math.round(percent)}`;
  setFlags(flag);
  return flag;
}
