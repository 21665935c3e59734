import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';

/**
 * One tab of a community (posts, members): a labelled section with its form when the viewer
 * may use it, then its list as the query stands – a skeleton while loading, the retry state on
 * an error, else `children` with the data.
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
  query: UseQueryResult<T>;
  skeletonClassName: string;
  /** the list sits in a card with this class (none: no card) */
  cardClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const body = query.isPending ? (
    <Skeleton className={skeletonClassName} />
  ) : query.isError ? (
    <ErrorState onRetry={() => void query.refetch()} />
  ) : (
    children(query.data)
  );
  return (
    <section aria-label={label}>
      {form}
      {cardClassName === undefined ? body : <Card className={cardClassName}>{body}</Card>}
    </section>
  );
}
