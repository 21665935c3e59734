/**
 * Communities (spec §2 community views): a grid (or list) with filters search, category
 * (default all) and sortBy (default activity), a create modal and a join modal. Trending and
 * recommended communities sit above the grid while no filter is set.
 */
import { COMMUNITY_SORTS, type Community, type CommunitySort } from '@fanspace/contracts';
import { useDeferredValue, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PlusIcon, SearchIcon, UsersIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { DEFAULT_FILTERS, type CommunityFilters } from '../api.ts';
import { CommunityCard } from '../components/community-card.tsx';
import { CreateCommunityDialog, JoinCommunityDialog } from '../components/community-dialogs.tsx';
import { CATEGORY_OPTIONS, SORT_LABELS } from '../labels.ts';
import { useCommunitiesQuery, useTrendingQuery } from '../queries.ts';

const selectClass = 'h-11 rounded-xl border border-line bg-surface px-3 text-sm text-fg';

function Filters({
  filters,
  onChange,
}: {
  filters: CommunityFilters;
  onChange: (next: CommunityFilters) => void;
}) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]" role="search">
      <label className="relative flex items-center">
        <span className="sr-only">Search communities</span>
        <SearchIcon
          size={16}
          className="pointer-events-none absolute left-3 text-muted"
          aria-hidden
        />
        <input
          type="search"
          value={filters.search}
          placeholder="Search communities"
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
          className="h-11 w-full rounded-xl border border-line bg-surface pl-9 pr-3 text-sm text-fg"
        />
      </label>
      <label className="flex items-center gap-2 text-sm text-muted">
        Category
        <select
          className={selectClass}
          value={filters.category}
          onChange={(e) =>
            onChange({ ...filters, category: e.target.value as CommunityFilters['category'] })
          }
        >
          <option value="all">All</option>
          {CATEGORY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-muted">
        Sort by
        <select
          className={selectClass}
          value={filters.sortBy}
          onChange={(e) => onChange({ ...filters, sortBy: e.target.value as CommunitySort })}
        >
          {COMMUNITY_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Trending({ onJoin }: { onJoin: (c: Community) => void }) {
  const trending = useTrendingQuery();
  const list = (trending.data?.communities ?? []).slice(0, 4);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading" className="mb-6">
      <h2 id="trending-heading" className="mb-3 font-semibold text-fg">
        Trending this week
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {list.map((c) => (
          <CommunityCard key={c.id} community={c} mode="grid" onJoin={onJoin} />
        ))}
      </div>
    </section>
  );
}

export function CommunitiesPage() {
  useDocumentTitle('Communities');
  const [filters, setFilters] = useState<CommunityFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<'grid' | 'list'>('grid');
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState<Community | null>(null);
  const deferred = useDeferredValue(filters);
  const communities = useCommunitiesQuery(deferred, page);
  const unfiltered =
    !filters.search.trim() && filters.category === 'all' && filters.sortBy === 'activity';

  function change(next: CommunityFilters) {
    setFilters(next);
    setPage(1);
  }

  return (
    <Page
      title="Communities"
      width="wide"
      description="Find your people: join a community, post, and like what others share."
      actions={
        <Button icon={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
          Create community
        </Button>
      }
    >
      {unfiltered ? <Trending onJoin={setJoining} /> : null}
      <Filters filters={filters} onChange={change} />
      <div className="mb-4 w-48">
        <SegmentedControl
          label="View"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
      </div>
      {communities.isPending ? (
        <div
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading communities"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-3xl" />
          ))}
        </div>
      ) : communities.isError ? (
        <ErrorState onRetry={() => void communities.refetch()} />
      ) : communities.data.communities.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={26} />}
          title={unfiltered ? 'No communities yet' : 'No communities match'}
          description={unfiltered ? 'Start the first one.' : 'Try another search or category.'}
          action={
            <Button icon={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
              Create community
            </Button>
          }
        />
      ) : (
        <>
          <ul
            className={
              mode === 'grid' ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-2'
            }
            aria-label="Communities"
          >
            {communities.data.communities.map((c) => (
              <li key={c.id}>
                <CommunityCard community={c} mode={mode} onJoin={setJoining} />
              </li>
            ))}
          </ul>
          {communities.data.hasMore || page > 1 ? (
            <nav className="mt-6 flex justify-center gap-2" aria-label="Pages">
              <Button variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                variant="outline"
                disabled={!communities.data.hasMore}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {/* mounted per opening, so it always opens empty (no last input or error) */}
      {creating ? <CreateCommunityDialog open onClose={() => setCreating(false)} /> : null}
      <JoinCommunityDialog community={joining} onClose={() => setJoining(null)} />
    </Page>
  );
}
