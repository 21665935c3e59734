/** Admin · Creator earnings: platform financials, creators by gross, and payout processing. */
import type { AdminProcessPayoutBody, CreatorEarnings } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, fetchEarnings, processPayout, useFinancialsQuery } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, SelectField, StatCard, formatMoney } from '../components/fields.tsx';

const money = (key: keyof Omit<CreatorEarnings, 'creator'>) => (c: CreatorEarnings) =>
  formatMoney(c[key]);

const columns: Column<CreatorEarnings>[] = [
  { key: 'creator', header: 'Creator', render: (c) => `@${c.creator.username}` },
  { key: 'gross', header: 'Gross', className: 'text-right tabular-nums', render: money('gross') },
  { key: 'fees', header: 'Fees', className: 'text-right tabular-nums', render: money('fees') },
  { key: 'net', header: 'Net', className: 'text-right tabular-nums', render: money('net') },
  {
    key: 'pending',
    header: 'Pending',
    className: 'text-right tabular-nums',
    render: money('pending'),
  },
  {
    key: 'available',
    header: 'Available',
    className: 'text-right tabular-nums',
    render: money('available'),
  },
  { key: 'owed', header: 'Owed', className: 'text-right tabular-nums', render: money('owed') },
  {
    key: 'paidOut',
    header: 'Paid out',
    className: 'text-right tabular-nums',
    render: money('paidOut'),
  },
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
  const earnings = useQuery({
    queryKey: adminKeys.earnings(page),
    queryFn: () => fetchEarnings(page),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="w-full">
      <SectionHeader
        title="Creator earnings"
        description="Where every creator's money is, and payouts to process."
      />
      <FinancialsSummary />
      <h2 className="mt-8 mb-3 text-lg font-semibold text-fg">Creators by gross earnings</h2>
      <DataTable
        caption="Creator earnings"
        columns={columns}
        rows={earnings.data?.creators}
        rowKey={(c) => c.creator.id}
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
      <ProcessPayoutForm />
    </div>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ProcessPayoutForm() {
  const queryClient = useQueryClient();
  const [id, setId] = useState('');
  const [status, setStatus] = useState<AdminProcessPayoutBody['status']>('paid');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      processPayout(id.trim(), { status, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (payout) => {
      toast.success(
        `Payout of ${formatMoney(payout.amount, payout.currency)} marked ${payout.status}.`,
      );
      setId('');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not process the payout.')),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!UUID.test(id.trim())) {
      setError('Enter the payout ID (a UUID from the payout request).');
      return;
    }
    mutation.mutate();
  }
  return (
    <Card className="mt-8 p-5">
      <h2 className="text-lg font-semibold text-fg">Process a payout</h2>
      <p className="mt-1 text-sm text-muted">
        Paid means the money left the platform; failed returns it to the creator's available
        balance.
      </p>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
      >
        <TextField
          label="Payout ID"
          value={id}
          onChange={(e) => setId(e.target.value)}
          error={error}
        />
        <SelectField
          label="New status"
          value={status}
          onChange={(e) => setStatus(e.target.value as AdminProcessPayoutBody['status'])}
          options={[
            { value: 'processing', label: 'Processing' },
            { value: 'paid', label: 'Paid' },
            { value: 'failed', label: 'Failed (return funds)' },
          ]}
        />
        <TextField
          label="Note (optional)"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" className="h-11" loading={mutation.isPending}>
          Update payout
        </Button>
      </form>
      {mutation.isError ? (
        <div className="mt-3">
          <FormError message={errorMessageOf(mutation.error, 'Could not process the payout.')} />
        </div>
      ) : null}
    </Card>
  );
}
