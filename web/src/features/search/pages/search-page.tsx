/** /search?q=&filter= – results in tabs: All, Users, Posts, Hashtags (GET /search). */
import { SEARCH_FILTERS, type SearchFilter, type SearchResponse } from '@fanspace/contracts';
import type { InfiniteData } from '@tanstack/react-query';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { SearchIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { UserRow } from '../../people/components/user-row.tsx';
import { TrendingCreators } from '../../people/components/trending-creators.tsx';
import { HashIcon } from '../../posts/icons.tsx';
import { InfinitePosts } from '../../posts/components/infinite-posts.tsx';
import { PostListSkeleton } from '../../posts/components/post-skeleton.tsx';
import { useSearchQuery } from '../queries.ts';

const TAB_LABELS: Record<SearchFilter, string> = {
  all: 'All',
  users: 'Users',
  posts: 'Posts',
  hashtags: 'Hashtags',
};

function isFilter(value: string | null): value is SearchFilter {
  return (SEARCH_FILTERS as readonly string[]).includes(value ?? '');
}

function collect(data: InfiniteData<SearchResponse> | undefined) {
  const pages = data?.pages ?? [];
  const unique = <T,>(items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
  };
  return {
    users: unique(
      pages.flatMap((p) => p.users),
      (u) => u.id,
    ),
    posts: unique(
      pages.flatMap((p) => p.posts),
      (p) => p.id,
    ),
    hashtags: unique(
      pages.flatMap((p) => p.hashtags),
      (h) => h.tag,
    ),
  };
}

function HashtagList({ hashtags }: { hashtags: SearchResponse['hashtags'] }) {
  return (
    <ul aria-label="Hashtags" className="flex flex-wrap gap-2">
      {hashtags.map((tag) => (
        <li key={tag.tag}>
          <Link
            to={`/tags/${encodeURIComponent(tag.tag)}`}
            className="inline-flex items-center gap-2 rounded-full border border-line px-3.5 py-2 text-sm font-medium text-fg hover:bg-surface-2"
          >
            <HashIcon size={15} className="text-accent-text" />
            {tag.tag}
            <span className="text-xs text-muted">{tag.postsCount}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Results({ q, filter }: { q: string; filter: SearchFilter }) {
  const query = useSearchQuery(q, filter);
  const { users, posts, hashtags } = collect(query.data);
  const nothing = users.length === 0 && posts.length === 0 && hashtags.length === 0;

  if (query.isPending) return <PostListSkeleton count={2} />;
  if (query.isError) {
    return (
      <ErrorState title="Search failed" onRetry={() => void query.refetch()} retryLabel="Retry" />
    );
  }
  if (nothing) {
    return (
      <EmptyState
        icon={<SearchIcon size={26} />}
        title={`Nothing found for “${q}”`}
        description="Check the spelling, or try a creator’s @username or a #hashtag."
      />
    );
  }

  const more = query.hasNextPage ? (
    <div className="mt-5 flex justify-center">
      <Button
        variant="secondary"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        Load more
      </Button>
    </div>
  ) : null;

  if (filter === 'users') {
    return (
      <>
        <ul aria-label="People" className="divide-y divide-line">
          {users.map((user) => (
            <li key={user.id}>
              <UserRow user={user} />
            </li>
          ))}
        </ul>
        {more}
      </>
    );
  }
  if (filter === 'hashtags') {
    return (
      <>
        <HashtagList hashtags={hashtags} />
        {more}
      </>
    );
  }
  if (filter === 'posts') {
    return (
      <InfinitePosts query={query} posts={posts} label="Posts" endMessage={null} empty={null} />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {users.length > 0 ? (
        <section aria-labelledby="people-heading">
          <h2 id="people-heading" className="mb-1 font-semibold text-fg">
            People
          </h2>
          <ul className="divide-y divide-line">
            {users.slice(0, 5).map((user) => (
              <li key={user.id}>
                <UserRow user={user} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hashtags.length > 0 ? (
        <section aria-labelledby="tags-heading">
          <h2 id="tags-heading" className="mb-3 font-semibold text-fg">
            Hashtags
          </h2>
          <HashtagList hashtags={hashtags.slice(0, 12)} />
        </section>
      ) : null}
      {posts.length > 0 ? (
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="mb-3 font-semibold text-fg">
            Posts
          </h2>
          <InfinitePosts query={query} posts={posts} label="Posts" endMessage={null} empty={null} />
        </section>
      ) : (
        more
      )}
    </div>
  );
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawFilter = params.get('filter');
  const filter: SearchFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const [draft, setDraft] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    // The top bar searched again: show its words in this box too.
    setLastQ(q);
    setDraft(q);
  }
  useDocumentTitle(q ? `“${q}” · Search` : 'Search');

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set('q', draft.trim());
    else next.delete('q');
    setParams(next);
  }

  function setFilter(value: SearchFilter): void {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('filter');
    else next.set('filter', value);
    setParams(next, { replace: true });
  }

  function tabKeys(event: KeyboardEvent<HTMLDivElement>): void {
    const index = SEARCH_FILTERS.indexOf(filter);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % SEARCH_FILTERS.length;
    else if (event.key === 'ArrowLeft')
      next = (index - 1 + SEARCH_FILTERS.length) % SEARCH_FILTERS.length;
    else return;
    event.preventDefault();
    const value = SEARCH_FILTERS[next] ?? 'all';
    setFilter(value);
    document.getElementById(`search-tab-${value}`)?.focus();
  }

  return (
    <Page title="Search" width="narrow">
      <form role="search" onSubmit={submit} className="relative mb-4">
        <label htmlFor="search-page-input" className="sr-only">
          Search
        </label>
        <SearchIcon
          size={20}
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-subtle"
        />
        <input
          id="search-page-input"
          type="search"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Search by name, @username or #hashtag"
          className="h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-fg placeholder:text-subtle outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
        />
      </form>

      <div
        role="tablist"
        aria-label="Result types"
        onKeyDown={tabKeys}
        className="mb-6 flex gap-2 border-b border-line"
      >
        {SEARCH_FILTERS.map((value) => (
          <button
            key={value}
            id={`search-tab-${value}`}
            type="button"
            role="tab"
            aria-selected={filter === value}
            aria-controls="search-results"
            tabIndex={filter === value ? 0 : -1}
            onClick={() => setFilter(value)}
            className={cn(
              '-mb-px border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
              filter === value
                ? 'border-accent text-fg'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {TAB_LABELS[value]}
          </button>
        ))}
      </div>

      <div id="search-results" role="tabpanel" aria-labelledby={`search-tab-${filter}`}>
        {q ? (
          <Results key={`${q}|${filter}`} q={q} filter={filter} />
        ) : (
          <div>
            <EmptyState
              icon={<SearchIcon size={26} />}
              title="Find creators, posts and hashtags"
              description="Type a name, an @username or a #hashtag."
            />
            <h2 className="mt-8 mb-1 font-semibold text-fg">Trending creators</h2>
            <TrendingCreators limit={6} showBio />
          </div>
        )}
      </div>
    </Page>
  );
}
