/** Admin · Creator earnings: platform financials, creators by gross, and the payout queue. */
import type {
  AdminSortField,
  AdminProcessPayoutBody,
  CreatorEarnings,
  Payout,
  PayoutStatusName,
} from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  adminKeys,
  fetchEarnings,
  fetchPayouts,
  processPayout,
  useFinancialsQuery,
} from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import {
  SectionHeader,
  SelectField,
  StatCard,
  StatusPill,
  formatDate,
  formatMoney,
} from '../components/fields.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

const money = (key: keyof Omit<CreatorEarnings, 'creator'>) => (c: CreatorEarnings) =>
  formatMoney(c[key]);

const amount = (
  key: keyof Omit<CreatorEarnings, 'creator'>,
  header: string,
): Column<CreatorEarnings> => ({
  key,
  header,
  className: 'text-right tabular-nums',
  sortKey: key,
  render: money(key),
});

const columns: Column<CreatorEarnings>[] = [
  {
    key: 'creator',
    header: 'Creator',
    sortKey: 'username',
    sortFirst: 'asc',
    render: (c) => `@${c.creator.username}`,
  },
  amount('gross', 'Gross'),
  amount('fees', 'Fees'),
  amount('net', 'Net'),
  amount('pending', 'Pending'),
  amount('available', 'Available'),
  amount('owed', 'Owed'),
  amount('paidOut', 'Paid out'),
];

export function FinancialsSummary() {
  const financials = useFinancialsQuery();
  if (financials.isPending) return <LoadingState label="Loading financials…" />;
  if (financials.error)
    return (
      <ErrorState
        title="Could not load financials"
        message={errorMessageOf(financials.error, 'Check your connection and try again.')}
        onRetry={() => void financials.refetch()}
      />
    );
  const f = financials.data;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total revenue" value={formatMoney(f.totalRevenue, f.currency)} />
      <StatCard label="Paid to creators" value={formatMoney(f.totalPayouts, f.currency)} />
      <StatCard label="Net revenue" value={formatMoney(f.netRevenue, f.currency)} />
      <StatCard label="Last 30 days" value={formatMoney(f.revenueLast30Days, f.currency)} />
    </div>
  );
}

export function EarningsPage() {
  useDocumentTitle('Admin · Creator earnings');
  const [page, setPage] = useState(1);
  const sorting = useTableSort<AdminSortField<'earnings'>>({ sortBy: 'gross', order: 'desc' }, () =>
    setPage(1),
  );
  const earnings = useQuery({
    queryKey: adminKeys.earnings(page, sorting.params),
    queryFn: () => fetchEarnings(page, sorting.params),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="w-full">
      <SectionHeader
        title="Creator earnings"
        description="Where every creator's money is, and payouts to process."
      />
      <FinancialsSummary />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-fg">Creators’ earnings</h2>
      <DataTable
        caption="Creator earnings"
        columns={columns}
        rows={earnings.data?.creators}
        rowKey={(c) => c.creator.id}
        sorting={sorting}
        isLoading={earnings.isPending}
        error={earnings.error}
        onRetry={() => void earnings.refetch()}
        emptyTitle="No creator has earned anything yet"
      />
      {earnings.data ? (
        <Pagination
          label="Creator pages"
          page={earnings.data.currentPage}
          totalPages={earnings.data.totalPages}
          total={earnings.data.total}
          onChange={setPage}
        />
      ) : null}
      <PayoutQueue />
    </div>
  );
}

const STATUS_LABEL: Record<PayoutStatusName, string> = {
  requested: 'Requested',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
};

/** Open payouts can move on: requested → processing → paid | failed (failed returns funds). */
const NEXT: Record<PayoutStatusName, NonNullable<AdminProcessPayoutBody['status']>[]> = {
  requested: ['processing', 'paid', 'failed'],
  processing: ['paid', 'failed'],
  paid: [],
  failed: [],
};

function ProcessPayoutDialog({
  payout,
  status,
  onClose,
}: {
  payout: Payout;
  status: NonNullable<AdminProcessPayoutBody['status']>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      processPayout(payout.id, { status, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (done) => {
      toast.success(`Payout of ${formatMoney(done.amount, done.currency)} marked ${done.status}.`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not process the payout.')),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Mark payout ${STATUS_LABEL[status].toLowerCase()}`}
      description={`${formatMoney(payout.amount, payout.currency)} to @${payout.creator?.username ?? payout.creatorId}${
        payout.destinationLast4 ? ` (account ••••${payout.destinationLast4})` : ''
      }. ${
        status === 'paid'
          ? 'Only after the money has left the platform.'
          : status === 'failed'
            ? "The amount goes back to the creator's available balance."
            : 'The transfer has been started.'
      }`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant={status === 'failed' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            onClick={() => mutation.mutate()}
          >
            Mark {STATUS_LABEL[status].toLowerCase()}
          </Button>
        </>
      }
    >
      <TextField
        label="Note (optional)"
        hint="A transfer reference, or why it failed. The creator sees it."
        maxLength={500}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {mutation.isError ? (
        <div className="mt-3">
          <FormError message={errorMessageOf(mutation.error, 'Could not process the payout.')} />
        </div>
      ) : null}
    </Dialog>
  );
}

function PayoutQueue() {
  const [status, setStatus] = useState<PayoutStatusName | ''>('requested');
  const [page, setPage] = useState(1);
  const sorting = useTableSort<AdminSortField<'payouts'>>(
    { sortBy: 'requestedAt', order: 'desc' },
    () => setPage(1),
  );
  const [acting, setActing] = useState<{
    payout: Payout;
    status: NonNullable<AdminProcessPayoutBody['status']>;
  } | null>(null);
  const payouts = useQuery({
    queryKey: adminKeys.payouts(status, page, sorting.params),
    queryFn: () => fetchPayouts(status, page, sorting.params),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Payout>[] = [
    {
      key: 'creator',
      header: 'Creator',
      render: (p) => `@${p.creator?.username ?? p.creatorId}`,
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right tabular-nums',
      sortKey: 'amount',
      render: (p) => formatMoney(p.amount, p.currency),
    },
    {
      key: 'to',
      header: 'To',
      render: (p) => (p.destinationLast4 ? `••••${p.destinationLast4}` : '—'),
    },
    { key: 'source', header: 'Source', render: (p) => p.source },
    {
      key: 'requested',
      header: 'Requested',
      className: 'min-w-28',
      sortKey: 'requestedAt',
      render: (p) => formatDate(p.requestedAt),
    },
    ...(status === ''
      ? [
          {
            key: 'status',
            header: 'Status',
            render: (p: Payout) => <StatusPill status={p.status} />,
          },
        ]
      : []),
    {
      key: 'actions',
      header: 'Actions',
      render: (p) =>
        NEXT[p.status].length === 0 ? (
          (p.note ?? '—')
        ) : (
          <div className="flex flex-wrap gap-1">
            {NEXT[p.status].map((next) => (
              <Button
                key={next}
                size="sm"
                variant={next === 'failed' ? 'ghost' : 'outline'}
                aria-label={`Mark payout of ${formatMoney(p.amount, p.currency)} to @${p.creator?.username ?? ''} ${STATUS_LABEL[next].toLowerCase()}`}
                onClick={() => setActing({ payout: p, status: next })}
              >
                {STATUS_LABEL[next]}
              </Button>
            ))}
          </div>
        ),
    },
  ];
  return (
    <section className="mt-8" aria-labelledby="payouts-heading">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="payouts-heading" className="text-lg font-semibold text-fg">
          Payouts
        </h2>
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PayoutStatusName | '');
            setPage(1);
          }}
          options={[
            ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label })),
            { value: '', label: 'Any status' },
          ]}
        />
      </div>
      <DataTable
        caption="Payouts"
        columns={columns}
        rows={payouts.data?.payouts}
        rowKey={(p) => p.id}
        sorting={sorting}
        isLoading={payouts.isPending}
        error={payouts.error}
        onRetry={() => void payouts.refetch()}
        emptyTitle={status ? `No ${STATUS_LABEL[status].toLowerCase()} payouts` : 'No payouts yet'}
      />
      {payouts.data ? (
        <Pagination
          label="Payout pages"
          page={payouts.data.currentPage}
          totalPages={payouts.data.totalPages}
          total={payouts.data.total}
          onChange={setPage}
        />
      ) : null}
      {acting ? (
        <ProcessPayoutDialog
          payout={acting.payout}
          status={acting.status}
          onClose={() => setActing(null)}
        />
      ) : null}
    </section>
  );
}
