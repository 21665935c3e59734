/**
 * The back office's table: real column headers, and one of loading, error, empty or rows.
 * Scrolls sideways on narrow screens instead of squashing columns. Sortable columns have a
 * button in their header (keyboard operable, `aria-sort` on the header cell, an arrow for the
 * direction); the sorting itself happens on the server (see use-table-sort.ts).
 */
import type { SortOrder } from '@fanspace/contracts';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { icon } from '../../ui/icons.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import type { TableSorting } from './use-table-sort.ts';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  className?: string;
  /** the server's sortBy for this column; absent: not sortable */
  sortKey?: string;
  /** the direction a first click sorts in (default desc; text columns: asc) */
  sortFirst?: SortOrder;
}

const SortUpIcon = icon('SortUpIcon', <path d="M12 19V5M6 11l6-6 6 6" />);
const SortDownIcon = icon('SortDownIcon', <path d="M12 5v14M6 13l6 6 6-6" />);
const SortableIcon = icon('SortableIcon', <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />);

function HeaderCell<T>({ column, sorting }: { column: Column<T>; sorting?: TableSorting }) {
  const { sortKey } = column;
  if (!sorting || !sortKey)
    return (
      <th scope="col" className={cn('px-4 py-3', column.className)}>
        {column.header}
      </th>
    );
  const active = sorting.sort?.sortBy === sortKey;
  const order = sorting.sort?.order;
  const Arrow = !active ? SortableIcon : order === 'asc' ? SortUpIcon : SortDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-2 py-1.5', column.className)}
    >
      <button
        type="button"
        onClick={() => sorting.toggle(sortKey, column.sortFirst)}
        title={`Sort by ${column.header.toLowerCase()}`}
        className={cn(
          'inline-flex min-h-9 items-center gap-1 rounded-lg px-2 py-1 font-semibold tracking-wide uppercase',
          'hover:bg-surface-3 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent',
          active ? 'text-fg' : 'text-muted',
        )}
      >
        {column.header}
        <Arrow size={14} className={active ? undefined : 'opacity-50'} />
      </button>
    </th>
  );
}

export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  emptyTitle: string;
  emptyDescription?: string;
  /** server-side sorting of the sortable columns (from useTableSort) */
  sorting?: TableSorting;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  emptyTitle,
  emptyDescription,
  sorting,
}: DataTableProps<T>) {
  if (isLoading && !rows) return <LoadingState label={`Loading ${caption.toLowerCase()}…`} />;
  if (error && !rows) {
    return (
      <ErrorState
        title={`Could not load ${caption.toLowerCase()}`}
        message={errorMessageOf(error, 'Check your connection and try again.')}
        onRetry={onRetry}
      />
    );
  }
  if (!rows || rows.length === 0) {
    return <EmptyState title={emptyTitle} description={emptyDescription} />;
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sorting={sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line align-top">
              {columns.map((column) => (
                <td key={column.key} className={cn('px-4 py-3 text-fg', column.className)}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pagination({
  page,
  totalPages,
  total,
  onChange,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  total?: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1 && !total) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted" aria-live="polite">
        Page {page} of {Math.max(totalPages, 1)}
        {total !== undefined ? ` · ${total} in total` : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
