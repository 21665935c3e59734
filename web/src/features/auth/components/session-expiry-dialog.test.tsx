import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../../../lib/navigation.ts';
import { makeMeUser } from '../../../test/fixtures.ts';
import { signIn } from '../../../test/render.tsx';
import { IDLE_TIMEOUT_MS, IDLE_WARNING_BEFORE_MS, WARNING_AUTO_LOGOUT_MS } from '../idle-timer.ts';
import { useAuthStore } from '../store.ts';
import { SHARED_ACTIVITY_KEY } from '../use-idle-session.ts';
import { IDLE_BANNER_TEXT, SessionExpiredBanner } from './session-expired-banner.tsx';
import { SessionExpiryDialog } from './session-expiry-dialog.tsx';

const WARN_AT = IDLE_TIMEOUT_MS - IDLE_WARNING_BEFORE_MS;
const warning = () => screen.queryByRole('alertdialog');
let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;
let unregister: () => void;

function renderIdle() {
  render(
    <>
      <SessionExpiredBanner />
      <SessionExpiryDialog />
    </>,
  );
}

describe('idle session (spec §4/§9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    navigate = vi.fn();
    unregister = registerNavigator(navigate);
    signIn(makeMeUser());
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  it('uses 12 hours, a warning 5 minutes before, and 5 minutes for the dialog', () => {
    expect(IDLE_TIMEOUT_MS).toBe(43_200_000);
    expect(IDLE_WARNING_BEFORE_MS).toBe(300_000);
    expect(WARNING_AUTO_LOGOUT_MS).toBe(300_000);
  });

  it("warns 5 minutes before the timeout; 'Stay Logged In' starts the 12 hours again", () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(WARN_AT - 1));
    expect(warning()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(warning()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    // the safe choice has the focus: Enter or Space from a returning user keeps the session
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay Logged In' }));

    act(() => screen.getByRole('button', { name: 'Stay Logged In' }).click());
    expect(warning()).toBeNull();
    act(() => vi.advanceTimersByTime(WARN_AT - 1));
    expect(warning()).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('any activity restarts the countdown', () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(WARN_AT - 60_000));
    act(() => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    act(() => vi.advanceTimersByTime(WARN_AT - 1));
    expect(warning()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(warning()).not.toBeNull();
  });

  it.each([
    ['a mouse move', () => fireEvent.mouseMove(window)],
    ['a mouse down', () => fireEvent.mouseDown(window)],
    ['a click', () => fireEvent.click(window)],
    ['a touch move', () => fireEvent.touchMove(window)],
    ['the window getting the focus', () => fireEvent.focus(window)],
  ])('%s restarts the countdown', (_name, activity) => {
    renderIdle();
    act(() => vi.advanceTimersByTime(WARN_AT - 60_000));
    act(() => {
      activity();
    });
    expect(Number(localStorage.getItem(SHARED_ACTIVITY_KEY))).toBe(Date.now());
    act(() => vi.advanceTimersByTime(WARN_AT - 1));
    expect(warning()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(warning()).not.toBeNull();
  });

  it('restarts the countdown at most once a second for a stream of mouse moves', () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(5_000));
    act(() => {
      fireEvent.mouseMove(window);
    });
    const first = Date.now();
    act(() => vi.advanceTimersByTime(500));
    act(() => {
      fireEvent.mouseMove(window);
    });
    expect(Number(localStorage.getItem(SHARED_ACTIVITY_KEY))).toBe(first);
    act(() => vi.advanceTimersByTime(500));
    act(() => {
      fireEvent.mouseMove(window);
    });
    expect(Number(localStorage.getItem(SHARED_ACTIVITY_KEY))).toBe(Date.now());
  });

  it('counts activity in another tab: a background tab neither warns nor logs out', () => {
    renderIdle();
    const otherTabActivity = () =>
      act(() => {
        window.dispatchEvent(
          new StorageEvent('storage', { key: SHARED_ACTIVITY_KEY, newValue: String(Date.now()) }),
        );
      });
    act(() => vi.advanceTimersByTime(WARN_AT - 60_000));
    otherTabActivity();
    act(() => vi.advanceTimersByTime(60_000));
    expect(warning()).toBeNull();

    // the warning already up here closes when the user is busy in the other tab
    act(() => vi.advanceTimersByTime(WARN_AT));
    expect(warning()).not.toBeNull();
    otherTabActivity();
    expect(warning()).toBeNull();
    act(() => vi.advanceTimersByTime(WARN_AT - 1));
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('tells the other tabs about activity here', () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(5_000));
    act(() => {
      fireEvent.keyDown(window, { key: 'a' });
    });
    expect(Number(localStorage.getItem(SHARED_ACTIVITY_KEY))).toBe(Date.now());
  });

  it('logs out when the dialog is left alone for 5 minutes and shows the red banner for 5 s', () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(WARN_AT));
    expect(warning()).not.toBeNull();
    act(() => vi.advanceTimersByTime(WARNING_AUTO_LOGOUT_MS));
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, endedBecause: 'idle' });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(warning()).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(IDLE_BANNER_TEXT);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Logout' ends the session at once without the inactivity banner", async () => {
    renderIdle();
    act(() => vi.advanceTimersByTime(WARN_AT));
    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    // The server is told too (after the local keys are gone).
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.anything()),
    );
  });
});
