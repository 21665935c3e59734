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
import { useUserPostsQuery } from '../../posts/queries.ts';
import { useProfileQuery } from '../queries.ts';
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

  it("updates the caller's own profile, which counts whom they follow", async () => {
    const me = makeMeUser({ username: 'sam', followingUserIds: [], followingCount: 0 });
    signIn(me);
    fetchMock.mockImplementation(async (url) =>
      url === '/api/users/username/sam'
        ? json({ ...me, followingCount: 0 })
        : json({
            updatedCurrentUser: { ...me, followingUserIds: [target.id], followingCount: 1 },
            user: { ...target, isFollowing: true, followersCount: 1 },
          }),
    );
    function OwnCount() {
      const profile = useProfileQuery('sam');
      return <p data-testid="following">{profile.data?.followingCount}</p>;
    }
    renderPage(
      <>
        <OwnCount />
        <FollowButton user={target} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('following').textContent).toBe('0'));
    await userEvent.click(screen.getByRole('button', { name: 'Follow @maya' }));
    await waitFor(() => expect(screen.getByTestId('following').textContent).toBe('1'));
  });

  it("fetches the account's posts again: its followers-only ones unlock", async () => {
    signIn(makeMeUser({ followingUserIds: [] }));
    fetchMock.mockImplementation(async (url) =>
      url.startsWith(`/api/posts/user/${target.id}`)
        ? json({ posts: [], currentPage: 1, totalPages: 0, hasMore: false })
        : json({ updatedCurrentUser: makeMeUser({ followingUserIds: [target.id] }) }),
    );
    function Grid() {
      useUserPostsQuery(target.id);
      return null;
    }
    renderPage(
      <>
        <Grid />
        <FollowButton user={target} />
      </>,
    );
    const postCalls = () =>
      fetchMock.mock.calls.filter(([url]) => url.startsWith(`/api/posts/user/${target.id}`));
    await waitFor(() => expect(postCalls()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Follow @maya' }));
    await waitFor(() => expect(postCalls()).toHaveLength(2));
  });

  it('reads Follow after an unfollow from a list whose row still says isFollowing', async () => {
    // a search or trending row: the server's isFollowing, in a cache the unfollow does not patch
    const row = { ...target, isFollowing: true };
    signIn(makeMeUser({ followingUserIds: [target.id] }));
    fetchMock.mockResolvedValueOnce(
      json({ updatedCurrentUser: makeMeUser({ followingUserIds: [] }) }),
    );
    renderPage(<FollowButton user={row} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow @maya' }));
    expect(fetchMock.mock.calls[0]![1].method).toBe('DELETE');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Follow @maya' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
    expect(screen.getByRole('button', { name: 'Follow @maya' }).textContent).toBe('Follow');
  });
});
