/**
 * True for a PostgreSQL unique violation (23505), optionally of one named constraint. Both
 * drivers (pg and PGlite) expose `code` and `constraint` on their errors.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
