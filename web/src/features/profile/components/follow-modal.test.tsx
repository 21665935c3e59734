import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { FOLLOW_MODAL_DELAY_MS, FollowModal } from './follow-modal.tsx';

let fetchMock: FetchMock;

function firstLogin(user = makeMeUser()) {
  signIn(user);
  useAuthStore.setState({ isFirstLogin: true });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Creators you might like' });

describe('FollowModal (showFollowModal)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock = stubFetch();
    fetchMock.mockResolvedValue(
      json({ users: [makePublicUser({ username: 'maya', isCreator: true })] }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens 1 second after a first login by a non-creator', () => {
    firstLogin();
    renderPage(<FollowModal />);
    act(() => vi.advanceTimersByTime(FOLLOW_MODAL_DELAY_MS - 1));
    expect(dialog()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(dialog()).not.toBeNull();
    expect(FOLLOW_MODAL_DELAY_MS).toBe(1_000);
  });

  it('stays closed for a creator', () => {
    firstLogin(makeMeUser({ isCreator: true, accountType: 'creator' }));
    renderPage(<FollowModal />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
  });

  it('stays closed when it is not the first login', () => {
    signIn(makeMeUser());
    renderPage(<FollowModal />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
  });

  it('does not come back once closed', () => {
    firstLogin();
    renderPage(<FollowModal />);
    act(() => vi.advanceTimersByTime(FOLLOW_MODAL_DELAY_MS));
    act(() => screen.getByRole('button', { name: 'Done' }).click());
    expect(dialog()).toBeNull();
    expect(useAuthStore.getState().isFirstLogin).toBe(false);
    act(() => vi.advanceTimersByTime(10_000));
    expect(dialog()).toBeNull();
  });
});
