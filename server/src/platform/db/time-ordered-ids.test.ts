import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { newRowId } from '../ids.ts';
import type { DatabaseHandle } from './database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('makes version 7 ids that sort in the order they were made, within one millisecond too', async () => {
  const before = Date.now();
  const { rows } = await sql<{ id: string }>`
    select uuid7()::text as id from generate_series(1, 2000) g order by g`.execute(database.db);
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  // uuid's text order is its byte order: each id is larger than the one made before it
  for (let i = 1; i < ids.length; i += 1) expect(ids[i]! > ids[i - 1]!).toBe(true);
  for (const id of [ids[0]!, ids.at(-1)!]) {
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // the first 48 bits are the Unix time in milliseconds
    const ms = parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1000);
  }
});

// ids the code picks before the insert (a payment's ledger transaction, a payout)
it('makes version 7 ids in the code that sort in the order they were made', () => {
  const before = Date.now();
  const ids = Array.from({ length: 2000 }, () => newRowId());
  expect(new Set(ids).size).toBe(ids.length);
  for (let i = 1; i < ids.length; i += 1) expect(ids[i]! > ids[i - 1]!).toBe(true);
  const id = ids[0]!;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBeGreaterThanOrEqual(before);
});

// a new table must take uuid7() too: this fails on one that defaults to gen_random_uuid()
it('is the default id of the tables that made random ones', async () => {
  const { rows } = await sql<{ defaults: string[] }>`
    select array_agg(distinct column_default::text) as defaults from information_schema.columns
    where table_schema = current_schema() and column_name = 'id'
      and column_default like '%uuid%'`.execute(database.db);
  expect(rows[0]!.defaults).toEqual(['uuid7()']);
  const { rows: counted } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.columns
    where table_schema = current_schema() and column_default = 'uuid7()'`.execute(database.db);
  expect(counted[0]!.n).toBeGreaterThan(50);
});

// a SQL function is inlined only when its body is one plain expression; run as a function it
// cost ~5 µs a row, four times the insert itself (migration 2026-12-02T10-inline-uuid7)
it('is inlined into the statement that calls it', async () => {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`
    explain (verbose, costs off) select uuid7()`.execute(database.db);
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  expect(plan).toContain('nextval');
  expect(plan).not.toContain('uuid7()');
});
