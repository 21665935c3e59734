import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds, e.g. for "Resend code (42s)". `start()` (re)starts it; the
 * value reaches 0 when the action may be used again.
 */
export function useCooldown(seconds: number, startActive = false) {
  const [until, setUntil] = useState<number | null>(() =>
    startActive ? Date.now() + seconds * 1_000 : null,
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return undefined;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setUntil(null);
    }, 1_000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1_000);
  }, [seconds]);

  const remaining = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1_000));
  return { remaining, start };
}
