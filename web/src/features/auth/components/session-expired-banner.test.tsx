import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../store.ts';
import { IDLE_BANNER_TEXT, SessionExpiredBanner } from './session-expired-banner.tsx';

describe('SessionExpiredBanner', () => {
  it('shows the inactivity message after an idle logout and hides it after 5 seconds', () => {
    vi.useFakeTimers();
    useAuthStore.setState({ endedBecause: 'idle' });
    render(<SessionExpiredBanner />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Session expired due to inactivity. Please log in again.',
    );
    expect(IDLE_BANNER_TEXT).toBe(screen.getByRole('alert').textContent);
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays hidden after an ordinary logout', () => {
    useAuthStore.setState({ endedBecause: 'user' });
    render(<SessionExpiredBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
