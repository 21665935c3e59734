/**
 * One post can sit in many cached lists at once (home feed, discover, a profile grid, search
 * results, its own page). These helpers change it everywhere, so a like or an edit shows the
 * same state on every screen, and take it out everywhere after a delete.
 */
import type { Post } from '@fanspace/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Roots of every query key whose data may hold posts. */
export const POST_BEARING_ROOTS: readonly QueryKey[] = [['posts'], ['search']];

type PostMapper = (post: Post) => Post | null;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPost(value: unknown): value is Post {
  return isRecord(value) && typeof value.postId === 'string' && isRecord(value.accessDetails);
}

/**
 * Applies `map` to every post inside a cached value: a post, a page `{ posts }`, or infinite
 * data `{ pages: [...] }`. A null result drops the post from lists (a single post stays).
 */
export function mapPostsIn(data: unknown, map: PostMapper): unknown {
  if (isPost(data)) return map(data) ?? data;
  if (!isRecord(data)) return data;
  if (Array.isArray(data.pages)) {
    const pages = data.pages.map((page) => mapPostsIn(page, map));
    return pages.every((page, i) => page === (data.pages as unknown[])[i])
      ? data
      : { ...data, pages };
  }
  if (Array.isArray(data.posts)) {
    let changed = false;
    const posts: Post[] = [];
    for (const item of data.posts as unknown[]) {
      if (!isPost(item)) {
        posts.push(item as Post);
        continue;
      }
      const next = map(item);
      if (next !== item) changed = true;
      if (next) posts.push(next);
    }
    return changed ? { ...data, posts } : data;
  }
  return data;
}

function updateEverywhere(client: QueryClient, map: PostMapper): void {
  for (const queryKey of POST_BEARING_ROOTS) {
    client.setQueriesData({ queryKey }, (old: unknown) => mapPostsIn(old, map));
  }
}

export function updatePostInCaches(
  client: QueryClient,
  postId: string,
  update: (post: Post) => Post,
): void {
  updateEverywhere(client, (post) => (post.id === postId ? update(post) : post));
}

export function removePostFromCaches(client: QueryClient, postId: string): void {
  updateEverywhere(client, (post) => (post.id === postId ? null : post));
}

/** The freshest cached copy of a post, wherever it is. */
export function findCachedPost(client: QueryClient, postId: string): Post | null {
  let found: Post | null = null;
  for (const queryKey of POST_BEARING_ROOTS) {
    for (const [, data] of client.getQueriesData({ queryKey })) {
      mapPostsIn(data, (post) => {
        if (!found && post.id === postId) found = post;
        return post;
      });
      if (found) return found;
    }
  }
  return found;
}

/** The post as it looks once `like` is applied; unchanged when it already is. */
export function withLike(post: Post, like: boolean): Post {
  if (post.isLikedByCurrentUser === like) return post;
  const likeCount = Math.max(0, post.likeCount + (like ? 1 : -1));
  return { ...post, isLikedByCurrentUser: like, likeCount, likes: likeCount };
}
