import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor } from '../posts/posts.test-kit.ts';

/**
 * The hot reads of payouts, reversals and admin financials use their indexes once the tables
 * are large (bulk rows without entries: this file does not run the ledger verifier).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  const creator = await actor(server, 'creator');
  const db = server.ctx.db;
  // a platform that has run a while: many old movements of other kinds, some recent charges
  await sql`insert into ledger_transactions (kind, metadata, created_at)
    select case when g % 3 = 0 then 'top_up' else 'release' end, '{}'::jsonb,
      now() - (g || ' hours')::interval
    from generate_series(1, 6000) g`.execute(db);
  await sql`insert into ledger_transactions (kind, metadata, created_at)
    select 'tip', jsonb_build_object('grossCents', 100, 'feeCents', 20, 'shareCents', 80),
      now() - (g || ' days')::interval
    from generate_series(1, 400) g`.execute(db);
  const anyTx = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await sql`insert into payouts (creator_id, amount_cents, status, request_transaction_id,
      settle_transaction_id, requested_at)
    select ${creator.user.id}, 2000, 'paid', ${anyTx.id}, ${anyTx.id},
      now() - (g || ' minutes')::interval
    from generate_series(1, 3000) g`.execute(db);
  await sql`analyze`.execute(db);
});
afterAll(() => server.close());

async function plan(query: ReturnType<typeof sql>) {
  const { rows } = await sql`explain ${query}`.execute(server.ctx.db);
  return (rows as Array<Record<string, unknown>>).map((r) => Object.values(r).join(' ')).join('\n');
}

describe('indexes', () => {
  it('scans charges and reversals by kind and date, and reversals by their charge', async () => {
    const daily = await plan(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), count(*)
          from ledger_transactions
          where kind in ('unlock', 'tip', 'subscription', 'renewal', 'refund', 'chargeback')
            and created_at >= now() - interval '30 days'
          group by 1`,
    );
    expect(daily).toMatch(/ledger_transactions_(kind_created|created)_idx/);
    expect(daily).not.toMatch(/Seq Scan/);
    const reversals = await plan(
      sql`select sum((metadata->>'reversedCents')::bigint) from ledger_transactions
          where reverses_id = '00000000-0000-4000-8000-000000000001' and kind in ('refund', 'chargeback')`,
    );
    expect(reversals).toMatch(/ledger_transactions_reverses_idx/);
  });

  it('pages a creator payout history and filters open payouts by status', async () => {
    const history = await plan(
      sql`select * from payouts where creator_id = '00000000-0000-4000-8000-000000000001'
          order by requested_at desc, id desc limit 20`,
    );
    expect(history).toMatch(/payouts_creator_idx/);
    const open = await plan(
      sql`select sum(amount_cents) from payouts where status in ('requested', 'processing')`,
    );
    expect(open).toMatch(/payouts_status_idx/);
  });
});
