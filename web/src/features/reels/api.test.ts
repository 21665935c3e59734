import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIKE_TIMEOUT_MS } from '../../lib/api/index.ts';
import { flush, hangingFetch } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { likeReel } from './api.ts';

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

describe('reels api', () => {
  it('gives a reel like the 10 s like timeout of spec §9, not the 30 s default', async () => {
    expect(LIKE_TIMEOUT_MS).toBe(10_000);
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    let outcome: unknown = 'pending';
    void likeReel('r1').catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/reels/r1/like');
    expect(fetchMock.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await flush(20);
    expect(outcome).toMatchObject({
      code: 'TIMEOUT',
      message: 'timeout of 10000ms exceeded',
    });
  });
});
