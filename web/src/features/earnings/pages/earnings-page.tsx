/**
 * /earnings – the creator's money, every figure explained: gross → platform fee → refunds → net,
 * then where the net is now (pending with release dates → available → in payout → paid out,
 * minus anything owed), payout requests, the payout schedule and the payout history.
 */
import type { EarningsOverviewDetailed, Payout, PayoutScheduleName } from '@fanspace/contracts';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { fullDate, localizeDatesInText } from '../../../lib/relative-time.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { ClockIcon, CoinsIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { formatPrice } from '../../posts/access.ts';
import { PayoutRequestForm } from '../components/payout-request-form.tsx';
import {
  usePayoutScheduleQuery,
  usePayoutsQuery,
  useSavePayoutScheduleMutation,
  useEarningsOverviewQuery,
} from '../queries.ts';

type StepKey = keyof EarningsOverviewDetailed['steps'];

/** Each payment has its own hold: one line per (local) day, not the same date over and over. */
function releasesByDay(releases: EarningsOverviewDetailed['releases']) {
  const days = new Map<string, number>();
  for (const r of releases) {
    const label = fullDate(r.availableAt);
    days.set(label, (days.get(label) ?? 0) + r.amountCents);
  }
  return [...days].map(([label, cents]) => ({ label, amount: cents / 100 }));
}

/** One figure of a `<dl>`: its group holds only the term and its definitions (amount, why). */
function StepRow({
  label,
  step,
  sign = '',
  strong = false,
}: {
  label: string;
  step: { amount: number; explanation: string };
  sign?: '' | '−' | '=';
  strong?: boolean;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 border-b border-line py-3 last:border-b-0">
      <dt className={cn('text-fg', strong ? 'font-semibold' : 'font-medium')}>{label}</dt>
      <dd className={cn('whitespace-nowrap', strong ? 'font-bold text-fg' : 'text-fg')}>
        {sign ? `${sign} ` : ''}
        {formatPrice(step.amount)}
      </dd>
      <dd className="col-span-2 text-sm text-muted">{localizeDatesInText(step.explanation)}</dd>
    </div>
  );
}

const WHERE: Array<{ key: StepKey; label: string; sign?: '−' }> = [
  { key: 'pending', label: 'Pending (7-day hold)' },
  { key: 'available', label: 'Available to pay out' },
  { key: 'inFlight', label: 'In payout' },
  { key: 'paidOut', label: 'Paid out' },
  { key: 'owed', label: 'Owed', sign: '−' },
];

export function EarningsBreakdown({ overview }: { overview: EarningsOverviewDetailed }) {
  const s = overview.steps;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-fg">How you earned it</h2>
        <p className="mt-1 text-sm text-muted">
          All time. Last 30 days: {formatPrice(overview.gross)} gross, {formatPrice(overview.net)}{' '}
          net.
        </p>
        <dl className="mt-3" aria-label="Earnings breakdown">
          <StepRow label="Gross paid by fans" step={s.gross} />
          <StepRow label={`Platform fee (${overview.feePercent}%)`} step={s.fee} sign="−" />
          <StepRow label="Refunds and chargebacks" step={s.refunded} sign="−" />
          <StepRow label="Net earnings" step={s.net} sign="=" strong />
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold text-fg">Where it is now</h2>
        <p className="mt-1 text-sm text-muted">
          Pending + available + in payout + paid out − owed = net earnings.
        </p>
        <dl className="mt-3" aria-label="Balances">
          {WHERE.map((w) => (
            <StepRow
              key={w.key}
              label={w.label}
              step={s[w.key]}
              sign={w.sign ?? ''}
              strong={w.key === 'available'}
            />
          ))}
        </dl>
        {overview.releases.length > 0 ? (
          <div className="mt-4">
            <h3 className="text-sm font-semibold text-fg">Upcoming releases</h3>
            <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Upcoming releases">
              {releasesByDay(overview.releases).map((r) => (
                <li key={r.label} className="flex justify-between gap-4 text-muted">
                  <span>{r.label}</span>
                  <span className="text-fg">{formatPrice(r.amount)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
    </div>
  );
}

const STATUS_LABEL: Record<Payout['status'], string> = {
  requested: 'Requested',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
};

function PayoutHistory() {
  const [page, setPage] = useState(1);
  const payouts = usePayoutsQuery(page);
  if (payouts.isPending) return <LoadingState label="Loading payouts…" />;
  if (payouts.isError) return <ErrorState onRetry={() => void payouts.refetch()} />;
  if (payouts.data.payouts.length === 0)
    return (
      <EmptyState
        icon={<ClockIcon size={26} />}
        title="No payouts yet"
        description="Your payout requests and their status (requested, processing, paid or failed) will be listed here."
      />
    );
  return (
    <Card className="px-5">
      <ul aria-label="Payouts">
        {payouts.data.payouts.map((p) => (
          <li key={p.id} className="flex flex-col gap-1 border-b border-line py-4 last:border-b-0">
            <div className="flex items-baseline justify-between gap-4">
              <p className="font-medium text-fg">
                {formatPrice(p.amount)}
                {p.destinationLast4 ? ` to the account ending ${p.destinationLast4}` : ''}
              </p>
              <Badge
                className={cn(
                  p.status === 'failed' && 'bg-danger-soft text-danger',
                  p.status === 'paid' && 'bg-success-soft text-success',
                )}
              >
                {STATUS_LABEL[p.status]}
              </Badge>
            </div>
            <p className="text-xs text-subtle">
              Requested {fullDate(p.requestedAt)}
              {p.source !== 'manual' ? ` by your ${p.source} schedule` : ''}
              {p.processedAt
                ? ` · ${STATUS_LABEL[p.status].toLowerCase()} ${fullDate(p.processedAt)}`
                : ''}
            </p>
            {p.status === 'failed' ? (
              <p className="text-sm text-muted">
                The money is back in your available balance{p.note ? `: ${p.note}` : '.'}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={payouts.data.totalPages} onPage={setPage} />
    </Card>
  );
}

const SCHEDULES = [
  { value: 'manual', label: 'Manual' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const;

function PayoutSchedulePicker() {
  const schedule = usePayoutScheduleQuery();
  const save = useSavePayoutScheduleMutation();
  if (schedule.isPending) return <LoadingState label="Loading schedule…" />;
  if (schedule.isError) return <ErrorState onRetry={() => void schedule.refetch()} />;
  const view = schedule.data;
  return (
    <div className="flex flex-col gap-2">
      <SegmentedControl<PayoutScheduleName>
        label="Payout schedule"
        value={save.isPending && save.variables ? save.variables : view.schedule}
        options={SCHEDULES}
        onChange={(value) => save.mutate(value)}
      />
      <p className="text-sm text-muted">
        {view.schedule === 'manual'
          ? 'You request payouts yourself.'
          : `Your whole available balance is requested automatically ${view.schedule === 'weekly' ? 'every week' : 'every month'} when it is at least ${formatPrice(view.minimumPayout)}${view.nextRunAt ? `; next check ${fullDate(view.nextRunAt)}` : ''}.`}
        {!view.payoutSettingsConfigured ? ' Add your payout details first.' : ''}
      </p>
      {save.isError ? (
        <FormError message={errorMessageOf(save.error, 'Could not save the schedule.')} />
      ) : null}
    </div>
  );
}

export function EarningsPage() {
  useDocumentTitle('Earnings');
  const user = useAuthStore((s) => s.user);
  const creator = isCreatorUser(user);
  const overview = useEarningsOverviewQuery(creator);

  if (!creator)
    return (
      <Page title="Earnings">
        <EmptyState
          icon={<CoinsIcon size={26} />}
          title="Earnings are for creators"
          description="Become a creator to earn from subscriptions, tips and paid posts."
          action={<ButtonLink to="/settings/creator">Creator settings</ButtonLink>}
        />
      </Page>
    );

  return (
    <Page
      title="Earnings"
      width="wide"
      description="Where every cent of your earnings went, and your payouts."
      actions={
        <ButtonLink to="/settings/creator" variant="outline">
          Payout details
        </ButtonLink>
      }
    >
      {overview.isPending ? (
        <LoadingState label="Loading earnings…" />
      ) : overview.isError ? (
        <ErrorState onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <EarningsBreakdown overview={overview.data} />
          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <Card className="p-5">
              <h2 className="mb-1 text-lg font-semibold text-fg">Request a payout</h2>
              <p className="mb-4 text-sm text-muted" data-testid="available-balance">
                Available now: {formatPrice(overview.data.available)}
              </p>
              <PayoutRequestForm
                key={overview.data.availableCents}
                availableCents={overview.data.availableCents}
                blockedReason={
                  overview.data.owedCents > 0
                    ? `Payouts are paused while you owe ${formatPrice(overview.data.owed)} from a refund or chargeback. It is repaid from your next earnings.`
                    : overview.data.availableCents < overview.data.minimumPayoutCents
                      ? `You can request a payout once at least ${formatPrice(overview.data.minimumPayout)} is available.`
                      : null
                }
              />
            </Card>
            <Card className="p-5">
              <h2 className="mb-3 text-lg font-semibold text-fg">Schedule</h2>
              <PayoutSchedulePicker />
            </Card>
          </div>
        </>
      )}
      <h2 className="mt-10 mb-4 text-lg font-semibold text-fg">Payout history</h2>
      <PayoutHistory />
    </Page>
  );
}
