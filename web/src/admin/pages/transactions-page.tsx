/**
 * Admin · Transactions: the ledger (50 a page), newest first or sorted by amount or kind,
 * filtered by kind and by a user's username, and refunds.
 */
import type { AdminSortField, AdminTransaction, RefundResponse } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, fetchTransactions, newIdempotencyKey, refundTransaction } from '../api.ts';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, SelectField, formatDate, formatMoney } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

const KINDS = [
  'top_up',
  'unlock',
  'tip',
  'subscription',
  'renewal',
  'pro_pack',
  'release',
  'payout_request',
  'refund',
  'chargeback',
  'top_up_reversal',
];
/** Charges a fan paid that an admin may refund. */
const REFUNDABLE = new Set(['unlock', 'tip', 'subscription', 'renewal']);

function parties(t: AdminTransaction): string {
  const owners = new Set(t.entries.flatMap((e) => (e.owner ? [`@${e.owner.username}`] : [])));
  return owners.size > 0 ? [...owners].join(', ') : 'Platform';
}

export function TransactionsPage() {
  useDocumentTitle('Admin · Transactions');
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('');
  const [username, setUsername] = useState('');
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  const sorting = useTableSort<AdminSortField<'transactions'>>(
    { sortBy: 'createdAt', order: 'desc' },
    () => setPage(1),
  );
  const query = { page, kind, username, ...sorting.params };
  const list = useQuery({
    queryKey: adminKeys.transactions(query),
    queryFn: () => fetchTransactions(query),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminTransaction>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'min-w-28',
      sortKey: 'createdAt',
      render: (t) => formatDate(t.createdAt),
    },
    {
      key: 'kind',
      header: 'Kind',
      sortKey: 'kind',
      sortFirst: 'asc',
      render: (t) => (
        <div>
          <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">{t.kind}</code>
          {t.reversesId ? (
            <p className="mt-1 text-xs text-muted">reverses {t.reversesId.slice(0, 8)}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right tabular-nums',
      sortKey: 'amount',
      render: (t) => formatMoney(t.amount),
    },
    { key: 'who', header: 'Accounts of', render: parties },
    {
      key: 'entries',
      header: 'Entries',
      render: (t) => (
        <ul className="text-xs text-muted">
          {t.entries.map((e, i) => (
            <li key={i}>
              {e.account}
              {e.owner ? ` (@${e.owner.username})` : ''}: {e.amount > 0 ? '+' : ''}
              {formatMoney(e.amount)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'act',
      header: 'Actions',
      className: 'text-right',
      render: (t) =>
        REFUNDABLE.has(t.kind) ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setRefunding(t)}
            aria-label={`Refund ${t.kind} of ${formatMoney(t.amount)}`}
          >
            Refund
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader
        title="Transactions"
        description="Every payment, tip, unlock and refund in the ledger."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,24rem)] sm:items-end">
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setPage(1);
          }}
          options={[
            { value: '', label: 'All kinds' },
            ...KINDS.map((k) => ({ value: k, label: k.replace(/_/g, ' ') })),
          ]}
        />
        <SearchForm
          search={false}
          label="User"
          placeholder="username"
          buttonLabel="Filter"
          maxLength={31}
          onSearch={(text) => {
            setUsername(text.replace(/^@/, ''));
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption="Transactions"
        columns={columns}
        rows={list.data?.transactions}
        rowKey={(t) => t.id}
        sorting={sorting}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyTitle={kind || username ? 'No transactions match' : 'No transactions yet'}
      />
      {list.data ? (
        <Pagination
          label="Transaction pages"
          page={list.data.currentPage}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onChange={setPage}
        />
      ) : null}
      {refunding ? (
        <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
      ) : null}
    </div>
  );
}

function RefundDialog({
  transaction,
  onClose,
}: {
  transaction: AdminTransaction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // one key per dialog: a retry after a network failure replays instead of refunding twice
  const key = useRef(newIdempotencyKey());
  const mutation = useMutation({
    mutationFn: (body: { amount?: number; reason: string }) =>
      refundTransaction(transaction.id, body, key.current),
    onSuccess: (result: RefundResponse) => {
      toast.success(
        `Refunded ${formatMoney(result.amount)}. ${formatMoney(result.refundable)} left refundable.`,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onClose();
    },
    onError: (e) => toast.error(errorMessageOf(e, 'Could not refund the transaction.')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!reason.trim()) {
      setError('Give a reason for the refund.');
      return;
    }
    const body: { amount?: number; reason: string } = { reason: reason.trim() };
    if (amount.trim()) {
      if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0) {
        setError('Enter an amount like 5 or 4.99, or leave it empty to refund everything.');
        return;
      }
      body.amount = Number(amount);
    }
    mutation.mutate(body);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Refund this charge?"
      description={`${transaction.kind} of ${formatMoney(transaction.amount)} on ${formatDate(transaction.createdAt)}. The money goes back to the fan's wallet.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="refund-form" variant="danger" loading={mutation.isPending}>
            Refund
          </Button>
        </>
      }
    >
      <form id="refund-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Amount (optional)"
          inputMode="decimal"
          hint="Leave empty to refund everything still refundable."
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextareaField
          label="Reason"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormError message={error} />
        {mutation.isError ? (
          <FormError
            message={errorMessageOf(mutation.error, 'Could not refund the transaction.')}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
