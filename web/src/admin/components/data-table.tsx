/**
 * The back office's table: real column headers, and one of loading, error, empty or rows.
 * Scrolls sideways on narrow screens instead of squashing columns.
 */
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  className?: string;
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
              <th key={column.key} scope="col" className={cn('px-4 py-3', column.className)}>
                {column.header}
              </th>
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
