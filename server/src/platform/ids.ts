import type { NotFoundError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` has a uuid's shape (any version, either case). Check it before an id from a
 * request reaches a uuid column: PostgreSQL refuses a malformed one with an error, where the
 * caller should get the 404 (or 400) a missing row gets.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/**
 * A well-formed id or the given 404: a malformed id names nothing, so it is answered as an
 * unknown one (ids are compared lower-case, as PostgreSQL prints them).
 */
export function idOr404(raw: string, notFound: () => NotFoundError): string {
  if (!isUuid(raw)) throw notFound();
  return raw.toLowerCase();
}

/**
 * A new time-ordered row id (UUID version 7: 48 bits of Unix milliseconds, then a counter and
 * random bits; later ids of this process sort higher) for rows whose id the code picks before
 * the insert – a payment's ledger transaction, a new account. Like the database's `uuid7()`
 * default (migration 2026-12-01T08-time-ordered-ids), it appends to the right of the primary key
 * and of every index on the column instead of touching a random leaf page per insert, which
 * after each checkpoint would also write that page whole to the WAL. Not for names that must
 * not tell when they were made (storage keys, tokens): those stay `randomUUID()`.
 */
export { v7 as newRowId } from 'uuid';
