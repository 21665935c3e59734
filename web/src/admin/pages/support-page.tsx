/**
 * Admin · Support tickets: the queue (oldest waiting first, status tabs, search by subject or
 * username, 20 a page) and a drawer with the conversation, a reply box and closing with an
 * optional reason. Replies and closes are audit-logged and notify the user (server side).
 */
import {
  SUPPORT_MESSAGES,
  SupportLimits,
  type AdminSortField,
  type SupportThreadResponse,
  type SupportTicket,
} from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TicketStatusBadge } from '../../features/support/components/status-badge.tsx';
import { SupportThread } from '../../features/support/components/support-thread.tsx';
import { CATEGORY_LABELS } from '../../features/support/labels.ts';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  adminKeys,
  closeSupportTicket,
  fetchSupportTicket,
  fetchSupportTickets,
  replySupportTicket,
  type SupportQueueStatus,
} from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { Drawer } from '../components/drawer.tsx';
import { SectionHeader, SelectField, formatDate } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';
import { ReplyBox } from '../../features/support/components/reply-box.tsx';

const TABS: Array<{ value: SupportQueueStatus; label: string }> = [
  { value: 'active', label: 'Waiting' },
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<SupportQueueStatus, string> = {
  active: 'No tickets waiting',
  open: 'No open tickets',
  answered: 'No answered tickets',
  closed: 'No closed tickets',
  all: 'No tickets yet',
};

const userLabel = (t: SupportTicket) => (t.user ? `@${t.user.username}` : 'Deleted account');

export function SupportPage() {
  useDocumentTitle('Admin · Support tickets');
  const [status, setStatus] = useState<SupportQueueStatus>('active');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [priority, setPriority] = useState<'' | 'normal' | 'high'>('');
  const [openId, setOpenId] = useState<string | null>(null);
  // null: the queue's own order (open before answered, longest wait first) until a column is picked
  const sorting = useTableSort<AdminSortField<'supportTickets'>>(null, () => setPage(1));
  const query = {
    status,
    page,
    search,
    ...(priority ? { priority } : {}),
    ...sorting.params,
  };
  const tickets = useQuery({
    queryKey: adminKeys.supportList(query),
    queryFn: () => fetchSupportTickets(query),
    placeholderData: keepPreviousData,
  });

  const columns: Column<SupportTicket>[] = [
    {
      key: 'subject',
      header: 'Subject',
      render: (t) => (
        <div className="max-w-xs">
          <p className="truncate font-semibold">{t.subject}</p>
          <p className="text-xs text-muted">{CATEGORY_LABELS[t.category]}</p>
        </div>
      ),
    },
    { key: 'user', header: 'User', render: userLabel },
    {
      key: 'priority',
      header: 'Priority',
      sortKey: 'priority',
      render: (t) =>
        t.priority === 'high' ? (
          <span className="font-semibold text-danger">High</span>
        ) : (
          <span className="text-muted">Normal</span>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      sortFirst: 'asc',
      render: (t) => <TicketStatusBadge status={t.status} />,
    },
    {
      key: 'opened',
      header: 'Opened',
      className: 'min-w-28',
      sortKey: 'createdAt',
      render: (t) => formatDate(t.createdAt),
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'min-w-28',
      sortKey: 'updatedAt',
      render: (t) => formatDate(t.updatedAt),
    },
    {
      key: 'act',
      header: 'Actions',
      className: 'text-right',
      render: (t) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpenId(t.id)}
          aria-label={`Open ticket ${t.subject}`}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader
        title="Support tickets"
        description="Questions and problems sent to the support desk. The longest wait is on top."
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-xl">
          <SegmentedControl
            label="Show tickets"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={TABS}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,10rem)] sm:items-end">
          <SearchForm
            label="Search subject or username"
            onSearch={(text) => {
              setSearch(text);
              setPage(1);
            }}
          />
          <SelectField
            label="Priority"
            value={priority}
            onChange={(e) => {
              setPriority(e.target.value as '' | 'normal' | 'high');
              setPage(1);
            }}
            options={[
              { value: '', label: 'Any' },
              { value: 'high', label: 'High' },
              { value: 'normal', label: 'Normal' },
            ]}
          />
        </div>
      </div>
      <DataTable
        caption="Support tickets"
        columns={columns}
        rows={tickets.data?.tickets}
        rowKey={(t) => t.id}
        sorting={sorting}
        isLoading={tickets.isPending}
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        emptyTitle={search || priority ? 'No tickets match' : EMPTY[status]}
        emptyDescription={
          status === 'active' && !search && !priority ? 'Every ticket has been handled.' : undefined
        }
      />
      {tickets.data ? (
        <Pagination
          label="Support ticket pages"
          page={tickets.data.currentPage}
          totalPages={tickets.data.totalPages}
          total={tickets.data.total}
          onChange={setPage}
        />
      ) : null}
      {openId ? <TicketDrawer id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function TicketDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: adminKeys.supportTicket(id),
    queryFn: () => fetchSupportTicket(id),
  });
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');

  const settle = (result: SupportThreadResponse) => {
    queryClient.setQueryData(adminKeys.supportTicket(id), result);
    void queryClient.invalidateQueries({ queryKey: [...adminKeys.support(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
  };
  const send = useMutation({
    mutationFn: (message: string) => replySupportTicket(id, message),
    onSuccess: (result) => {
      settle(result);
      toast.success(result.message || SUPPORT_MESSAGES.replied);
    },
    onError: () => toast.error(SUPPORT_MESSAGES.replyFailed),
  });
  const close = useMutation({
    mutationFn: () => closeSupportTicket(id, reason.trim() || undefined),
    onSuccess: (result) => {
      settle(result);
      setClosing(false);
      toast.success(result.message || SUPPORT_MESSAGES.closed);
    },
    onError: () => toast.error(SUPPORT_MESSAGES.closeFailed),
  });

  const ticket = thread.data?.ticket;
  return (
    <Drawer open onClose={onClose} title={ticket?.subject ?? 'Support ticket'}>
      {thread.isPending ? (
        <LoadingState label="Loading the ticket…" />
      ) : thread.isError ? (
        <ErrorState
          title="Could not load the ticket"
          message={errorMessageOf(thread.error, 'Check your connection and try again.')}
          onRetry={() => void thread.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">User</dt>
            <dd>{userLabel(thread.data.ticket)}</dd>
            <dt className="text-muted">Category</dt>
            <dd>{CATEGORY_LABELS[thread.data.ticket.category]}</dd>
            <dt className="text-muted">Priority</dt>
            <dd className="capitalize">{thread.data.ticket.priority}</dd>
            <dt className="text-muted">Status</dt>
            <dd>
              <TicketStatusBadge status={thread.data.ticket.status} />
            </dd>
            <dt className="text-muted">Opened</dt>
            <dd>{formatDate(thread.data.ticket.createdAt)}</dd>
            {thread.data.ticket.closedAt ? (
              <>
                <dt className="text-muted">Closed</dt>
                <dd>
                  {formatDate(thread.data.ticket.closedAt)}
                  {thread.data.ticket.closeReason ? ` · ${thread.data.ticket.closeReason}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
          <SupportThread
            messages={thread.data.messages}
            perspective="staff"
            userName={thread.data.ticket.user ? `@${thread.data.ticket.user.username}` : undefined}
          />
          {thread.data.ticket.status === 'closed' ? (
            <p className="text-sm text-muted" role="status">
              This ticket is closed.
            </p>
          ) : (
            <ReplyBox
              label="Reply to the user"
              sendLabel="Send reply"
              closeLabel="Close ticket"
              rows={5}
              pending={send.isPending}
              onSend={(message) => send.mutateAsync(message)}
              onCloseTicket={() => setClosing(true)}
            />
          )}
        </div>
      )}
      <Dialog
        open={closing}
        onClose={() => setClosing(false)}
        title="Close ticket"
        description="The user is notified and can no longer add messages."
        footer={
          <>
            <Button variant="ghost" onClick={() => setClosing(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              form="close-ticket-form"
              variant="danger"
              loading={close.isPending}
            >
              Close ticket
            </Button>
          </>
        }
      >
        <form
          id="close-ticket-form"
          onSubmit={(event) => {
            event.preventDefault();
            close.mutate();
          }}
        >
          <TextareaField
            label="Reason (optional)"
            maxLength={SupportLimits.reasonMax}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </form>
      </Dialog>
    </Drawer>
  );
}
