const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` has a uuid's shape (any version, either case). Check it before an id from a
 * request reaches a uuid column: PostgreSQL refuses a malformed one with an error, where the
 * caller should get the 404 (or 400) a missing row gets.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
