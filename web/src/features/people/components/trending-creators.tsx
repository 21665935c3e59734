/** Creators to follow (GET /users/trending): feed empty state, sidebars, discover. */
import { Button } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useTrendingCreatorsQuery } from '../queries.ts';
import { UserRow } from './user-row.tsx';

export function TrendingCreators({
  limit = 6,
  label = 'Trending creators',
  showBio = false,
  compact = false,
}: {
  limit?: number;
  label?: string;
  showBio?: boolean;
  compact?: boolean;
}) {
  const trending = useTrendingCreatorsQuery(limit);

  if (trending.isPending) {
    return (
      <div
        role="status"
        aria-label={`Loading ${label.toLowerCase()}`}
        className="flex flex-col gap-4 py-2"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-12 w-12 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="mt-2 h-3 w-20" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (trending.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-4 text-sm text-muted">
        Could not load suggestions.
        <Button variant="secondary" size="sm" onClick={() => void trending.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (trending.data.length === 0) {
    return <p className="py-3 text-sm text-muted">No creators to suggest right now.</p>;
  }
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-line">
      {trending.data.map((user) => (
        <li key={user.id}>
          <UserRow user={user} showBio={showBio} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
