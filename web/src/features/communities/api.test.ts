import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { expectLikeTimeout } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { likeCommunityPost } from './api.ts';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('communities api', () => {
  it('gives a community-post like the 10 s like timeout of spec §9, not the 30 s default', () =>
    expectLikeTimeout(fetchMock, () => likeCommunityPost('p1'), '/api/communities/posts/p1/like'));
});
