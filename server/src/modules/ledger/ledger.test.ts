import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/database.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';
import { releaseDuePending } from './charges.ts';
import { accountId, balanceOf, postTransaction } from './ledger.service.ts';
import { verifyLedger } from './ledger.verify.ts';

let server: TestServer;
let fan: Actor;
let creator: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, admin] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server, 'fan', {
      is_admin: true,
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totp_enabled_at: new Date(),
    }),
  ]);
});
afterAll(() => server.close());

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return error as { code?: string; message: string; statusCode?: number };
  }
  throw new Error('expected a failure');
};

describe('ledger guarantees in the database', () => {
  it('refuses an unbalanced transaction at commit', async () => {
    const error = await errorOf(
      withTransaction(server.ctx.db, async (tx) => {
        const wallet = await accountId(tx, 'user_wallet', fan.user.id);
        const row = await tx
          .insertInto('ledger_transactions')
          .values({ kind: 'test' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('ledger_entries')
          .values({ transaction_id: row.id, account_id: wallet, amount_cents: 5 })
          .execute();
      }),
    );
    expect(error.message).toMatch(/unbalanced/);
  });

  it('is append-only: entries and transactions refuse UPDATE and DELETE', async () => {
    await fund(server, fan, 10);
    for (const statement of [
      sql`update ledger_entries set amount_cents = amount_cents + 1`,
      sql`delete from ledger_entries`,
      sql`update ledger_transactions set kind = 'x'`,
      sql`delete from ledger_transactions`,
    ]) {
      const error = await errorOf(statement.execute(server.ctx.db));
      expect(error.message).toMatch(/append-only/);
    }
  });

  it('keeps wallets non-negative with a CHECK, mapped to 402 when code misses it', async () => {
    const direct = await errorOf(
      sql`update ledger_accounts set balance_cents = -1 where kind = 'user_wallet'`.execute(
        server.ctx.db,
      ),
    );
    expect(direct).toMatchObject({ code: '23514' });
    const error = await errorOf(
      withTransaction(server.ctx.db, async (tx) => {
        const [wallet, fees] = [
          await accountId(tx, 'user_wallet', fan.user.id),
          await accountId(tx, 'platform_fees', null),
        ];
        return postTransaction(tx, {
          kind: 'test',
          entries: [
            { accountId: wallet, amountCents: -1_000_000 },
            { accountId: fees, amountCents: 1_000_000 },
          ],
        });
      }),
    );
    expect(error).toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses ledger writes outside a transaction', async () => {
    const error = await errorOf(postTransaction(server.ctx.db, { kind: 'test', entries: [] }));
    expect(error.message).toMatch(/inside a transaction/);
  });
});

describe('pending → available', () => {
  it('releases a share only when due, once', async () => {
    await fund(server, fan, 20);
    const post = await paidPost(server, creator, 1000);
    expect((await pay(server, fan, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    expect(await balanceOf(server.ctx.db, 'creator_pending', creator.user.id)).toBe(800);
    expect(await releaseDuePending(server.ctx.db, new Date())).toBe(0);
    const overview = await pay(server, creator, 'GET', '/earnings/overview');
    expect(overview.body).toMatchObject({
      grossCents: 1000,
      feesCents: 200,
      netCents: 800,
      pendingCents: 800,
      availableCents: 0,
    });
    expect(Date.parse(overview.body.nextReleaseAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const later = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    expect(await releaseDuePending(server.ctx.db, later)).toBe(1);
    expect(await releaseDuePending(server.ctx.db, later)).toBe(0);
    expect(await balanceOf(server.ctx.db, 'creator_pending', creator.user.id)).toBe(0);
    expect(await balanceOf(server.ctx.db, 'creator_available', creator.user.id)).toBe(800);
    const jobs = await server.ctx.db
      .selectFrom('jobs')
      .select('type')
      .where('type', '=', 'ledger.release-pending')
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
  });
});

describe('GET /ledger/verify', () => {
  it('reports every invariant ok for admins', async () => {
    const res = await pay(server, admin, 'GET', '/ledger/verify');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.invariants.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining([
        'transactions_balanced',
        'balances_match_entries',
        'no_negative_balances',
        'fee_split_exact',
      ]),
    );
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });

  it('refuses non-admins and visitors', async () => {
    expect((await pay(server, fan, 'GET', '/ledger/verify')).status).toBe(403);
    expect((await pay(server, creator, 'GET', '/ledger/verify')).status).toBe(403);
    expect((await pay(server, null, 'GET', '/ledger/verify')).status).toBe(401);
  });
});
