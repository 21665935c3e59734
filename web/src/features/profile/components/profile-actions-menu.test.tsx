import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { FollowButton } from './follow-button.tsx';
import { ProfileActionsMenu } from './profile-actions-menu.tsx';

let fetchMock: FetchMock;
const target = makePublicUser({ id: '11111111-1111-4111-8111-111111111111', username: 'maya' });

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'More options for @maya' }));
}

describe('restrict toggles by membership in restrictedUserIds (spec §4)', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Restrict for someone not restricted, and posts /restrict', async () => {
    signIn(makeMeUser({ restrictedUserIds: [] }));
    fetchMock.mockResolvedValueOnce(
      json({ updatedCurrentUser: makeMeUser({ restrictedUserIds: [target.id] }) }),
    );
    renderPage(<ProfileActionsMenu user={target} />);
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Unrestrict' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restrict' }));

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/users/${target.id}/restrict`);
    expect(init.method).toBe('POST');
    await waitFor(() =>
      expect(useAuthStore.getState().user?.restrictedUserIds).toEqual([target.id]),
    );
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Unrestrict' })).toBeTruthy();
  });

  it('offers Unrestrict for someone in the list, and posts /unrestrict', async () => {
    signIn(makeMeUser({ restrictedUserIds: [target.id] }));
    fetchMock.mockResolvedValueOnce(
      json({ updatedCurrentUser: makeMeUser({ restrictedUserIds: [] }) }),
    );
    renderPage(<ProfileActionsMenu user={target} />);
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: 'Restrict' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unrestrict' }));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/users/${target.id}/unrestrict`);
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
  });

  it('rolls the optimistic change back when the server refuses', async () => {
    signIn(makeMeUser({ restrictedUserIds: [] }));
    let fail: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (fail = resolve)));
    renderPage(<ProfileActionsMenu user={target} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restrict' }));
    expect(useAuthStore.getState().user?.restrictedUserIds).toEqual([target.id]);
    fail(json({ message: 'Slow down', code: 'RATE_LIMITED' }, 400));
    await waitFor(() => expect(useAuthStore.getState().user?.restrictedUserIds).toEqual([]));
    expect(toastMessages()).toContain('Slow down');
  });
});

describe('follow / unfollow (spec §4)', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('updates the local following set and takes the refreshed current user', async () => {
    signIn(makeMeUser({ followingUserIds: [] }));
    const refreshed = makeMeUser({ followingUserIds: [target.id], displayName: 'Fresh' });
    fetchMock.mockResolvedValueOnce(
      json({ updatedCurrentUser: refreshed, user: { ...target, isFollowing: true } }),
    );
    renderPage(<FollowButton user={target} />);
    await userEvent.click(screen.getByRole('button', { name: 'Follow @maya' }));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/users/${target.id}/follow`);
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    await waitFor(() => expect(useAuthStore.getState().user?.displayName).toBe('Fresh'));
    expect(
      screen.getByRole('button', { name: 'Unfollow @maya' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fetchMock.mockResolvedValueOnce(
      json({ updatedCurrentUser: makeMeUser({ followingUserIds: [] }) }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow @maya' }));
    expect(fetchMock.mock.calls[1]![1].method).toBe('DELETE');
    await waitFor(() => expect(useAuthStore.getState().user?.followingUserIds).toEqual([]));
  });
});
