import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePost } from '../../test/post-fixtures.ts';
import {
  findCachedPost,
  removePostFromCaches,
  updatePostInCaches,
  withLike,
} from './post-cache.ts';

describe('one post, every cache', () => {
  it('updates a post in feeds, pages, search results and its own entry', () => {
    const client = new QueryClient();
    const post = makePost({ likeCount: 1 });
    const other = makePost();
    client.setQueryData(['posts', 'feed', 'home'], {
      pages: [{ posts: [other, post], currentPage: 1, totalPages: 1, hasMore: false }],
      pageParams: [1],
    });
    client.setQueryData(['posts', 'detail', post.id], post);
    client.setQueryData(['search', 'results', 'x', 'all'], {
      pages: [{ posts: [post], users: [], hashtags: [] }],
      pageParams: [1],
    });
    updatePostInCaches(client, post.id, (p) => withLike(p, true));
    expect(findCachedPost(client, post.id)?.likeCount).toBe(2);
    expect(
      client.getQueryData<typeof post>(['posts', 'detail', post.id])?.isLikedByCurrentUser,
    ).toBe(true);

    removePostFromCaches(client, post.id);
    const feed = client.getQueryData<{ pages: Array<{ posts: unknown[] }> }>([
      'posts',
      'feed',
      'home',
    ]);
    expect(feed?.pages[0]?.posts).toEqual([other]);
  });
});
