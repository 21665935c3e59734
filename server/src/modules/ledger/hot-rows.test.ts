import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import { withTransaction, type DatabaseHandle } from '../../platform/db/database.ts';
import { fund } from '../payments/payments.test-kit.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { chargeToCreator } from './charges.ts';
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
        .select('balance_cents')
        .where('kind', '=', 'platform_fees')
        .executeTakeFirstOrThrow()
    ).balance_cents,
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
});
