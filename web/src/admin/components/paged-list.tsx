/**
 * The pieces every paged admin card list repeats (community tabs, suggestions): a status filter
 * that goes back to page 1 when it changes, the loading / error / empty states, the list with
 * its pagination, and the card each row sits in.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Pagination } from './data-table.tsx';
import { SelectField } from './fields.tsx';

export interface PageInfo {
  currentPage: number;
  totalPages: number;
  total: number;
}

/** Page and status of a filtered list; a new status starts again at page 1. */
export function usePagedFilter() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  return {
    page,
    setPage,
    status,
    setStatus: (next: string) => {
      setStatus(next);
      setPage(1);
    },
  };
}

/** A status select with an "All" choice ('' = no filter). */
export function StatusFilter({
  label,
  value,
  onChange,
  statuses,
  labelOf = (status) => status,
}: {
  label: string;
  value: string;
  onChange: (status: string) => void;
  statuses: readonly string[];
  labelOf?: (status: string) => string;
}) {
  return (
    <SelectField
      label={label}
      className="mb-4 max-w-xs"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[
        { value: '', label: 'All' },
        ...statuses.map((s) => ({ value: s, label: labelOf(s) })),
      ]}
    />
  );
}

/**
 * The states of a paged list query: loading, error (with retry), empty, or the rows in a
 * labelled region followed by the pagination.
 */
export function PagedList<D extends PageInfo, T>({
  query,
  rows,
  label,
  loadingLabel,
  errorTitle,
  emptyTitle,
  onPage,
  header,
  className = 'flex flex-col gap-3',
  children,
}: {
  query: UseQueryResult<D>;
  rows: (data: D) => readonly T[];
  /** names the region around the list */
  label: string;
  loadingLabel: string;
  errorTitle: string;
  /** null: an empty page still shows the header and pagination (e.g. totals) */
  emptyTitle: string | null;
  onPage: (page: number) => void;
  header?: (data: D) => ReactNode;
  className?: string;
  children: (row: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError)
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessageOf(query.error, 'Try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  const list = rows(data);
  if (list.length === 0 && emptyTitle !== null) return <EmptyState title={emptyTitle} />;
  return (
    <section aria-label={label}>
      {header?.(data)}
      <ul className={className}>{list.map(children)}</ul>
      <Pagination
        page={data.currentPage}
        totalPages={data.totalPages}
        total={data.total}
        onChange={onPage}
      />
    </section>
  );
}

/** The bordered card of one row; compact for short rows (feedback, roadmap). */
export function ListCard({
  children,
  compact = false,
  className,
}: {
  children: ReactNode;
  compact?: boolean;
  className?: string;
}) {
  return (
    <li
      className={cn(
        'rounded-2xl border border-line bg-surface text-sm',
        compact ? 'p-3' : 'p-4',
        className,
      )}
    >
      {children}
    </li>
  );
}
