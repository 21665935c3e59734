import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { DemoIds } from '../../seed/demo.ts';
import { testProvider } from '../payments/provider.ts';
import { sendTip } from '../payments/tips.service.ts';
import { addFunds } from '../payments/wallet.service.ts';

/**
 * Demo commerce: the first creator's wishlist (one item part-funded by the demo fan through a
 * real tip, so the ledger stays valid), Q and A, a free-trial link, a discount and a promo code.
 */
export async function seedCommerce(db: DbHandle, ids: DemoIds, ctx: AppContext) {
  assertInTransaction(db);
  const tx = db;
  const items = await tx
    .insertInto('wishlist_items')
    .values([
      {
        creator_id: ids.creator,
        title: 'New camera lens',
        description: 'A 35mm prime for sharper sets and better low-light shots.',
        goal_cents: 45_000,
      },
      {
        creator_id: ids.creator,
        title: 'Studio ring light',
        description: 'Even lighting for every stream.',
        goal_cents: 8_000,
      },
    ])
    .returning('id')
    .execute();
  // the demo fan tops up exactly what they give, so every other demo balance stays as it was
  await addFunds(tx, testProvider, ids.fan, 1200, 'demo-seed-commerce-funds');
  await sendTip(ctx, tx, ids.fan, {
    recipientUserId: ids.creator,
    amount: 12,
    tipType: 'wishlist',
    contentId: items[0]!.id,
  });
  await tx
    .insertInto('qanda_items')
    .values([
      {
        creator_id: ids.creator,
        question: 'How often do you post?',
        answer: 'New photo sets every week, and stories most days.',
      },
      {
        creator_id: ids.creator,
        question: 'Do you take custom requests?',
        answer: 'Yes: send me a message with your idea and I will quote a price.',
      },
    ])
    .execute();
  await tx
    .insertInto('promotions')
    .values([
      {
        creator_id: ids.creator,
        kind: 'free_trial',
        title: '7 days free',
        trial_days: 7,
        max_uses: 100,
        claim_token: 'demo-free-trial',
      },
      {
        creator_id: ids.creator,
        kind: 'discount',
        title: '30% off your first month',
        discount_percent: 30,
        claim_token: 'demo-first-month',
      },
    ])
    .execute();
  await tx
    .insertInto('promo_codes')
    .values({ creator_id: ids.creator, code: 'WELCOME10', percent_off: 10, max_uses: 500 })
    .execute();
}
