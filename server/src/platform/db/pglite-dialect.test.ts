import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, withTransaction, type DatabaseHandle } from './database.ts';

/**
 * The PGlite dialect's prepared statements (pglite-dialect.ts): a read seen three times runs
 * under a name, parsed once, and must answer exactly what `pglite.query` answers – the same
 * values of every type, the same errors – inside and outside transactions.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({});
  await sql`create table dialect_probe (
    id int primary key, at timestamptz, doc jsonb, tags text[], flag boolean, big int8,
    price numeric, note text)`.execute(database.db);
  await sql`insert into dialect_probe values
    (1, '2026-11-26T10:00:00Z', '{"a": [1, 2]}', '{x,y}', true, 9007199254740991, 12.50, null),
    (2, '2026-01-01T00:00:00Z', '[]', '{}', false, 0, 0, 'two')`.execute(database.db);
});
afterAll(() => database.close());

const probe = (minId: number, since: Date, tags: string[], flag: boolean | null) =>
  sql<Record<string, unknown>>`select id, at, doc, tags, flag, big, price, note
    from dialect_probe
    where id >= ${minId} and at >= ${since} and (tags && ${tags}::text[] or cardinality(${tags}::text[]) = 0)
      and (${flag}::boolean is null or flag = ${flag}::boolean)
    order by id`;

describe('PGlite prepared statements', () => {
  it('answers every run like an unprepared query, and parses the statement once', async () => {
    const pglite = database.pglite!;
    const query = vi.spyOn(pglite, 'query');
    const protocol = vi.spyOn(pglite, 'execProtocolStream');
    const since = new Date('2025-12-31T00:00:00Z');
    const runs = [];
    for (let i = 0; i < 8; i++)
      runs.push((await probe(1, since, [], null).execute(database.db)).rows);
    // the first runs are plain queries (a text must be seen 3 times before it gets a name)
    expect(
      query.mock.calls.filter(([text]) => String(text).includes('dialect_probe')),
    ).toHaveLength(2);
    const parses = protocol.mock.calls.filter(([bytes]) => bytes[0] === 'P'.charCodeAt(0));
    // one Parse for the name; `query`'s own calls go through execProtocolStream too (2 runs)
    expect(parses).toHaveLength(3);
    for (const rows of runs) expect(rows).toEqual(runs[0]);
    expect(runs[0]).toEqual([
      {
        id: 1,
        at: new Date('2026-11-26T10:00:00Z'),
        doc: { a: [1, 2] },
        tags: ['x', 'y'],
        flag: true,
        big: 9007199254740991,
        price: '12.50',
        note: null,
      },
      {
        id: 2,
        at: new Date('2026-01-01T00:00:00Z'),
        doc: [],
        tags: [],
        flag: false,
        big: 0,
        price: '0',
        note: 'two',
      },
    ]);
    // other parameters through the same name: arrays, booleans, dates
    const some = await probe(1, since, ['y', 'z'], true).execute(database.db);
    expect(some.rows.map((r) => r['id'])).toEqual([1]);
    const none = await probe(1, new Date('2027-01-01T00:00:00Z'), [], null).execute(database.db);
    expect(none.rows).toEqual([]);
    vi.restoreAllMocks();
  });

  it('raises the database error of a prepared statement and leaves the connection usable', async () => {
    const divide = (d: number) => sql<{ q: number }>`select 10 / ${d}::int as q`;
    for (let i = 0; i < 4; i++) await divide(2).execute(database.db);
    await expect(divide(0).execute(database.db)).rejects.toMatchObject({ code: '22012' });
    expect((await divide(5).execute(database.db)).rows).toEqual([{ q: 2 }]);
    // inside a transaction: the error aborts it, the rollback clears it
    await expect(
      withTransaction(database.db, async (tx) => {
        await divide(0).execute(tx);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    const committed = await withTransaction(database.db, (tx) => divide(10).execute(tx));
    expect(committed.rows).toEqual([{ q: 1 }]);
  });

  it('sees the writes of its own transaction and not a rolled-back one', async () => {
    const note = () => sql<{ note: string | null }>`select note from dialect_probe where id = ${1}`;
    for (let i = 0; i < 4; i++) await note().execute(database.db);
    await expect(
      withTransaction(database.db, async (tx) => {
        await sql`update dialect_probe set note = 'changed' where id = 1`.execute(tx);
        expect((await note().execute(tx)).rows).toEqual([{ note: 'changed' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await note().execute(database.db)).rows).toEqual([{ note: null }]);
  });
});
