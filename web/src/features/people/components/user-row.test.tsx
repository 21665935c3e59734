import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicUser } from '../../../test/fixtures.ts';
import { json } from '../../../test/api-harness.ts';
import { renderPage, stubFetch, type FetchMock } from '../../../test/render.tsx';
import { SuggestedCreators } from '../../profile/components/suggested-creators.tsx';
import { UserRow } from './user-row.tsx';

let fetchMock: FetchMock;

describe('UserRow', () => {
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts one follower in the singular and more in the plural', () => {
    renderPage(
      <>
        <UserRow user={makePublicUser({ username: 'solo', followersCount: 1 })} />
        <UserRow user={makePublicUser({ username: 'duo', followersCount: 2 })} />
      </>,
    );
    expect(screen.getByText('@solo · 1 follower')).toBeTruthy();
    expect(screen.getByText('@duo · 2 followers')).toBeTruthy();
  });

  it('counts them the same way in the suggested creators', async () => {
    fetchMock.mockResolvedValue(
      json({ users: [makePublicUser({ username: 'solo', isCreator: true, followersCount: 1 })] }),
    );
    renderPage(<SuggestedCreators />);
    expect(await screen.findByText('@solo · 1 follower')).toBeTruthy();
  });
});
