import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from './database.ts';
import { Precompiled } from './precompiled.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('Precompiled', () => {
  it('compiles once and binds new values on every run, however often a slot repeats', async () => {
    let builds = 0;
    const query = new Precompiled(['a', 'b'] as const, (db, p) => {
      builds += 1;
      return db.selectNoFrom([
        sql<string>`${p.a}::text`.as('first'),
        sql<number>`${p.b}::int + 1`.as('next'),
        sql<string>`${p.a}::text || '!'`.as('again'),
      ]);
    });
    expect(await query.execute(database.db, { a: 'x', b: 1 })).toEqual([
      { first: 'x', next: 2, again: 'x!' },
    ]);
    expect(await query.execute(database.db, { a: 'y', b: 41 })).toEqual([
      { first: 'y', next: 42, again: 'y!' },
    ]);
    expect(builds).toBe(1);
  });

  it('refuses a builder that inlines a value into the SQL text', async () => {
    const query = new Precompiled(['a'] as const, (db, p) =>
      db.selectNoFrom(sql.lit(p.a as string).as('frozen')),
    );
    await expect(query.execute(database.db, { a: 'x' })).rejects.toThrow(/lost its slots: a/);
  });
});
