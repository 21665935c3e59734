/** Watches activity while signed in and drives the idle warning dialog (spec §4). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createIdleTimer, WARNING_AUTO_LOGOUT_MS, type IdleTimer } from './idle-timer.ts';
import { useAuthStore } from './store.ts';

/**
 * Any activity resets the timer (spec §4): pointer, mouse, touch, keyboard, scrolling, and the
 * window getting the focus back. Pointer and mouse events overlap on purpose (browsers and
 * synthetic events do not always send both); the throttle below makes the doubles free.
 */
const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'mousedown',
  'mousemove',
  'click',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
  'touchmove',
  'focus',
] as const;
/** Pointer moves fire constantly; restarting timers once a second is plenty. */
const ACTIVITY_THROTTLE_MS = 1_000;
/**
 * The last activity, shared by the tabs of this browser: someone working in one tab is not
 * idle, so a forgotten background tab must not warn or log the whole session out.
 */
export const SHARED_ACTIVITY_KEY = 'fanspace.last-activity';

/** When another tab last saw activity (null when unknown). */
function sharedActivity(): number | null {
  try {
    const at = Number(localStorage.getItem(SHARED_ACTIVITY_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

function shareActivity(at: number): void {
  try {
    localStorage.setItem(SHARED_ACTIVITY_KEY, String(at));
  } catch {
    // private mode: each tab keeps its own countdown
  }
}

export function useIdleSession(): {
  warningOpen: boolean;
  stayLoggedIn: () => void;
  logoutNow: () => void;
} {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [warningOpen, setWarningOpen] = useState(false);
  const timerRef = useRef<IdleTimer | null>(null);
  const warningOpenRef = useRef(false);

  useEffect(() => {
    warningOpenRef.current = warningOpen;
  }, [warningOpen]);

  useEffect(() => {
    if (!isAuthenticated) return undefined;
    const timer = createIdleTimer({
      onWarn: () => setWarningOpen(true),
      onTimeout: () => {
        setWarningOpen(false);
        void useAuthStore.getState().logout('idle');
      },
    });
    timerRef.current = timer;
    let lastReset = 0;

    const onActivity = (): void => {
      // While the warning is up only an explicit choice counts (a stray mouse move does not).
      if (warningOpenRef.current) return;
      const at = Date.now();
      if (at - lastReset < ACTIVITY_THROTTLE_MS) return;
      lastReset = at;
      timer.reset();
      shareActivity(at);
    };
    // Activity (or 'Stay Logged In') in another tab counts here too.
    const onOtherTab = (event: StorageEvent): void => {
      if (event.key !== SHARED_ACTIVITY_KEY || event.newValue === null) return;
      setWarningOpen(false);
      timer.reset();
    };
    const onVisibility = (): void => {
      if (document.visibilityState !== 'visible') return;
      // a frozen background tab may have missed the other tabs' storage events
      // (the later of the two activities wins: an idle session warns again at once)
      const shared = sharedActivity();
      if (shared === null) {
        timer.check();
        return;
      }
      setWarningOpen(false);
      timer.reset(shared);
    };

    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    window.addEventListener('storage', onOtherTab);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      timer.stop();
      timerRef.current = null;
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
      window.removeEventListener('storage', onOtherTab);
      document.removeEventListener('visibilitychange', onVisibility);
      setWarningOpen(false);
    };
  }, [isAuthenticated]);

  // The dialog logs out by itself if nobody answers within 5 minutes.
  useEffect(() => {
    if (!warningOpen) return undefined;
    const timeout = setTimeout(() => {
      setWarningOpen(false);
      void useAuthStore.getState().logout('idle');
    }, WARNING_AUTO_LOGOUT_MS);
    return () => clearTimeout(timeout);
  }, [warningOpen]);

  const stayLoggedIn = useCallback(() => {
    setWarningOpen(false);
    timerRef.current?.reset();
    shareActivity(Date.now());
  }, []);

  const logoutNow = useCallback(() => {
    setWarningOpen(false);
    void useAuthStore.getState().logout('user');
  }, []);

  return { warningOpen, stayLoggedIn, logoutNow };
}
