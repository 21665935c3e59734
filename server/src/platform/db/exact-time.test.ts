import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from './database.ts';
import { exactTime, EXACT_TIME_RE, isCursorTime, olderThanCursor } from './exact-time.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await sql`create table keyset_probe (id uuid primary key, at timestamptz not null)`.execute(
    database.db,
  );
  // six rows inside one millisecond, two of them at the very same time
  await sql`insert into keyset_probe (id, at)
    select ('00000000-0000-4000-8000-00000000000' || n)::uuid,
      '2026-11-20T10:00:00.100Z'::timestamptz + (least(n, 4) * 150) * interval '1 microsecond'
    from generate_series(1, 6) n`.execute(database.db);
});
afterAll(() => database.close());

interface Probe {
  id: string;
  at: Date;
  exact: string;
}

const page = (cursor: { at: Date; id: string } | null) => {
  const db = database.db.withTables<{ keyset_probe: { id: string; at: Date } }>();
  let query = db.selectFrom('keyset_probe').select(['id', 'at', exactTime('at').as('exact')]);
  if (cursor)
    query = query.where(olderThanCursor('keyset_probe', 'at', { time: 'at', id: 'id' }, cursor));
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(2).execute() as Promise<Probe[]>;
};

describe('exact times for keyset cursors', () => {
  it('pages through rows of one millisecond with cursors whose time went through a Date', async () => {
    const seen: string[] = [];
    let cursor: { at: Date; id: string } | null = null;
    for (let i = 0; i < 5; i += 1) {
      const rows = await page(cursor);
      seen.push(...rows.map((r) => r.id));
      const last = rows.at(-1);
      if (rows.length < 2 || !last) break;
      cursor = { at: last.at, id: last.id };
    }
    expect(seen.map((id) => Number(id.at(-1)))).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('writes microseconds, and reads cursor times of either precision that are real dates', async () => {
    const [first] = await page(null);
    expect(first!.exact).toBe('2026-11-20T10:00:00.100600Z');
    expect(EXACT_TIME_RE.test(first!.exact)).toBe(true);
    expect(isCursorTime(first!.exact)).toBe(true);
    expect(isCursorTime('2026-11-20T10:00:00.100Z')).toBe(true);
    for (const bad of [
      '2026-02-30T10:00:00.100Z',
      '0000-01-01T00:00:00.000Z',
      '2026-11-20T25:00:00.000Z',
      '2026-11-20T10:00:00Z',
      '2026-11-20T10:00:00.1234Z',
      'yesterday',
    ])
      expect(isCursorTime(bad), bad).toBe(false);
  });
});
