/** Admin · Activity log: the append-only audit log, newest first (50 a page), action filter. */
import type { AuditEntry } from '@fanspace/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { adminKeys, fetchActivity } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, formatDate } from '../components/fields.tsx';

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
  const [actionInput, setActionInput] = useState('');
  const [action, setAction] = useState('');
  const activity = useQuery({
    queryKey: adminKeys.activity(page, action),
    queryFn: () => fetchActivity(page, action),
    placeholderData: keepPreviousData,
  });

  function onFilter(event: FormEvent) {
    event.preventDefault();
    setAction(actionInput.trim());
    setPage(1);
  }

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap',
      render: (e) => formatDate(e.createdAt),
    },
    { key: 'admin', header: 'Admin', render: (e) => (e.admin ? `@${e.admin.username}` : 'System') },
    {
      key: 'action',
      header: 'Action',
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
          <p className="break-words text-muted">{detailsText(e.details)}</p>
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
      <form onSubmit={onFilter} className="mb-4 flex max-w-lg items-end gap-2">
        <TextField
          className="flex-1"
          label="Filter by action"
          placeholder="user.ban, report.resolve…"
          value={actionInput}
          onChange={(e) => setActionInput(e.target.value)}
        />
        <Button type="submit" variant="secondary" className="h-11">
          Filter
        </Button>
      </form>
      <DataTable
        caption="Admin activity"
        columns={columns}
        rows={activity.data?.activities}
        rowKey={(e) => e.id}
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
