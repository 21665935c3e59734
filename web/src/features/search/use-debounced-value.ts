import { useEffect, useState } from 'react';

/** Suggestions wait until typing pauses, so a word costs one request, not one per letter. */
export const SUGGESTIONS_DEBOUNCE_MS = 250;

export function useDebouncedValue<T>(value: T, delayMs: number = SUGGESTIONS_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
