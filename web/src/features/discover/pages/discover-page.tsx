import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CompassIcon, SearchIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'creators', label: 'Creators' },
  { value: 'posts', label: 'Posts' },
  { value: 'hashtags', label: 'Hashtags' },
] as const;

export function DiscoverPage() {
  useDocumentTitle('Discover');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const filter = params.get('filter') ?? 'all';
  const [draft, setDraft] = useState(q);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set('q', draft.trim());
    else next.delete('q');
    setParams(next);
  }

  function setFilter(value: string): void {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('filter');
    else next.set('filter', value);
    setParams(next, { replace: true });
  }

  return (
    <Page title="Discover" description="Find creators, posts and hashtags.">
      <form role="search" onSubmit={submit} className="relative">
        <label htmlFor="discover-search" className="sr-only">
          Search
        </label>
        <SearchIcon
          size={20}
          className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-subtle"
        />
        <input
          id="discover-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search by name, @username or #hashtag"
          className="h-12 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-fg placeholder:text-subtle outline-none focus:border-accent focus:ring-2 focus:ring-accent/30"
        />
      </form>

      <div role="group" aria-label="Filter results" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
              filter === f.value
                ? 'border-transparent bg-fg text-canvas'
                : 'border-line text-muted hover:bg-surface-2 hover:text-fg',
            )}
          >
            {f.label}
          </button>
        ))}
      </div>

      <EmptyState
        className="mt-8"
        icon={q ? <SearchIcon size={26} /> : <CompassIcon size={26} />}
        title={q ? `Nothing found for “${q}”` : 'Start exploring'}
        description={
          q
            ? 'Check the spelling, or try a creator’s @username or a #hashtag.'
            : 'Trending creators and new faces will be listed here. Search for someone you already know to jump straight to their page.'
        }
      />
    </Page>
  );
}
