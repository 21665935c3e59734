import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DemoIds } from '../../seed/demo.ts';
import { subscribe } from './subscriptions.service.ts';
import { testProvider } from './provider.ts';
import { unlockPost } from './unlock.service.ts';
import { addFunds } from './wallet.service.ts';

/**
 * Demo money, through the real services so the demo ledger is a valid one: the demo fan adds
 * 50.00 of test funds, subscribes to the first creator and buys their paid post.
 */
export async function seedPayments(db: DbHandle, ids: DemoIds, ctx: AppContext) {
  assertInTransaction(db); // seed steps run inside the seed transaction
  const tx = db;
  await addFunds(tx, testProvider, ids.fan, 5000, 'demo-seed-funds');
  await subscribe(ctx, tx, ids.fan, ids.creator);
  const paid = await tx
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', ids.creator)
    .where('access_level', '=', 'paid')
    .orderBy('created_at')
    .executeTakeFirst();
  if (paid) await unlockPost(ctx, tx, ids.fan, paid.id);
}
