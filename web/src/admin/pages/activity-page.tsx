/**
 * Admin · Activity log: the append-only audit log (50 a page), newest first or by action, with
 * an action filter.
 */
import type { AdminSortField, AuditEntry } from '@fanspace/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { adminKeys, fetchActivity } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, formatDate } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

function detailsText(details: Record<string, unknown>): string {
  const entries = Object.entries(details);
  if (entries.length === 0) return '';
  return entries
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

export function ActivityPage() {
  useDocumentTitle('Admin · Activity log');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const sorting = useTableSort<AdminSortField<'activity'>>(
    { sortBy: 'createdAt', order: 'desc' },
    () => setPage(1),
  );
  const activity = useQuery({
    queryKey: adminKeys.activity(page, action, sorting.params),
    queryFn: () => fetchActivity(page, action, sorting.params),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap',
      sortKey: 'createdAt',
      render: (e) => formatDate(e.createdAt),
    },
    { key: 'admin', header: 'Admin', render: (e) => (e.admin ? `@${e.admin.username}` : 'System') },
    {
      key: 'action',
      header: 'Action',
      sortKey: 'action',
      sortFirst: 'asc',
      render: (e) => <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{e.action}</code>,
    },
    {
      key: 'target',
      header: 'Target',
      render: (e) =>
        e.targetType ? (
          <span className="text-xs">
            {e.targetType} <span className="text-muted">{e.targetId}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'reason',
      header: 'Reason and details',
      render: (e) => (
        <div className="max-w-sm text-xs">
          {e.reason ? <p className="text-fg">{e.reason}</p> : null}
          <p className="wrap-anywhere text-muted">{detailsText(e.details)}</p>
        </div>
      ),
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader
        title="Activity log"
        description="Who did what in the back office, and when."
      />
      <SearchForm
        className="mb-4 max-w-lg"
        search={false}
        label="Filter by action"
        placeholder="user.ban, report.resolve…"
        buttonLabel="Filter"
        maxLength={60}
        onSearch={(text) => {
          setAction(text);
          setPage(1);
        }}
      />
      <DataTable
        caption="Admin activity"
        columns={columns}
        rows={activity.data?.activities}
        rowKey={(e) => e.id}
        sorting={sorting}
        isLoading={activity.isPending}
        error={activity.error}
        onRetry={() => void activity.refetch()}
        emptyTitle={action ? 'No matching activity' : 'No admin activity yet'}
      />
      {activity.data ? (
        <Pagination
          label="Activity pages"
          page={activity.data.currentPage}
          totalPages={activity.data.totalPages}
          total={activity.data.total}
          onChange={setPage}
        />
      ) : null}
    </div>
  );
}
