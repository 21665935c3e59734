/**
 * Shared money helpers for the payment dialogs (unlock, tip, chat paid parts): USD formatting,
 * typed-amount parsing (at most two decimals, within bounds), one Idempotency-Key per payment
 * attempt, and the failure text a payment dialog shows.
 */
import { ErrorCodes } from '@fanspace/contracts/errors';
import { errorCodeOf, errorMessageOf } from './api/index.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/**
 * A money amount typed as text → a number with at most 2 decimals within [min, max], or the
 * error text to show. `noun` names the figure in those texts ("price", "amount").
 */
export function parseMoneyInput(
  text: string,
  min: number,
  max: number,
  noun: 'price' | 'amount' = 'price',
): number | string {
  const trimmed = text.trim();
  const value = Number(trimmed.replace(',', '.'));
  if (trimmed === '' || !Number.isFinite(value))
    return noun === 'price' ? 'Enter a price.' : 'Enter an amount.';
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed))
    return noun === 'price'
      ? 'Use a price like 9.99.'
      : 'Use an amount like 5.00, with at most two decimals.';
  if (value < min || value > max)
    return `The ${noun} must be between ${formatUsd(min)} and ${formatUsd(max)}.`;
  return Math.round(value * 100) / 100;
}

/** A fresh Idempotency-Key: one per payment attempt; a retry of that attempt reuses it. */
export function newIdempotencyKey(prefix = 'pay'): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * SPEC §8 Payments: the default text of a failed payment whose error carries no server
 * message (unlock, tip, subscribe, add funds, chat paid cards).
 */
export const PAYMENT_UNKNOWN_ERROR = 'An unknown error occurred during payment.';

/**
 * What a payment dialog shows when the charge failed: the server's reason when it gave one,
 * else PAYMENT_UNKNOWN_ERROR.
 */
export function paymentFailureText(error: unknown): string {
  const message = errorMessageOf(error, PAYMENT_UNKNOWN_ERROR);
  if (errorCodeOf(error) === ErrorCodes.ROUTE_NOT_FOUND) {
    return `Payments are not available on this server yet, so nothing was charged. (${message})`;
  }
  return message;
}

export function isInsufficientFunds(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCodes.INSUFFICIENT_FUNDS;
}
