/**
 * Saved payment methods (SPEC §7 /payments/payment-methods): list, add, make default, remove.
 * Test provider: the cards are the provider's test cards (pick one to save). Stripe: cards are
 * entered in Stripe's own hosted pages (the customer portal), because Stripe.js is not bundled
 * with this app and card numbers must never touch our server.
 */
import { useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { CoinsIcon, TrashIcon } from '../../ui/icons.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { SettingsCard } from '../settings/components/settings-card.tsx';
import { apiClient } from '../../lib/api/index.ts';
import {
  useAddPaymentMethod,
  useCardProviderConfig,
  usePaymentMethods,
  useRemovePaymentMethod,
  useSetDefaultPaymentMethod,
} from './queries.ts';

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

function AddTestCard({
  cards,
}: {
  cards: { paymentMethodId: string; brand: string; last4: string }[];
}) {
  const [choice, setChoice] = useState(cards[0]?.paymentMethodId ?? '');
  const add = useAddPaymentMethod();
  return (
    <form
      className="mt-5 flex flex-wrap items-end gap-3"
      aria-label="Add a test card"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate({ paymentMethodId: choice }, { onSuccess: () => toast.success('Card added.') });
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-fg">
        Test card
        <select
          className="h-11 rounded-xl border border-line bg-surface px-3 text-fg"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          {cards.map((c) => (
            <option key={c.paymentMethodId} value={c.paymentMethodId}>
              {brandName(c.brand)} •••• {c.last4}
              {c.paymentMethodId === 'pm_card_chargeDeclined' ? ' (always declines)' : ''}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" loading={add.isPending}>
        Add test card
      </Button>
      {add.isError ? (
        <FormError message={errorMessageOf(add.error, 'Failed to add payment method')} />
      ) : null}
    </form>
  );
}

function StripePortal() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="mt-5 flex flex-col gap-2">
      <p className="text-sm text-muted">
        Cards are added and updated on Stripe&apos;s secure page; they appear here afterwards.
      </p>
      <Button
        className="self-start"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            const { url } = await apiClient.post<{ url: string }>(
              '/stripe/create-customer-portal-session',
            );
            window.location.assign(url);
          } catch (e) {
            setError(errorMessageOf(e, 'Failed to create customer portal session'));
          } finally {
            setBusy(false);
          }
        }}
      >
        Manage cards on Stripe
      </Button>
      {error ? <FormError message={error} /> : null}
    </div>
  );
}

export function PaymentMethodsCard() {
  const config = useCardProviderConfig();
  const methods = usePaymentMethods();
  const remove = useRemovePaymentMethod();
  const makeDefault = useSetDefaultPaymentMethod();
  // the card a change is running for: set in the click itself, so a double click sends one
  // request (a second remove of the same card was a 404 'Payment method not found' toast)
  const [busyId, setBusyId] = useState<string | null>(null);
  const settle = () => setBusyId(null);

  let body;
  if (methods.isPending) body = <LoadingState label="Loading payment methods…" />;
  else if (methods.isError) body = <ErrorState onRetry={() => void methods.refetch()} />;
  else if (methods.data.paymentMethods.length === 0)
    body = (
      <EmptyState
        icon={<CoinsIcon size={26} />}
        title="No saved cards"
        description="Save a card to pay in one tap."
      />
    );
  else
    body = (
      <ul aria-label="Saved payment methods" className="flex flex-col divide-y divide-line">
        {methods.data.paymentMethods.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-fg">
                {brandName(m.brand)} •••• {m.last4}
                {m.isDefault ? (
                  <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-text">
                    Default
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-subtle">
                Expires {String(m.expMonth).padStart(2, '0')}/{m.expYear}
              </p>
            </div>
            <div className="flex gap-2">
              {m.isDefault ? null : (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busyId !== null}
                  loading={busyId === m.id && makeDefault.isPending}
                  onClick={() => {
                    if (busyId !== null) return;
                    setBusyId(m.id);
                    makeDefault.mutate(m.id, {
                      onError: (e) =>
                        toast.error(errorMessageOf(e, 'Failed to set default payment method')),
                      onSettled: settle,
                    });
                  }}
                >
                  Make default
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                icon={<TrashIcon size={16} />}
                aria-label={`Remove ${brandName(m.brand)} ending ${m.last4}`}
                disabled={busyId !== null}
                loading={busyId === m.id && remove.isPending}
                onClick={() => {
                  if (busyId !== null) return;
                  setBusyId(m.id);
                  remove.mutate(m.id, {
                    onSuccess: () => toast.success('Card removed.'),
                    onError: (e) =>
                      toast.error(errorMessageOf(e, 'Failed to remove payment method')),
                    onSettled: settle,
                  });
                }}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <SettingsCard
      title="Payment methods"
      description={
        config.data?.provider === 'test'
          ? 'This server uses the test payment provider: test cards only, no real money.'
          : 'Cards saved with Stripe. We only keep the brand, last 4 digits and expiry.'
      }
    >
      {body}
      {config.data?.provider === 'test' ? <AddTestCard cards={config.data.testCards} /> : null}
      {config.data?.provider === 'stripe' ? <StripePortal /> : null}
    </SettingsCard>
  );
}
