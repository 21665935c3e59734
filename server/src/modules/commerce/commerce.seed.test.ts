import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo commerce', () => {
  it('seeds a part-funded wishlist, Q and A and offers on a valid ledger', async () => {
    const ids = await seedDemo(server.ctx);
    const items = await server.ctx.db
      .selectFrom('wishlist_items')
      .select(['title', 'funded_cents'])
      .where('creator_id', '=', ids.creator)
      .orderBy('title')
      .execute();
    expect(items).toEqual([
      { title: 'New camera lens', funded_cents: 1200 },
      { title: 'Studio ring light', funded_cents: 0 },
    ]);
    const qanda = await server.ctx.db
      .selectFrom('qanda_items')
      .select('id')
      .where('creator_id', '=', ids.creator)
      .execute();
    expect(qanda).toHaveLength(2);
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });
});
