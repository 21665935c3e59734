import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import { withTransaction, type DatabaseHandle } from '../../platform/db/database.ts';
import { fund } from '../payments/payments.test-kit.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { chargeToCreator } from './charges.ts';
import { SYSTEM_ACCOUNT_SHARDS } from './ledger.service.ts';
import { reverseCharge } from './reversals.ts';
import { verifyLedger } from './ledger.verify.ts';

/**
 * System accounts (platform_fees, …) sit in every payment: they move just before commit instead
 * of being locked for the whole transaction (ledger.service.ts, "Hot rows").
 */

let database: DatabaseHandle;
let server: TestServer;
let fans: Actor[];
let creators: Actor[];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await createTestServer({ database });
  fans = await Promise.all([actor(server), actor(server)]);
  creators = await Promise.all([actor(server, 'creator'), actor(server, 'creator')]);
  for (const fan of fans) await fund(server, fan, 50);
  // steady state: the creators' pending accounts and this hour's release job exist (the first
  // charge of an hour inserts that job under a dedupe key, which a concurrent first charge
  // waits for)
  for (const i of [0, 1])
    await withTransaction(server.ctx.db, (tx) => chargeToCreator(server.ctx, tx, tip(i, 100)));
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const feesCents = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('ledger_accounts')
        .select((eb) => eb.fn.sum<number>('balance_cents').as('total'))
        .where('kind', '=', 'platform_fees')
        .where('owner_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).total,
  );

const tip = (i: number, grossCents: number) => ({
  kind: 'tip' as const,
  payerId: fans[i]!.user.id,
  creatorId: creators[i]!.user.id,
  grossCents,
});

describe('hot system accounts', () => {
  it.skipIf(process.env.TEST_DB === 'pglite')(
    'a payment does not wait for another one that is still open',
    async () => {
      const before = await feesCents();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let charged = () => {};
      const firstCharged = new Promise<void>((resolve) => (charged = resolve));
      const first = withTransaction(server.ctx.db, async (tx) => {
        const charge = await chargeToCreator(server.ctx, tx, tip(0, 500));
        charged();
        await held;
        return charge;
      });
      await firstCharged;
      const second = withTransaction(server.ctx.db, (tx) =>
        chargeToCreator(server.ctx, tx, tip(1, 300)),
      );
      const outcome = await Promise.race([
        second.then(() => 'committed'),
        new Promise<string>((resolve) => setTimeout(() => resolve('waiting'), 3000)),
      ]);
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(outcome).toBe('committed');
      expect(await feesCents()).toBe(before + a.split.feeCents + b.split.feeCents);
      expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
    },
  );

  it('moves the platform fee exactly once, in withTransaction and in a bare transaction', async () => {
    const before = await feesCents();
    const a = await withTransaction(server.ctx.db, async (tx) => {
      // two charges in one transaction: both fees land, in one move before commit
      const one = await chargeToCreator(server.ctx, tx, tip(0, 200));
      const two = await chargeToCreator(server.ctx, tx, tip(0, 300));
      return one.split.feeCents + two.split.feeCents;
    });
    const b = await server.ctx.db
      .transaction()
      .execute((tx) => chargeToCreator(server.ctx, tx, tip(1, 400)));
    expect(await feesCents()).toBe(before + a + b.split.feeCents);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });

  it('a rolled-back payment moves nothing', async () => {
    const before = await feesCents();
    await expect(
      withTransaction(server.ctx.db, async (tx) => {
        await chargeToCreator(server.ctx, tx, tip(0, 200));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await feesCents()).toBe(before);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });
  it('spreads fees over the shards, and a refund takes a fee back out of its own shard', async () => {
    const shards = await server.ctx.db
      .selectFrom('ledger_accounts')
      .select(['kind', sql<string>`count(*)`.as('n')])
      .where('owner_id', 'is', null)
      .groupBy('kind')
      .execute();
    for (const [kind, n] of Object.entries(SYSTEM_ACCOUNT_SHARDS))
      expect(Number(shards.find((s) => s.kind === kind)?.n)).toBe(n);

    const feeAccountOf = async (transactionId: string) =>
      (
        await server.ctx.db
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
          .select('a.id')
          .where('e.transaction_id', '=', transactionId)
          .where('a.kind', '=', 'platform_fees')
          .executeTakeFirstOrThrow()
      ).id;
    const before = await feesCents();
    const charges = [];
    for (let i = 0; i < 24; i++)
      charges.push(
        await withTransaction(server.ctx.db, (tx) =>
          chargeToCreator(server.ctx, tx, tip(i % 2, 100)),
        ),
      );
    const used = new Set(await Promise.all(charges.map((c) => feeAccountOf(c.transactionId))));
    // 24 charges over 16 shards all landing on one would happen once in 16^23
    expect(used.size).toBeGreaterThan(1);
    for (const charge of charges) {
      const reversal = await withTransaction(server.ctx.db, (tx) =>
        reverseCharge(server.ctx, tx, { transactionId: charge.transactionId, kind: 'refund' }),
      );
      expect(await feeAccountOf(reversal.transactionId)).toBe(
        await feeAccountOf(charge.transactionId),
      );
    }
    expect(await feesCents()).toBe(before);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });
});
