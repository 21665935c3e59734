import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { makePost } from '../../test/post-fixtures.ts';
import { renderPage, signIn, stubFetch, type FetchMock } from '../../test/render.tsx';
import { PostCard } from './components/post-card.tsx';
import { resetViewTracking } from './use-view-tracking.ts';

type Callback = (entries: Array<Partial<IntersectionObserverEntry>>) => void;
let observers: Array<{ callback: Callback; options?: IntersectionObserverInit }> = [];
let fetchMock: FetchMock;

class FakeObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observers.push({ callback, options });
  }
  observe(): void {}
  disconnect(): void {}
  unobserve(): void {}
}

beforeEach(() => {
  observers = [];
  resetViewTracking();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  fetchMock = stubFetch();
  fetchMock.mockResolvedValue(json({ postId: 'x', counted: true, viewCount: 11 }));
  signIn(makeMeUser());
});
afterEach(() => vi.unstubAllGlobals());

function viewCalls() {
  return fetchMock.mock.calls.filter(([url]) => url.endsWith('/view'));
}

describe('view tracking (POST /posts/{id}/view once at ≥ 50% visible)', () => {
  it('counts once, only when half the post is on screen', async () => {
    const post = makePost({ isOwner: false });
    renderPage(<PostCard post={post} />);
    const viewObserver = observers.find((o) => o.options?.threshold === 0.5);
    expect(viewObserver).toBeTruthy();

    await act(async () =>
      viewObserver!.callback([{ isIntersecting: true, intersectionRatio: 0.3 }]),
    );
    expect(viewCalls()).toHaveLength(0);

    await act(async () =>
      viewObserver!.callback([{ isIntersecting: true, intersectionRatio: 0.6 }]),
    );
    await act(async () => viewObserver!.callback([{ isIntersecting: true, intersectionRatio: 1 }]));
    expect(viewCalls()).toHaveLength(1);
    expect(viewCalls()[0]![0]).toBe(`/api/posts/${post.id}/view`);
    expect(viewCalls()[0]![1].method).toBe('POST');
  });

  it('does not count the owner’s own post', () => {
    renderPage(<PostCard post={makePost({ isOwner: true })} />);
    expect(observers.find((o) => o.options?.threshold === 0.5)).toBeUndefined();
  });
});
