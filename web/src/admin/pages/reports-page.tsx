/**
 * Admin · Reports: the moderation queue. Status tabs (20 a page), filters by type, source (users
 * or automatic flags) and priority, sortable columns, the resolve dialog, and bulk approve
 * (keep) / reject (remove content) of selected reports. Automatic flags (a flagged term
 * matched) carry a badge; content reported by the threshold's number of users is high priority.
 */
import {
  ADMIN_TOASTS,
  REPORT_ACTIONS,
  type AdminSortField,
  type Report,
  type ReportAction,
  type ReportPriority,
  type ReportSource,
  type ReportType,
} from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FlagIcon, SparklesIcon } from '../../ui/icons.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  adminKeys,
  bulkResolveReports,
  fetchReports,
  resolveReport,
  type ReportListQuery,
  type ReportStatus,
} from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, SelectField, StatusPill, formatDate } from '../components/fields.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismiss (no action)',
  resolve: 'Mark resolved (no action)',
  delete_content: 'Delete the reported content',
  warn_user: 'Warn the owner',
  suspend_user: 'Suspend the owner',
  ban_user: 'Ban the owner',
};

/** The past tense the server uses in 'Report {action} successfully' when it sends no message. */
const PAST: Record<ReportAction, string> = {
  dismiss: 'dismissed',
  resolve: 'resolved',
  delete_content: 'resolved',
  warn_user: 'resolved',
  suspend_user: 'resolved',
  ban_user: 'resolved',
};

const TYPE_OPTIONS: Array<{ value: ReportType | ''; label: string }> = [
  { value: '', label: 'All types' },
  { value: 'post', label: 'Posts' },
  { value: 'comment', label: 'Comments' },
  { value: 'message', label: 'Messages' },
  { value: 'user', label: 'Profiles' },
];

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/** The badges of a report: an automatic flag, and high priority. */
export function ReportBadges({ report }: { report: Report }) {
  if (report.source !== 'auto' && report.priority !== 'high') return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {report.source === 'auto' ? (
        <span className={cn(BADGE, 'bg-sky-500/15 text-sky-700 dark:text-sky-300')}>
          <SparklesIcon size={12} />
          Automatic flag
        </span>
      ) : null}
      {report.priority === 'high' ? (
        <span className={cn(BADGE, 'bg-danger-soft text-danger')}>
          <FlagIcon size={12} />
          High priority
        </span>
      ) : null}
    </span>
  );
}

export function ReportsPage() {
  useDocumentTitle('Admin · Reports');
  const [status, setStatus] = useState<ReportStatus>('pending');
  const [type, setType] = useState<ReportType | ''>('');
  const [source, setSource] = useState<ReportSource | ''>('');
  const [priority, setPriority] = useState<ReportPriority | ''>('');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<Report | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const restart = () => {
    setPage(1);
    setSelected(new Set());
  };
  const sorting = useTableSort<AdminSortField<'reports'>>(
    { sortBy: 'createdAt', order: 'desc' },
    restart,
  );
  const queryClient = useQueryClient();
  const bulk = useMutation({
    mutationFn: (action: ReportAction) => bulkResolveReports([...selected], action),
    onSuccess: (result) => {
      if (result.failed.length === 0) toast.success(result.message);
      else toast.error(result.message);
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: () => toast.error(ADMIN_TOASTS.reportFailed),
  });
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const query: ReportListQuery = {
    status,
    page,
    ...(type ? { type } : {}),
    ...(source ? { source } : {}),
    ...(priority ? { priority } : {}),
    ...sorting.params,
  };
  const reports = useQuery({
    queryKey: adminKeys.reportList(query),
    queryFn: () => fetchReports(query),
    placeholderData: keepPreviousData,
  });
  const pendingRows = (reports.data?.reports ?? []).filter((r) => r.status === 'pending');
  const filtered = Boolean(type || source || priority);

  const columns: Column<Report>[] = [
    ...(pendingRows.length > 0
      ? [
          {
            key: 'pick',
            header: 'Select',
            render: (r: Report) =>
              r.status === 'pending' ? (
                <input
                  type="checkbox"
                  aria-label={`Select report about ${r.type} ${r.reason}`}
                  checked={selected.has(r.id)}
                  onChange={(e) => toggle(r.id, e.target.checked)}
                  className="h-4 w-4 accent-[var(--fs-accent)]"
                />
              ) : null,
          },
        ]
      : []),
    {
      key: 'what',
      header: 'Reported',
      sortKey: 'type',
      sortFirst: 'asc',
      render: (r) => (
        <div>
          <p className="font-semibold capitalize">{r.type}</p>
          <p className="text-xs text-muted">
            {r.targetUser ? `by @${r.targetUser.username}` : 'owner unknown'}
          </p>
          <ReportBadges report={r} />
        </div>
      ),
    },
    {
      key: 'reason',
      header: 'Reason',
      render: (r) => (
        <div className="max-w-xs">
          <p>{r.reason}</p>
          {r.details ? <p className="mt-1 text-xs text-muted">{r.details}</p> : null}
        </div>
      ),
    },
    {
      key: 'reporter',
      header: 'Reporter',
      render: (r) =>
        r.reporter ? (
          `@${r.reporter.username}`
        ) : (
          <span className="text-muted">{r.source === 'auto' ? 'Flagged terms' : '—'}</span>
        ),
    },
    {
      key: 'reporters',
      header: 'Reporters',
      className: 'text-right tabular-nums',
      sortKey: 'reporterCount',
      render: (r) => (
        <span title="Distinct users who reported the same thing">{r.reporterCount}</span>
      ),
    },
    {
      key: 'created',
      header: 'Reported at',
      className: 'min-w-28',
      sortKey: 'createdAt',
      render: (r) => formatDate(r.createdAt),
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      sortFirst: 'asc',
      render: (r) => (
        <div>
          <StatusPill status={r.status} />
          {r.action ? (
            <p className="mt-1 text-xs text-muted">{r.action.replace('_', ' ')}</p>
          ) : null}
          {r.notes ? <p className="mt-1 text-xs text-muted">{r.notes}</p> : null}
        </div>
      ),
    },
    {
      key: 'act',
      header: 'Actions',
      className: 'text-right',
      render: (r) =>
        r.status === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setResolving(r)}
            aria-label={`Resolve report about ${r.type} ${r.reason}`}
          >
            Resolve
          </Button>
        ) : (
          <span className="text-xs text-muted">{formatDate(r.resolvedAt)}</span>
        ),
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader
        title="Reports"
        description="Reports from users, and automatic flags, about posts, comments, messages and profiles."
      />
      <div className="mb-4 grid gap-3 md:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] xl:items-end">
        <div className="md:col-span-2 xl:col-span-1">
          <SegmentedControl
            label="Show reports"
            value={status}
            onChange={(value) => {
              setStatus(value);
              restart();
            }}
            options={[
              { value: 'pending', label: 'Pending' },
              { value: 'resolved', label: 'Resolved' },
              { value: 'dismissed', label: 'Dismissed' },
              { value: 'all', label: 'All' },
            ]}
          />
        </div>
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as ReportType | '');
            restart();
          }}
          options={TYPE_OPTIONS}
        />
        <SelectField
          label="Source"
          value={source}
          onChange={(e) => {
            setSource(e.target.value as ReportSource | '');
            restart();
          }}
          options={[
            { value: '', label: 'All sources' },
            { value: 'user', label: 'Reported by users' },
            { value: 'auto', label: 'Automatic flags' },
          ]}
        />
        <SelectField
          label="Priority"
          value={priority}
          onChange={(e) => {
            setPriority(e.target.value as ReportPriority | '');
            restart();
          }}
          options={[
            { value: '', label: 'Any priority' },
            { value: 'high', label: 'High priority' },
            { value: 'normal', label: 'Normal' },
          ]}
        />
      </div>
      {pendingRows.length > 0 ? (
        <div
          className="mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface-2 px-3 py-2 text-sm"
          role="group"
          aria-label="Bulk moderation"
        >
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={pendingRows.every((r) => selected.has(r.id))}
              onChange={(e) =>
                setSelected(e.target.checked ? new Set(pendingRows.map((r) => r.id)) : new Set())
              }
              className="h-4 w-4 accent-[var(--fs-accent)]"
            />
            Select all on this page
          </label>
          <span className="text-muted" aria-live="polite">
            {selected.size} selected
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={selected.size === 0}
              loading={bulk.isPending && bulk.variables === 'dismiss'}
              onClick={() => bulk.mutate('dismiss')}
            >
              Approve (keep content)
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={selected.size === 0}
              loading={bulk.isPending && bulk.variables === 'delete_content'}
              onClick={() => bulk.mutate('delete_content')}
            >
              Reject (remove content)
            </Button>
          </div>
        </div>
      ) : null}
      <DataTable
        caption="Reports"
        columns={columns}
        rows={reports.data?.reports}
        rowKey={(r) => r.id}
        sorting={sorting}
        isLoading={reports.isPending}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        emptyTitle={
          filtered
            ? 'No reports match'
            : status === 'pending'
              ? 'No pending reports'
              : status === 'all'
                ? 'No reports yet'
                : `No ${status} reports`
        }
        emptyDescription={
          filtered
            ? 'Try other filters.'
            : status === 'pending'
              ? 'Nothing is waiting for review.'
              : undefined
        }
      />
      {reports.data ? (
        <Pagination
          label="Report pages"
          page={reports.data.currentPage}
          totalPages={reports.data.totalPages}
          total={reports.data.total}
          onChange={setPage}
        />
      ) : null}
      {resolving ? (
        <ResolveReportDialog report={resolving} onClose={() => setResolving(null)} />
      ) : null}
    </div>
  );
}

export function ResolveReportDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<ReportAction>('resolve');
  const [notes, setNotes] = useState('');
  const mutation = useMutation({
    mutationFn: () => resolveReport(report.id, action, notes.trim() || undefined),
    onSuccess: (result) => {
      toast.success(result.message || ADMIN_TOASTS.reportResolved(PAST[action]));
      void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      if (action === 'delete_content') {
        void queryClient.invalidateQueries({ queryKey: adminKeys.posts() });
      }
      if (action.endsWith('_user')) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      }
      onClose();
    },
    onError: () => {
      toast.error(ADMIN_TOASTS.reportFailed);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }

  const danger = action === 'ban_user' || action === 'suspend_user' || action === 'delete_content';
  return (
    <Dialog
      open
      onClose={onClose}
      title="Resolve report"
      description={`${report.type} ${report.source === 'auto' ? 'flagged' : 'reported'} for “${report.reason}”${
        report.targetUser ? ` · owner @${report.targetUser.username}` : ''
      }`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="resolve-report-form"
            variant={danger ? 'danger' : 'primary'}
            loading={mutation.isPending}
          >
            Confirm
          </Button>
        </>
      }
    >
      <form id="resolve-report-form" onSubmit={submit} className="flex flex-col gap-4">
        {report.details ? <p className="text-sm text-muted">{report.details}</p> : null}
        <SelectField
          label="Action"
          value={action}
          onChange={(e) => setAction(e.target.value as ReportAction)}
          options={REPORT_ACTIONS.map((a) => ({ value: a, label: REPORT_ACTION_LABELS[a] }))}
          hint={action === 'suspend_user' ? 'The owner is suspended for 7 days.' : undefined}
        />
        <TextareaField
          label="Notes (optional)"
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, ADMIN_TOASTS.reportFailed)} />
        ) : null}
      </form>
    </Dialog>
  );
}
