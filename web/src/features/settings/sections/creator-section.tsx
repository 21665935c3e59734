/** Settings → Creator: identity verification, subscription price and payout details. */
import { ibanProblem, type PayoutSettingsBody, type PayoutSettingsView } from '@fanspace/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { FormFailure } from '../../auth/queries.ts';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { IdentityVerification } from '../../creator/components/identity-verification.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import {
  usePayoutSettingsQuery,
  useSavePayoutSettingsMutation,
  useSubscriptionPriceMutation,
} from '../queries.ts';

export const PRICE_MIN = 4.99;
export const PRICE_MAX = 49.99;

/** 0 (free follow) or 4.99–49.99 with at most two decimals; null when valid. */
export function priceProblem(raw: string): string | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return 'Enter an amount like 9.99.';
  const price = Number(text);
  if (price === 0) return null;
  if (price < PRICE_MIN || price > PRICE_MAX) {
    return `Choose 0 (free) or a price from ${PRICE_MIN} to ${PRICE_MAX}.`;
  }
  return null;
}

function SubscriptionPriceForm() {
  const current = useAuthStore((s) => s.user?.subscriptionPrice ?? 0);
  const [value, setValue] = useState(current.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const save = useSubscriptionPriceMutation();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const problem = priceProblem(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    save.mutate(Number(value.trim().replace(',', '.')));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Subscription price"
    >
      <TextField
        ref={inputRef}
        label="Monthly price (USD)"
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        hint={`0 makes following free. Paid subscriptions cost ${PRICE_MIN}–${PRICE_MAX} a month.`}
        className="max-w-xs"
      />
      <Button type="submit" className="self-start" loading={save.isPending}>
        Save price
      </Button>
    </form>
  );
}

type AccountKind = 'iban' | 'account';

function PayoutSummary({ view, onEdit }: { view: PayoutSettingsView; onEdit: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Account holder</dt>
          <dd className="font-medium text-fg">{view.accountHolder}</dd>
        </div>
        <div>
          <dt className="text-muted">{view.accountType === 'iban' ? 'IBAN' : 'Account number'}</dt>
          <dd className="font-mono font-medium text-fg">•••• {view.last4}</dd>
        </div>
        <div>
          <dt className="text-muted">Country and currency</dt>
          <dd className="font-medium text-fg">
            {view.country}
            {view.currency ? ` · ${view.currency}` : ''}
          </dd>
        </div>
        {view.bankName ? (
          <div>
            <dt className="text-muted">Bank</dt>
            <dd className="font-medium text-fg">{view.bankName}</dd>
          </div>
        ) : null}
      </dl>
      <Button variant="secondary" className="self-start" onClick={onEdit}>
        Change payout details
      </Button>
    </div>
  );
}

function PayoutForm({
  view,
  onDone,
}: {
  view: PayoutSettingsView | undefined;
  onDone: () => void;
}) {
  const [kind, setKind] = useState<AccountKind>(view?.accountType ?? 'iban');
  const [form, setForm] = useState({
    accountHolder: view?.accountHolder ?? '',
    country: view?.country ?? '',
    currency: view?.currency ?? '',
    bankName: view?.bankName ?? '',
    iban: '',
    bic: '',
    accountNumber: '',
    routingNumber: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [ibanError, setIbanError] = useState<string | null>(null);
  const ibanRef = useRef<HTMLInputElement>(null);
  const save = useSavePayoutSettingsMutation();
  const set =
    (field: keyof typeof form) =>
    (event: { target: { value: string } }): void => {
      setForm((f) => ({ ...f, [field]: event.target.value }));
      if (field === 'iban') setIbanError(null);
    };
  // the server's refusal of the IBAN shows at the IBAN field, the rest under the form
  const failure = save.error instanceof FormFailure ? save.error : null;
  const serverIbanError = failure?.field === 'iban' ? failure.message : null;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const country = form.country.trim().toUpperCase();
    if (form.accountHolder.trim().length < 2) return setError('Enter the account holder’s name.');
    if (!/^[A-Z]{2}$/.test(country))
      return setError('Enter the 2-letter country code, e.g. US or DE.');
    if (kind === 'iban') {
      const problem = form.iban.trim() === '' ? 'Enter the IBAN.' : ibanProblem(form.iban);
      if (problem) {
        setError(null);
        setIbanError(problem);
        ibanRef.current?.focus();
        return;
      }
    }
    if (
      kind === 'account' &&
      (form.accountNumber.trim() === '' || form.routingNumber.trim() === '')
    ) {
      return setError('Enter the account number and the routing number.');
    }
    setError(null);
    setIbanError(null);
    const body: PayoutSettingsBody = {
      method: 'bank_transfer',
      accountHolder: form.accountHolder.trim(),
      country,
      ...(form.currency.trim() ? { currency: form.currency.trim().toUpperCase() } : {}),
      ...(form.bankName.trim() ? { bankName: form.bankName.trim() } : {}),
      ...(kind === 'iban'
        ? { iban: form.iban.trim(), ...(form.bic.trim() ? { bic: form.bic.trim() } : {}) }
        : { accountNumber: form.accountNumber.trim(), routingNumber: form.routingNumber.trim() }),
    };
    save.mutate(body, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Payout details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Account holder"
          autoComplete="name"
          value={form.accountHolder}
          onChange={set('accountHolder')}
        />
        <TextField label="Bank name (optional)" value={form.bankName} onChange={set('bankName')} />
        <TextField
          label="Country"
          autoComplete="country"
          maxLength={2}
          placeholder="US"
          value={form.country}
          onChange={set('country')}
          hint="Two letters, e.g. US, GB, DE."
        />
        <TextField
          label="Currency (optional)"
          maxLength={3}
          placeholder="USD"
          value={form.currency}
          onChange={set('currency')}
        />
      </div>
      <SegmentedControl<AccountKind>
        label="Account type"
        value={kind}
        onChange={setKind}
        options={[
          { value: 'iban', label: 'International (IBAN)' },
          { value: 'account', label: 'Account and routing number' },
        ]}
      />
      {kind === 'iban' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            ref={ibanRef}
            label="IBAN"
            autoComplete="off"
            spellCheck={false}
            value={form.iban}
            onChange={set('iban')}
            error={ibanError ?? serverIbanError}
          />
          <TextField
            label="BIC (optional)"
            autoComplete="off"
            spellCheck={false}
            value={form.bic}
            onChange={set('bic')}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            value={form.accountNumber}
            onChange={set('accountNumber')}
          />
          <TextField
            label="Routing number"
            inputMode="numeric"
            autoComplete="off"
            value={form.routingNumber}
            onChange={set('routingNumber')}
          />
        </div>
      )}
      <p className="text-xs text-muted">
        Stored encrypted. After saving, only the last four characters are ever shown.
      </p>
      <FormError message={error ?? (serverIbanError ? null : save.error?.message)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          Save payout details
        </Button>
        {view?.configured ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function PayoutSettings() {
  const payout = usePayoutSettingsQuery();
  const [editing, setEditing] = useState(false);
  if (payout.isPending) return <Skeleton className="h-24" />;
  if (payout.isError) {
    return (
      <ErrorState title="Could not load payout details" onRetry={() => void payout.refetch()} />
    );
  }
  if (payout.data.configured && !editing) {
    return <PayoutSummary view={payout.data} onEdit={() => setEditing(true)} />;
  }
  return <PayoutForm view={payout.data} onDone={() => setEditing(false)} />;
}

export function CreatorSection() {
  const creator = useAuthStore((s) => isCreatorUser(s.user));
  return (
    <>
      <SettingsCard
        title={creator ? 'Identity verification' : 'Become a creator'}
        description={
          creator ? undefined : 'Post content, run subscriptions and get paid by your fans.'
        }
      >
        <IdentityVerification />
      </SettingsCard>
      {creator ? (
        <>
          <SettingsCard
            title="Subscription price"
            description="What fans pay each month to see your subscriber posts."
          >
            <SubscriptionPriceForm />
          </SettingsCard>
          <SettingsCard title="Payouts" description="Where your earnings are sent.">
            <PayoutSettings />
          </SettingsCard>
        </>
      ) : null}
    </>
  );
}
