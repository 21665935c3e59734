import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { useProfileQuery } from '../../profile/queries.ts';
import { FollowersPage } from './connections-page.tsx';

let fetchMock: FetchMock;
const me = makeMeUser({ username: 'sam', followersCount: 1 });
const follower = makePublicUser({ username: 'alex' });

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(me);
});
afterEach(() => vi.unstubAllGlobals());

describe('followers list', () => {
  it("removes a follower and refreshes the caller's profile, which counts them", async () => {
    let followersCount = 1;
    fetchMock.mockImplementation(async (url, init) => {
      if (init.method === 'DELETE') {
        followersCount = 0;
        return json({ updatedCurrentUser: { ...me, followersCount } });
      }
      if (url === '/api/users/username/sam') return json({ ...me, followersCount });
      if (url.startsWith('/api/users/me/followers'))
        return json({ users: [follower], hasMore: false, nextCursor: null });
      return json({});
    });
    function OwnCount() {
      const profile = useProfileQuery('sam');
      return <p data-testid="followers">{profile.data?.followersCount}</p>;
    }
    renderPage(
      <>
        <OwnCount />
        <FollowersPage />
      </>,
      { path: '/u/:username/followers', at: '/u/sam/followers' },
    );
    await waitFor(() => expect(screen.getByTestId('followers').textContent).toBe('1'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove @alex from your followers' }),
    );
    await waitFor(() => expect(screen.getByTestId('followers').textContent).toBe('0'));
    expect(screen.queryByRole('button', { name: 'Remove @alex from your followers' })).toBeNull();
  });
});
