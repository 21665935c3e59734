/**
 * /pro-pack: the paid creator tier (SPEC §3 pro pack fields, §4 "active if the active-until
 * date is in the future, or the status is 'active'"). Shows what it gives, the price, the
 * caller's status with dates, and buy / cancel / resume. With the test provider the pack is
 * paid from the wallet at once; with Stripe the buyer goes to Stripe Checkout.
 */
import type { ProPackStatus } from '@fanspace/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { CheckIcon, SparklesIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatPrice } from '../../posts/access.ts';
import { useWalletBalanceQuery } from '../../posts/queries.ts';
import {
  newIdempotencyKey,
  useBuyProPack,
  useCancelProPack,
  useProPack,
  useProPackHistory,
  useRenewProPack,
} from '../../card-payments/queries.ts';

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' }) : '';

/** What the status means in words, per SPEC §4. */
export function describeProPack(
  pack: ProPackStatus,
  now = Date.now(),
): {
  label: string;
  detail: string;
} {
  const until = pack.proPackActiveUntil ? Date.parse(pack.proPackActiveUntil) : null;
  const running = until !== null && until > now;
  switch (pack.proPackSubscriptionStatus) {
    case 'active':
      return {
        label: 'Active',
        detail: running
          ? `Renews on ${dateText(pack.proPackActiveUntil)} for ${formatPrice(pack.price)}.`
          : 'Renewing now.',
      };
    case 'canceled':
      return running
        ? {
            label: 'Canceled',
            detail: `Canceled on ${dateText(pack.proPackCanceledAt)}. Your Pro pack stays active until ${dateText(pack.proPackActiveUntil)}.`,
          }
        : { label: 'Ended', detail: `Ended on ${dateText(pack.proPackActiveUntil)}.` };
    case 'granted':
      return running
        ? { label: 'Free', detail: `Granted free until ${dateText(pack.proPackActiveUntil)}.` }
        : { label: 'Ended', detail: `Ended on ${dateText(pack.proPackActiveUntil)}.` };
    case 'expired':
      return {
        label: 'Expired',
        detail: 'The last renewal could not be paid. Buy again to get Pro back.',
      };
    default:
      return running
        ? { label: 'Active', detail: `Active until ${dateText(pack.proPackActiveUntil)}.` }
        : { label: 'Not active', detail: 'You do not have the Pro pack yet.' };
  }
}

function Actions({ pack }: { pack: ProPackStatus }) {
  const [key, setKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState(false);
  const buy = useBuyProPack();
  const cancel = useCancelProPack();
  const renew = useRenewProPack();
  const walletProvider = pack.provider === 'test';
  const wallet = useWalletBalanceQuery(walletProvider);
  const status = pack.proPackSubscriptionStatus;

  if (status === 'active') {
    return (
      <div className="flex flex-col gap-3">
        {confirming ? (
          <div
            className="flex flex-wrap items-center gap-3"
            role="group"
            aria-label="Confirm cancel"
          >
            <p className="text-sm text-fg">
              Stop renewing? You keep Pro until {dateText(pack.proPackActiveUntil)}.
            </p>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success('Your Pro pack will not renew.');
                  },
                })
              }
            >
              Yes, cancel renewal
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)} className="self-start">
            Cancel renewal
          </Button>
        )}
        {cancel.isError ? (
          <FormError
            message={errorMessageOf(cancel.error, 'Could not cancel. Please try again.')}
          />
        ) : null}
      </div>
    );
  }

  // the server computes §4 activity: canceled but still inside the paid period
  if (status === 'canceled' && pack.hasActiveProPack) {
    return (
      <div className="flex flex-col gap-3">
        <Button
          className="self-start"
          loading={renew.isPending}
          onClick={() =>
            renew.mutate(key, {
              onSuccess: () => {
                setKey(newIdempotencyKey());
                toast.success('Your Pro pack renews again.');
              },
            })
          }
        >
          Resume renewal
        </Button>
        {renew.isError ? (
          <FormError message={errorMessageOf(renew.error, 'Could not resume. Please try again.')} />
        ) : null}
      </div>
    );
  }

  const short =
    walletProvider && wallet.data !== undefined && wallet.data.balanceCents < pack.priceCents;
  return (
    <div className="flex flex-col gap-3">
      {walletProvider ? (
        <p className="text-sm text-muted">
          Paid from your wallet
          {wallet.data ? ` (balance ${formatPrice(wallet.data.balance)})` : ''}. This server uses
          the test payment provider.
        </p>
      ) : (
        <p className="text-sm text-muted">You will finish the payment on Stripe Checkout.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          icon={<SparklesIcon size={18} />}
          loading={buy.isPending}
          disabled={short}
          onClick={() =>
            buy.mutate(key, {
              onSuccess: (result) => {
                setKey(newIdempotencyKey());
                if (result.completed) toast.success('Welcome to Pro!');
                else window.location.assign(result.url);
              },
            })
          }
        >
          Get Pro for {formatPrice(pack.price)}
        </Button>
        {short ? (
          <ButtonLink to="/wallet" variant="outline">
            Add funds
          </ButtonLink>
        ) : null}
      </div>
      {short ? (
        <p className="text-sm text-warning">
          Your wallet needs {formatPrice(pack.price)} to buy the Pro pack.
        </p>
      ) : null}
      {buy.isError ? (
        <FormError message={errorMessageOf(buy.error, 'Failed to create checkout session')} />
      ) : null}
    </div>
  );
}

function History() {
  const history = useProPackHistory();
  if (history.isPending || history.isError || history.data.transactions.length === 0) return null;
  const words: Record<string, string> = {
    purchase: 'Bought',
    renewal: 'Renewed',
    grant: 'Granted free',
    cancel: 'Canceled',
    resume: 'Resumed',
    expire: 'Ended (renewal failed)',
  };
  return (
    <section aria-labelledby="pro-history" className="mt-8">
      <h2 id="pro-history" className="mb-3 text-lg font-semibold text-fg">
        History
      </h2>
      <Card className="px-5">
        <ul aria-label="Pro pack history">
          {history.data.transactions.map((t) => (
            <li
              key={t.id}
              className="flex items-baseline justify-between gap-4 border-b border-line py-3 text-sm last:border-b-0"
            >
              <span className="text-fg">
                {words[t.kind] ?? t.kind}
                {t.periodEnd ? ` · until ${dateText(t.periodEnd)}` : ''}
              </span>
              <span className="shrink-0 text-muted">
                {t.amountCents > 0 ? formatPrice(t.amount) : ''}{' '}
                {new Date(t.createdAt).toLocaleDateString()}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

export function ProPackPage() {
  useDocumentTitle('Pro pack');
  const pack = useProPack();
  const [params] = useSearchParams();
  const checkout = params.get('checkout');

  return (
    <Page title="Pro pack" description="The paid creator tier: more reach, more tools.">
      {checkout === 'success' ? (
        <p
          role="status"
          className="mb-4 rounded-2xl bg-accent-soft px-4 py-3 text-sm text-accent-text"
        >
          Payment received. Your Pro pack is being activated; it shows here within moments.
        </p>
      ) : null}
      {checkout === 'canceled' ? (
        <p role="status" className="mb-4 rounded-2xl bg-surface-2 px-4 py-3 text-sm text-muted">
          Checkout was canceled; nothing was charged.
        </p>
      ) : null}
      {pack.isPending ? (
        <LoadingState label="Loading the Pro pack…" />
      ) : pack.isError ? (
        <ErrorState onRetry={() => void pack.refetch()} />
      ) : (
        <ProPackBody pack={pack.data} />
      )}
    </Page>
  );
}

function ProPackBody({ pack }: { pack: ProPackStatus }) {
  const state = describeProPack(pack);
  return (
    <>
      <Card className="relative overflow-hidden p-6">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(80%_120%_at_100%_0%,var(--fs-accent-soft),transparent_70%)]"
        />
        <div className="relative flex flex-col gap-6 md:flex-row md:justify-between">
          <div>
            <p className="flex items-center gap-2 text-sm font-medium text-muted">
              <SparklesIcon size={18} /> Fanspace Pro
            </p>
            <p className="font-display mt-2 text-4xl font-extrabold tracking-tight text-fg">
              {formatPrice(pack.price)}
              <span className="ml-1 text-base font-medium text-muted">
                / {pack.periodDays} days
              </span>
            </p>
          </div>
          <div className="md:text-right" aria-live="polite">
            <Badge>{state.label}</Badge>
            <p className="mt-2 max-w-xs text-sm text-muted" data-testid="pro-pack-status">
              {state.detail}
            </p>
          </div>
        </div>
        <div className="relative mt-6">
          <Actions pack={pack} />
        </div>
      </Card>
      <section aria-labelledby="pro-benefits" className="mt-8">
        <h2 id="pro-benefits" className="mb-3 text-lg font-semibold text-fg">
          What you get
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {pack.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2 text-sm text-fg">
              <CheckIcon size={18} className="mt-0.5 shrink-0 text-success" />
              {benefit}
            </li>
          ))}
        </ul>
      </section>
      <History />
    </>
  );
}
