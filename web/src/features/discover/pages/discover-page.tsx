/**
 * Discover (GET /posts?discoverMode=true): public posts ranked by the trending score, as a grid
 * or a list, with trending creators. The server serves it to visitors too.
 */
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CompassIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { useFeedQuery } from '../../feed/queries.ts';
import { TrendingCreators } from '../../people/components/trending-creators.tsx';
import { PopularHashtags } from '../../community/components/popular-hashtags.tsx';
import { InfinitePosts, postsOf, type PostLayout } from '../../posts/components/infinite-posts.tsx';
import { GridIcon, ListIcon } from '../../posts/icons.tsx';

function LayoutToggle({
  value,
  onChange,
}: {
  value: PostLayout;
  onChange: (layout: PostLayout) => void;
}) {
  const options: Array<{ value: PostLayout; label: string; icon: typeof GridIcon }> = [
    { value: 'grid', label: 'Grid', icon: GridIcon },
    { value: 'list', label: 'List', icon: ListIcon },
  ];
  return (
    <div role="group" aria-label="Layout" className="flex rounded-full bg-surface-2 p-1">
      {options.map(({ value: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors',
            value === option ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          <Icon size={16} />
          {label}
        </button>
      ))}
    </div>
  );
}

export function DiscoverPage() {
  useDocumentTitle('Discover');
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const layout: PostLayout = params.get('view') === 'list' ? 'list' : 'grid';
  const feed = useFeedQuery('discover');

  // Older links searched from here; searching has its own page now.
  if (params.get('q')) return <Navigate to={`/search${search}`} replace />;

  function setLayout(next: PostLayout): void {
    const p = new URLSearchParams(params);
    if (next === 'grid') p.delete('view');
    else p.set('view', next);
    setParams(p, { replace: true });
  }

  return (
    <Page
      title="Discover"
      width="wide"
      description="Popular posts and creators right now."
      actions={<LayoutToggle value={layout} onChange={setLayout} />}
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className={cn('min-w-0', layout === 'list' && 'mx-auto w-full max-w-2xl')}>
          <InfinitePosts
            query={feed}
            posts={postsOf(feed.data)}
            layout={layout}
            label="Discover posts"
            endMessage="That is everything for now."
            empty={
              <EmptyState
                icon={<CompassIcon size={26} />}
                title="Nothing to discover yet"
                description="Public posts from creators show up here. Check back soon."
              />
            }
          />
        </div>
        {/* on a phone the creators come first: below an endless feed nobody would reach them */}
        <aside aria-label="Creators" className="order-first lg:order-none">
          <Card className="p-5 lg:sticky lg:top-24">
            <h2 className="font-semibold text-fg">Trending creators</h2>
            <TrendingCreators limit={5} compact />
            <PopularHashtags />
          </Card>
        </aside>
      </div>
    </Page>
  );
}
