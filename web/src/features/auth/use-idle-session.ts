/** Watches activity while signed in and drives the idle warning dialog (spec §4). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createIdleTimer, WARNING_AUTO_LOGOUT_MS, type IdleTimer } from './idle-timer.ts';
import { useAuthStore } from './store.ts';

const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'scroll',
  'touchstart',
  'wheel',
] as const;
/** Pointer moves fire constantly; restarting timers once a second is plenty. */
const ACTIVITY_THROTTLE_MS = 1_000;

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
    };
    const onVisibility = (): void => {
      if (document.visibilityState === 'visible') timer.check();
    };

    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      timer.stop();
      timerRef.current = null;
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity));
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
  }, []);

  const logoutNow = useCallback(() => {
    setWarningOpen(false);
    void useAuthStore.getState().logout('user');
  }, []);

  return { warningOpen, stayLoggedIn, logoutNow };
}
