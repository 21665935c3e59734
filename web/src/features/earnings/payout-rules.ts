/** Client-side checks of a payout amount (the server enforces the same rules). */
import { PAYOUT_MIN_CENTS, type ErrorCode } from '@fanspace/contracts';
import { formatPrice } from '../posts/access.ts';

export const PAYOUT_MIN = PAYOUT_MIN_CENTS / 100;
export const MIN_PAYOUT_TEXT = `The minimum payout is ${formatPrice(PAYOUT_MIN)}.`;

/** A valid amount in currency units, or the error text to show. */
export function parsePayoutAmount(text: string, availableCents: number): number | string {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'Enter an amount like 20 or 25.50.';
  const cents = Math.round(Number(trimmed) * 100);
  if (cents < PAYOUT_MIN_CENTS) return MIN_PAYOUT_TEXT;
  if (cents > availableCents)
    return `You can request at most your available ${formatPrice(availableCents / 100)}.`;
  return cents / 100;
}

/** What to tell the creator for a refused request, by the server's stable code. */
export function payoutErrorText(code: ErrorCode | null): string | null {
  switch (code) {
    case 'PAYOUT_BELOW_MINIMUM':
      return MIN_PAYOUT_TEXT;
    case 'PAYOUT_EXCEEDS_AVAILABLE':
      return 'That is more than your available balance.';
    case 'BALANCE_OWED':
      return 'Payouts are paused while you owe a balance from a refund or chargeback. It is repaid from your next earnings.';
    case 'PAYOUT_SETTINGS_REQUIRED':
      return 'Add your payout details (bank account) before requesting a payout.';
    default:
      return null;
  }
}
