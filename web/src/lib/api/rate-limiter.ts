/**
 * Sliding-window limiter: at most `limit` starts per `windowMs`. Callers over the limit wait
 * in order instead of failing, so a bulk upload simply trickles out (spec §9: 5 per 10 s).
 */
export interface RateLimiter {
  acquire(): Promise<void>;
  pending(): number;
}

export function createRateLimiter(options: {
  limit: number;
  windowMs: number;
  now: () => number;
}): RateLimiter {
  const { limit, windowMs, now } = options;
  const starts: number[] = [];
  const waiting: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function prune(at: number): void {
    while (starts.length > 0 && (starts[0] ?? 0) <= at - windowMs) starts.shift();
  }

  function drain(): void {
    const at = now();
    prune(at);
    while (waiting.length > 0 && starts.length < limit) {
      starts.push(at);
      waiting.shift()?.();
    }
    if (waiting.length > 0 && timer === null) {
      const oldest = starts[0] ?? at;
      timer = setTimeout(
        () => {
          timer = null;
          drain();
        },
        Math.max(0, oldest + windowMs - at),
      );
    }
  }

  return {
    acquire() {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        drain();
      });
    },
    pending() {
      return waiting.length;
    },
  };
}

export const MEDIA_RATE_LIMIT = { limit: 5, windowMs: 10_000 } as const;
