import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';

/**
 * One tab of a community (posts, members): a labelled section with its form when the viewer
 * may use it, then its list as the query stands – a skeleton while loading, the retry state on
 * an error, else `children` with the pages loaded so far and "Show more" while there are more.
 */
export function CommunityTab<T>({
  label,
  form,
  query,
  skeletonClassName,
  cardClassName,
  children,
}: {
  label: string;
  form?: ReactNode;
  query: UseInfiniteQueryResult<InfiniteData<T>>;
  skeletonClassName: string;
  /** the list sits in a card with this class (none: no card) */
  cardClassName?: string;
  children: (pages: T[]) => ReactNode;
}) {
  const body = query.isPending ? (
    <Skeleton className={skeletonClassName} />
  ) : query.isError ? (
    <ErrorState onRetry={() => void query.refetch()} />
  ) : (
    <>
      {children(query.data.pages)}
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="my-3 w-full"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more
        </Button>
      ) : null}
    </>
  );
  return (
    <section aria-label={label}>
      {form}
      {cardClassName === undefined ? body : <Card className={cardClassName}>{body}</Card>}
    </section>
  );
}
