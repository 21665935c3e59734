import { describe, expect, it, vi } from 'vitest';
import { createIdleTimer, IDLE_TIMEOUT_MS, IDLE_WARNING_BEFORE_MS } from './idle-timer.ts';

describe('idle timer', () => {
  it('warns 5 minutes before 12 hours and times out at 12 hours', () => {
    vi.useFakeTimers();
    const onWarn = vi.fn();
    const onTimeout = vi.fn();
    createIdleTimer({ onWarn, onTimeout });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_WARNING_BEFORE_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('restarts the countdown on activity', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const timer = createIdleTimer({ onWarn: vi.fn(), onTimeout });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1_000);
    timer.reset();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('notices a deadline that passed while timers were throttled', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const timer = createIdleTimer({ onWarn: vi.fn(), onTimeout });
    vi.setSystemTime(Date.now() + IDLE_TIMEOUT_MS + 1); // clock jumps, no timers fired
    timer.check();
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});
