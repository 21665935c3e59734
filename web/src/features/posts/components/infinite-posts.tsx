/**
 * A paged list of posts as cards (a virtualised ARIA feed) or grid tiles, with infinite scroll,
 * a "Load more" fallback, and the loading, empty and error states every list needs.
 */
import type { Post, PostPage } from '@fanspace/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useInfiniteScroll } from '../use-infinite-scroll.ts';
import { PostGridSkeleton, PostTile } from './post-tile.tsx';
import { PostListSkeleton } from './post-skeleton.tsx';
import { VirtualPostList } from './virtual-post-list.tsx';

export type PostLayout = 'list' | 'grid';

/** What the list needs of an infinite query, whatever the shape of its pages. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export function postsOf(data: InfiniteData<PostPage> | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  // Offset paging can repeat a post when new ones arrive between pages; show it once.
  for (const page of data?.pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

export function InfinitePosts({
  query,
  posts,
  layout = 'list',
  empty,
  errorTitle = 'Could not load posts',
  endMessage = 'You are all caught up.',
  label,
}: {
  query: PagedQuery;
  posts: Post[];
  layout?: PostLayout;
  empty: ReactNode;
  errorTitle?: string;
  endMessage?: string | null;
  /** Accessible name of the list. */
  label: string;
}) {
  // the grid loads on a sentinel; the list (virtualised) asks from its rendered range
  const sentinelRef = useInfiniteScroll({
    hasMore: layout === 'grid' && Boolean(query.hasNextPage),
    loading: query.isFetchingNextPage || query.isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
  });

  if (query.isPending) return layout === 'grid' ? <PostGridSkeleton /> : <PostListSkeleton />;
  if (query.isError) {
    return (
      <ErrorState title={errorTitle} onRetry={() => void query.refetch()} retryLabel="Retry" />
    );
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div>
      {layout === 'grid' ? (
        <ul aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostTile post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <VirtualPostList
          posts={posts}
          label={label}
          hasMore={Boolean(query.hasNextPage)}
          loadingMore={query.isFetchingNextPage || query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      <div className="mt-6 flex flex-col items-center gap-2" aria-live="polite">
        {query.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load more posts.
          </p>
        ) : null}
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        ) : endMessage ? (
          <p className="text-sm text-subtle">{endMessage}</p>
        ) : null}
      </div>
    </div>
  );
}
