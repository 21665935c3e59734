/**
 * Reading the server's error body (contracts ApiErrorBody: `{ message, code, ...details }`).
 * Behaviour branches on `code`, never on message text (STYLE §3).
 */
import type { ErrorCode } from '@fanspace/contracts';
import { isApiError } from './api-error.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stable error code of a failed API call, or null for network/local failures. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!isApiError(error) || !isRecord(error.data)) return null;
  const { code } = error.data;
  return typeof code === 'string' ? (code as ErrorCode) : null;
}

/** The error body's details (field, attemptsRemaining, email…), or an empty object. */
export function errorDataOf(error: unknown): Record<string, unknown> {
  return isApiError(error) && isRecord(error.data) ? error.data : {};
}
