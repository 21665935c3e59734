import { sql } from 'kysely';

/**
 * Keyset cursors need a row's timestamp exactly: PostgreSQL keeps microseconds, a JS Date only
 * milliseconds, so a cursor built from a Date names a time up to 999 µs before its row, and the
 * next page (`(at, id) < (cursor)`) skips every row of that millisecond that sorts after it.
 */

/** A timestamptz column as UTC text with microseconds, whatever the session's DateStyle. */
export const exactTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Text `exactTime` writes, e.g. '2026-11-22T09:20:00.123456Z'. */
export const EXACT_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const CURSOR_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})?Z$/;

/**
 * A cursor's time as a client sends it back: `exactTime` text, or an ISO time of milliseconds
 * (cursors handed out before). Only real dates pass (no 30 February, no year 0), since the text
 * goes to PostgreSQL as a timestamptz and must not fail there.
 */
export function isCursorTime(at: string): boolean {
  if (!CURSOR_TIME_RE.test(at)) return false;
  const date = new Date(at);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) return false;
  return date.toISOString().slice(0, 23) === at.slice(0, 23);
}

/**
 * Keyset condition `(time, id) < cursor` for a cursor whose time came through a JS Date
 * (milliseconds): the cursor row's own time is read in the statement (an uncorrelated
 * subquery, run once), and the cursor's time used only when that row is gone.
 */
export function olderThanCursor(
  table: string,
  timeColumn: string,
  ref: { time: string; id: string },
  cursor: { at: Date; id: string },
) {
  return sql<boolean>`(${sql.ref(ref.time)}, ${sql.ref(ref.id)}) < (coalesce(
      (select k.${sql.ref(timeColumn)} from ${sql.table(table)} k where k.id = ${cursor.id}::uuid),
      ${cursor.at}::timestamptz), ${cursor.id}::uuid)`;
}
