import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import type { DatabaseHandle } from '../src/platform/db/database.ts';
import { PGliteConnection } from '../src/platform/db/pglite-dialect.ts';
import { openTestDatabase } from './harness.ts';

/**
 * Counting the statements a request sends (the round-trip budgets in docs/PERFORMANCE.md):
 * every statement is a round trip on a held connection, so a change that adds one shows up.
 * Counted at the driver on both databases, begin and commit included.
 *
 * The spy goes on before the database opens: on PostgreSQL the pool's clients are wrapped at
 * connect time (platform/db/prepared-statements.ts binds `client.query` then), so a spy put on
 * `pg.Client.prototype.query` afterwards would see nothing and count 0. On PGlite the spy is on
 * the dialect's connection (`PGliteConnection.executeQuery`). Undo it with
 * `vi.restoreAllMocks()` after the database is closed.
 */

export interface CountedStatements<T> {
  count: number;
  value: T;
  /** each statement's text, whitespace folded, first 80 characters */
  statements: string[];
  /** the same in full */
  texts: string[];
}

export interface SpiedDatabase {
  database: DatabaseHandle;
  /** the statements sent while `fn` ran */
  statementsOf<T>(fn: () => Promise<T>): Promise<CountedStatements<T>>;
}

const textOf = (arg: unknown) =>
  String(
    typeof arg === 'string' ? arg : ((arg as { text?: string } | undefined)?.text ?? ''),
  ).replace(/\s+/g, ' ');

/** A fresh test database (openTestDatabase) whose driver calls are counted. */
export async function openSpiedTestDatabase(): Promise<SpiedDatabase> {
  let calls: () => unknown[][] = () => [];
  if (inject('testDb').kind === 'pg') {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    calls = () => spy.mock.calls;
  }
  const database = await openTestDatabase();
  if (database.pglite) {
    // at the dialect's connection: repeated reads run as prepared statements, not `query`
    const spy = vi.spyOn(PGliteConnection.prototype, 'executeQuery');
    calls = () => spy.mock.calls.map(([compiled]) => [compiled.sql]);
  }
  return {
    database,
    async statementsOf(fn) {
      const from = calls().length;
      const value = await fn();
      // the analytics recorder flushes its buffer on a timer, from whichever request came last:
      // those batch inserts are not the request's own statements
      const texts = calls()
        .slice(from)
        .map((c) => textOf(c[0]))
        .filter((text) => !text.startsWith('insert into "analytics_'));
      expect(texts.length, 'the counter sees the driver').toBeGreaterThan(0);
      const statements = texts.map((text) => text.slice(0, 80));
      return { count: texts.length, value, statements, texts };
    },
  };
}
