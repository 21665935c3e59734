import { sql, type CompiledQuery } from 'kysely';
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

  it('writes inlined integers into the text, one statement per combination', async () => {
    let builds = 0;
    const sent: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const db = new Proxy(database.db, {
      get(target, property) {
        if (property !== 'executeQuery') {
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (query: CompiledQuery) => {
          sent.push(query);
          return target.executeQuery(query);
        };
      },
    });
    const query = new Precompiled(
      ['who', 'take', 'skip'] as const,
      (qb, p) => {
        builds += 1;
        return qb
          .selectFrom(sql<{ n: number }>`(select generate_series(1, 10) as n)`.as('s'))
          .select([sql<string>`${p.who}::text`.as('who'), 's.n'])
          .orderBy('s.n')
          .limit(p.take)
          .offset(p.skip);
      },
      ['take', 'skip'],
    );
    const run = async (who: string, take: number, skip: number) => {
      const rows = await query.execute(db, { who, take, skip });
      return rows.map((row) => `${row.who}${row.n}`);
    };
    expect(await run('a', 2, 0)).toEqual(['a1', 'a2']);
    expect(await run('b', 2, 0)).toEqual(['b1', 'b2']);
    expect(await run('c', 3, 4)).toEqual(['c5', 'c6', 'c7']);
    expect(builds).toBe(2);
    expect(sent[0]?.sql).toMatch(/limit 2 offset 0$/);
    expect(sent[2]?.sql).toMatch(/limit 3 offset 4$/);
    expect(sent.map((q) => q.parameters)).toEqual([['a'], ['b'], ['c']]);
    await expect(query.execute(db, { who: 'x', take: 2.5, skip: 0 })).rejects.toThrow(
      /take must be an integer/,
    );
    await expect(
      query.execute(db, { who: 'x', take: '2; drop table users' as never, skip: 0 }),
    ).rejects.toThrow(/take must be an integer/);
  });
});
