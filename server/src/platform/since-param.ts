import { ErrorCodes } from '@fanspace/contracts';
import { BadRequestError } from './errors.ts';

/** RFC 3339 date-time with its time zone, as the schema format `date-time` accepted before. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}(:?\d{2})?)$/;
const EPOCH_MS = /^\d{1,16}$/;

/**
 * The `since` of a polling route (SPEC: "since" is a time): an ISO 8601 date-time or epoch
 * milliseconds (digits only, as `Date.now()` gives). Anything else is a 400 naming both forms,
 * never a date PostgreSQL would refuse.
 */
export function parseSince(since: string): Date {
  const date = EPOCH_MS.test(since)
    ? new Date(Number(since))
    : ISO_DATE_TIME.test(since)
      ? new Date(since)
      : null;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1)
    throw new BadRequestError(
      'since must be an ISO 8601 date-time (e.g. 2026-01-31T12:00:00Z) or epoch milliseconds',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'since' },
    );
  return date;
}
