import type { TransactionLine } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { PAYMENT_UNKNOWN_ERROR } from '../../../lib/money.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { ClockIcon, PlusIcon, WalletIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { formatPrice } from '../../posts/access.ts';
import { useWalletBalanceQuery } from '../../posts/queries.ts';
import { useAddTestFundsMutation, useTransactionsQuery } from '../queries.ts';
import { localizeDatesInText } from '../../../lib/relative-time.ts';

/** SPEC §9: default test funds are 10. */
export const DEFAULT_TEST_FUNDS = 10;

function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `topup-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A valid amount in currency units (at most two decimals, 1–1000), or an error text. */
export function parseAmount(text: string): number | string {
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim()) || !Number.isFinite(value)) {
    return 'Enter an amount like 10 or 12.50.';
  }
  if (value < 1 || value > 1000) return 'Add between $1.00 and $1,000.00 at a time.';
  return value;
}

function TopUpForm() {
  const topUp = useAddTestFundsMutation();
  const [amount, setAmount] = useState(String(DEFAULT_TEST_FUNDS));
  const [error, setError] = useState<string | null>(null);
  // one attempt, one key: a retry after a lost answer cannot add the money twice
  const [attemptKey, setAttemptKey] = useState(newKey);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAmount(amount);
    if (typeof parsed === 'string') return setError(parsed);
    setError(null);
    topUp.mutate(
      { amount: parsed, idempotencyKey: attemptKey },
      {
        onSuccess: (result) => {
          toast.success(`Added ${formatPrice(result.amount)} to your wallet.`);
          setAttemptKey(newKey());
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-3"
      aria-label="Add test funds"
    >
      <TextField
        label="Amount (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={error ?? undefined}
        className="w-40"
      />
      <Button type="submit" icon={<PlusIcon size={18} />} loading={topUp.isPending}>
        Add test funds
      </Button>
      {topUp.isError ? (
        <FormError message={errorMessageOf(topUp.error, PAYMENT_UNKNOWN_ERROR)} />
      ) : null}
    </form>
  );
}

/**
 * A creator's history also lists their earnings, which never touch the wallet: each such line
 * names the balance it moved, so "+$8.00" is not read as wallet money.
 */
const NOT_WALLET: Record<string, string> = {
  creator_pending: 'Earnings · pending',
  creator_available: 'Earnings · available',
  creator_owed: 'Earnings · owed',
};

function TransactionItem({ line }: { line: TransactionLine }) {
  const sign = line.direction === 'in' ? '+' : '−';
  const balance = NOT_WALLET[line.account];
  return (
    <li className="flex flex-col gap-1 border-b border-line py-4 last:border-b-0">
      <div className="flex items-baseline justify-between gap-4">
        <p className="font-medium text-fg">{localizeDatesInText(line.explanation)}</p>
        <p
          className={cn(
            'shrink-0 font-semibold whitespace-nowrap',
            line.direction === 'in' ? 'text-success' : 'text-fg',
          )}
        >
          {sign}
          {formatPrice(line.amount)}
        </p>
      </div>
      <p className="text-xs text-subtle">
        {balance ? <span className="font-medium text-muted">{balance} · </span> : null}
        {new Date(line.createdAt).toLocaleString()}
      </p>
      {line.breakdown.length > 1 ? (
        <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-xs text-muted">
          {line.breakdown.map((part) => (
            <div key={part.label} className="contents">
              <dt>{part.label}</dt>
              <dd className="text-right">{formatPrice(part.amount)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = useTransactionsQuery(page);
  if (history.isPending) return <LoadingState label="Loading transactions…" />;
  if (history.isError) return <ErrorState onRetry={() => void history.refetch()} />;
  if (history.data.transactions.length === 0) {
    return (
      <EmptyState
        icon={<ClockIcon size={26} />}
        title="No transactions yet"
        description="Top-ups, tips, unlocks and subscription payments will be listed here, with where each cent went."
      />
    );
  }
  return (
    <Card className="px-5">
      <ul aria-label="Transactions">
        {history.data.transactions.map((line) => (
          <TransactionItem key={line.id} line={line} />
        ))}
      </ul>
      <Pager page={page} totalPages={history.data.totalPages} onPage={setPage} />
    </Card>
  );
}

export function WalletPage() {
  useDocumentTitle('Wallet');
  const balance = useWalletBalanceQuery(true);
  const creator = isCreatorUser(useAuthStore((s) => s.user));
  return (
    <Page title="Wallet" description="Top up to tip, unlock and subscribe.">
      <Card className="relative overflow-hidden p-6">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(80%_120%_at_100%_0%,var(--fs-accent-soft),transparent_70%)]"
        />
        <div className="relative flex flex-col gap-6">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-muted">
              <WalletIcon size={18} /> Wallet balance
            </p>
            <p
              className="font-display mt-2 text-4xl font-extrabold tracking-tight text-fg"
              aria-live="polite"
              data-testid="wallet-balance"
            >
              {balance.data
                ? formatPrice(balance.data.balance)
                : balance.isError
                  ? 'Unavailable'
                  : '…'}
            </p>
            <p className="mt-1 text-xs text-subtle">
              This server uses the test payment provider: added funds are not real money.
            </p>
          </div>
          <TopUpForm />
        </div>
      </Card>
      {creator ? (
        <p className="mt-4 text-sm text-muted">
          Your earnings from fans are kept apart from this wallet.{' '}
          <Link to="/earnings" className="font-medium text-accent-text underline">
            See earnings and request a payout
          </Link>
          .
        </p>
      ) : null}
      <h2 className="mt-10 mb-4 text-lg font-semibold text-fg">Recent activity</h2>
      <History />
    </Page>
  );
}
