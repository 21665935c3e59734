/**
 * True for a PostgreSQL unique violation (23505), optionally of one named constraint. Both
 * drivers (pg and PGlite) expose `code` and `constraint` on their errors.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * An error the database answered a statement with (pg and PGlite both carry a SQLSTATE and a
 * severity): the statement, and with it its transaction, was rolled back. Anything else (a lost
 * connection) leaves the outcome unknown.
 */
export function refusedByDatabase(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown } | null | undefined;
  return typeof e?.code === 'string' && typeof e.severity === 'string';
}
