/**
 * Idle-session timing (spec §4/§9): warn 5 minutes before 12 hours without activity, log out
 * at 12 hours. Wall-clock based, because background tabs throttle timers: a tab woken after
 * a long sleep must notice that the deadline already passed.
 */
export const IDLE_TIMEOUT_MS = 43_200_000;
export const IDLE_WARNING_BEFORE_MS = 5 * 60_000;
export const WARNING_AUTO_LOGOUT_MS = 5 * 60_000;
/** Defined by the spec but deliberately unused: timers and visibility checks replace polling. */
export const IDLE_CHECK_INTERVAL_MS = 60_000;

export interface IdleTimer {
  /** Records activity (now, or at `at` if that is later) and restarts the countdown. */
  reset(at?: number): void;
  /** Re-checks the deadline against the clock (e.g. when the tab becomes visible). */
  check(): void;
  stop(): void;
}

export function createIdleTimer(options: {
  onWarn: () => void;
  onTimeout: () => void;
  now?: () => number;
  timeoutMs?: number;
  warnBeforeMs?: number;
}): IdleTimer {
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? IDLE_TIMEOUT_MS;
  const warnAt = timeoutMs - (options.warnBeforeMs ?? IDLE_WARNING_BEFORE_MS);
  let lastActivity = now();
  let warned = false;
  let stopped = false;
  let warnTimer: ReturnType<typeof setTimeout> | null = null;
  let timeoutTimer: ReturnType<typeof setTimeout> | null = null;

  function clear(): void {
    if (warnTimer) clearTimeout(warnTimer);
    if (timeoutTimer) clearTimeout(timeoutTimer);
    warnTimer = null;
    timeoutTimer = null;
  }

  function fireTimeout(): void {
    if (stopped) return;
    stopped = true;
    clear();
    options.onTimeout();
  }

  function fireWarn(): void {
    if (stopped || warned) return;
    warned = true;
    options.onWarn();
  }

  function schedule(): void {
    clear();
    const elapsed = now() - lastActivity;
    if (elapsed >= timeoutMs) {
      fireTimeout();
      return;
    }
    if (elapsed >= warnAt) fireWarn();
    else warnTimer = setTimeout(fireWarn, warnAt - elapsed);
    timeoutTimer = setTimeout(fireTimeout, timeoutMs - elapsed);
  }

  schedule();

  return {
    reset(at) {
      if (stopped) return;
      lastActivity = at === undefined ? now() : Math.max(lastActivity, at);
      warned = false;
      schedule();
    },
    check() {
      if (!stopped) schedule();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
