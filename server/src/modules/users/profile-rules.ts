import { compactIban, ErrorCodes, ibanProblem, USERNAME_RULE } from '@fanspace/contracts';
import { BadRequestError } from '../../platform/errors.ts';

/**
 * Input rules of the profile calls, as pure functions so they are unit-tested without a
 * database. Each failure is a 400 that names the field and says the rule in words.
 */

const invalid = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

/** C0 control characters other than tab and newlines: PostgreSQL refuses NUL in text. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Trims and drops control characters; keeps line breaks (bios are multi-line). */
export function cleanText(value: string): string {
  return value.replace(CONTROL_CHARS, '').trim();
}

export function assertUsername(username: string): string {
  if (!USERNAME_RULE.test(username))
    throw invalid(
      'username',
      'Username must be 3–30 characters long and use only letters, digits, underscores and dots',
    );
  return username;
}

/** Digits with an optional leading +, separators removed; null clears the number. */
export function normalisePhone(phone: string | null): string | null {
  if (phone === null || phone.trim() === '') return null;
  const compact = phone.replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{6,15}$/.test(compact))
    throw invalid('phoneNumber', 'Phone number must have 6–15 digits, optionally starting with +');
  return compact;
}

/** A normalised https URL with a real host and no credentials. */
export function assertHttpsUrl(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(field, `${field} must be a valid https:// URL`);
  }
  if (url.protocol !== 'https:') throw invalid(field, `${field} must use https://`);
  if (url.username || url.password || !url.hostname.includes('.'))
    throw invalid(field, `${field} must be a valid https:// URL`);
  return url.toString();
}

/** SPEC money rules: currency units with at most two decimals, converted to cents once. */
export function toCents(field: string, amount: number): number {
  if (!Number.isFinite(amount) || amount < 0)
    throw invalid(field, `${field} must be a non-negative amount`);
  const cents = Math.round(amount * 100);
  if (Math.abs(amount * 100 - cents) > 1e-6)
    throw invalid(field, `${field} must have at most two decimals`);
  return cents;
}

export const SUBSCRIPTION_PRICE_CENTS = { min: 499, max: 4999 } as const;

/** DESIGN: 0 (free follow) or 4.99–49.99 per 30 days. */
export function subscriptionPriceCents(price: number): number {
  const cents = toCents('price', price);
  if (cents !== 0 && (cents < SUBSCRIPTION_PRICE_CENTS.min || cents > SUBSCRIPTION_PRICE_CENTS.max))
    throw invalid('price', 'Subscription price must be 0 (free) or between 4.99 and 49.99');
  return cents;
}

/** Free-form client settings are stored as jsonb; bound their size and refuse NUL characters. */
export function assertJsonValue(field: string, value: unknown, maxBytes = 16 * 1024): string {
  const json = JSON.stringify(value ?? null);
  if (Buffer.byteLength(json) > maxBytes)
    throw invalid(field, `${field} is too large (at most ${Math.round(maxBytes / 1024)} KB)`);
  if (json.includes('\\u0000')) throw invalid(field, `${field} contains invalid characters`);
  return json;
}

/** ISO 13616 IBAN in its stored form; the rule and its messages are the contract's. */
export function normaliseIban(value: string): string {
  const problem = ibanProblem(value);
  if (problem) throw invalid('iban', problem);
  return compactIban(value);
}

export function normaliseBic(value: string): string {
  const bic = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic))
    throw invalid('bic', 'BIC must have 8 or 11 letters and digits');
  return bic;
}

/** Domestic account + routing/sort code; US routing numbers also pass the ABA checksum. */
export function normaliseDomesticAccount(
  country: string,
  accountNumber: string,
  routingNumber: string,
): { accountNumber: string; routingNumber: string } {
  const account = accountNumber.replace(/[\s-]/g, '');
  const routing = routingNumber.replace(/[\s-]/g, '');
  if (!/^[0-9]{4,17}$/.test(account))
    throw invalid('accountNumber', 'Account number must have 4–17 digits');
  if (!/^[0-9]{4,15}$/.test(routing))
    throw invalid('routingNumber', 'Routing number must have 4–15 digits');
  if (country === 'US' && !isAbaRoutingNumber(routing))
    throw invalid('routingNumber', 'Routing number is not a valid US (ABA) routing number');
  return { accountNumber: account, routingNumber: routing };
}

function isAbaRoutingNumber(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/** `%`, `_` and `\` are wildcards in ILIKE; user search text must match them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
