import type { CheckoutPurpose, PromoQuote } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { formatPrice } from '../../posts/access.ts';
import { validatePromoCode } from '../api.ts';

/**
 * "Have a promo code?" at checkout: checks the code with the server (POST
 * /promo-codes/validate) and hands the quote up; the checkout then sends the code with its
 * payment and the server applies it again (the quote is only a preview).
 */
export function PromoCodeField({
  purpose,
  targetId,
  quote,
  onQuote,
}: {
  purpose: CheckoutPurpose;
  targetId: string;
  quote: PromoQuote | null;
  onQuote: (quote: PromoQuote | null) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply(event?: FormEvent) {
    event?.preventDefault();
    if (!code.trim()) {
      setError('Enter a code');
      return;
    }
    setChecking(true);
    setError(null);
    try {
      onQuote(await validatePromoCode(code.trim(), purpose, targetId));
    } catch (e) {
      onQuote(null);
      setError(errorMessageOf(e, 'This promo code is not valid'));
    } finally {
      setChecking(false);
    }
  }

  if (quote)
    return (
      <div
        className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-success/10 px-3 py-2 text-sm text-fg"
        role="status"
      >
        <span>
          Code <strong>{quote.code}</strong> applied: {quote.percentOff}% off (−
          {formatPrice(quote.discount)})
        </span>
        <Button size="sm" variant="ghost" onClick={() => onQuote(null)}>
          Remove
        </Button>
      </div>
    );
  return (
    <div className="flex items-end gap-2">
      <TextField
        label="Promo code"
        className="min-w-0 flex-1"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void apply(e);
        }}
      />
      <Button variant="outline" loading={checking} onClick={() => void apply()}>
        Apply
      </Button>
    </div>
  );
}
