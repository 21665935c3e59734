import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { balanceOf } from '../ledger/ledger.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo money', () => {
  it('funds the demo fan, subscribes them and buys a paid post, on a valid ledger', async () => {
    const ids = await seedDemo(server.ctx);
    // 50.00 − 9.99 subscription − 4.99 paid post
    expect(await balanceOf(server.ctx.db, 'user_wallet', ids.fan)).toBe(5000 - 999 - 499);
    const sub = await server.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscriber_id', '=', ids.fan)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ creator_id: ids.creator, status: 'active' });
    const purchases = await server.ctx.db
      .selectFrom('content_purchases')
      .select('ledger_transaction_id')
      .where('buyer_id', '=', ids.fan)
      .execute();
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.ledger_transaction_id).not.toBeNull();
    const creator = await server.ctx.db
      .selectFrom('users')
      .select('subscriber_count')
      .where('id', '=', ids.creator)
      .executeTakeFirstOrThrow();
    expect(creator.subscriber_count).toBe(1);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });
});
