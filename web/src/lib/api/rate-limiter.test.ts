import { describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  it('uses a sliding window: a slot frees exactly one window after it was taken', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1_000, now: () => Date.now() });
    const started: number[] = [];
    const take = (id: number) => limiter.acquire().then(() => started.push(id));
    void take(1);
    await vi.advanceTimersByTimeAsync(400);
    void take(2);
    void take(3);
    void take(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([1, 2]);
    expect(limiter.pending()).toBe(2);
    await vi.advanceTimersByTimeAsync(600); // t=1000: slot of #1 frees
    expect(started).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(400); // t=1400: slot of #2 frees
    expect(started).toEqual([1, 2, 3, 4]);
  });
});
