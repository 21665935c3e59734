import { useState, type FormEvent } from 'react';
import { errorCodeOf, errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { formatPrice } from '../../posts/access.ts';
import { parsePayoutAmount, payoutErrorText, PAYOUT_MIN } from '../payout-rules.ts';
import { useRequestPayoutMutation } from '../queries.ts';

function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `payout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Request a payout of available earnings (minimum 20.00, at most the available balance). One
 * attempt, one Idempotency-Key: a retry after a lost answer cannot request the money twice.
 */
export function PayoutRequestForm({
  availableCents,
  blockedReason,
}: {
  availableCents: number;
  /** why a request cannot be made now (owed balance…), shown instead of the button */
  blockedReason?: string | null;
}) {
  const request = useRequestPayoutMutation();
  const [amount, setAmount] = useState(() =>
    availableCents >= PAYOUT_MIN * 100 ? (availableCents / 100).toFixed(2) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState(newKey);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePayoutAmount(amount, availableCents);
    if (typeof parsed === 'string') return setError(parsed);
    setError(null);
    request.mutate(
      { amount: parsed, idempotencyKey: attemptKey },
      {
        onSuccess: (result) => {
          toast.success(
            `Payout of ${formatPrice(result.payout.amount)} requested. It is on its way to your bank.`,
          );
          setAttemptKey(newKey());
          setAmount('');
        },
      },
    );
  }

  const serverError = request.isError
    ? (payoutErrorText(errorCodeOf(request.error)) ??
      errorMessageOf(request.error, 'Could not request the payout. Please try again.'))
    : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Request a payout"
      className="flex flex-col gap-3"
    >
      {/* the button lines up with the input, not with the hint below it (label 26 px above) */}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="Payout amount (USD)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error ?? undefined}
          hint={`Minimum ${formatPrice(PAYOUT_MIN)}, at most ${formatPrice(availableCents / 100)}.`}
          className="w-full sm:w-56"
          disabled={Boolean(blockedReason)}
        />
        <Button
          type="submit"
          loading={request.isPending}
          disabled={Boolean(blockedReason)}
          className="sm:mt-7"
        >
          Request payout
        </Button>
      </div>
      {blockedReason ? <p className="text-sm text-muted">{blockedReason}</p> : null}
      {serverError ? <FormError message={serverError} /> : null}
    </form>
  );
}
