import { AnalyticsLimits } from '@fanspace/contracts';

/**
 * A small in-process cache of computed reports (SPEC §9 "response cache default is 30 seconds"),
 * keyed by creator. Each process has its own; a creator's "invalidate" empties their entries
 * here, an admin's "clear" empties it all. Entries are bounded so a busy process stays small.
 */
const MAX_ENTRIES = 5000;
const entries = new Map<string, { expires: number; value: unknown }>();

export async function cached<T>(
  creatorId: string,
  key: string,
  compute: () => Promise<T>,
  now = Date.now(),
): Promise<{ value: T; cached: boolean }> {
  const full = `${creatorId}|${key}`;
  const hit = entries.get(full);
  if (hit && hit.expires > now) return { value: hit.value as T, cached: true };
  const value = await compute();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(full, { expires: now + AnalyticsLimits.cacheSeconds * 1000, value });
  return { value, cached: false };
}

export function invalidateCreator(creatorId: string): number {
  let removed = 0;
  for (const key of [...entries.keys()])
    if (key.startsWith(`${creatorId}|`)) {
      entries.delete(key);
      removed += 1;
    }
  return removed;
}

export function clearCache(): number {
  const removed = entries.size;
  entries.clear();
  return removed;
}
