import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, type Actor } from '../posts/posts.test-kit.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { reverseCharge } from '../ledger/reversals.ts';
import { adminActor, expectLedgerOk, walletCents } from './commerce.test-kit.ts';

let server: TestServer;
let fan: Actor;
let creator: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, other, admin] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server, 'creator'),
    adminActor(server),
  ]);
  await fund(server, fan, 500);
});
afterAll(() => server.close());

const newItem = async (who: Actor, goalAmount = 50, title = 'Ring light') => {
  const res = await pay(server, who, 'POST', '/wishlist', {
    title,
    description: 'For better streams',
    goalAmount,
  });
  expect(res.status).toBe(201);
  return res.body;
};

describe('wishlist items', () => {
  it('creates, lists on the profile, edits and deletes own items', async () => {
    const item = await newItem(creator);
    expect(item).toMatchObject({
      title: 'Ring light',
      description: 'For better streams',
      goalAmount: 50,
      goalCents: 5000,
      fundedCents: 0,
      progress: 0,
      completed: false,
      imageUrl: null,
    });
    const list = await pay(server, null, 'GET', `/wishlist?userId=${creator.user.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(item.id);
    const own = await pay(server, creator, 'GET', '/wishlist');
    expect(own.body.items.map((i: { id: string }) => i.id)).toContain(item.id);

    const edited = await pay(server, creator, 'PUT', `/wishlist/${item.id}`, {
      title: 'Better ring light',
      imageUrl: 'https://example.test/ring.jpg',
    });
    expect(edited.body).toMatchObject({
      title: 'Better ring light',
      imageUrl: 'https://example.test/ring.jpg',
    });
    expect((await pay(server, creator, 'DELETE', `/wishlist/${item.id}`)).status).toBe(200);
    const after = await pay(server, creator, 'GET', '/wishlist');
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
  });

  it('validates input and lets only creators add items', async () => {
    for (const body of [
      { title: '', goalAmount: 10 },
      { title: '   ', goalAmount: 10 },
      { title: 'x', goalAmount: 0.5 },
      { title: 'x', goalAmount: 10.001 },
      { title: 'x', goalAmount: 10, imageUrl: 'javascript:alert(1)' },
      { title: 'x' },
    ])
      expect((await pay(server, creator, 'POST', '/wishlist', body)).status).toBe(400);
    const res = await pay(server, fan, 'POST', '/wishlist', { title: 'x', goalAmount: 10 });
    expect(res).toMatchObject({ status: 403, body: { code: 'ONLY_CREATORS' } });
  });

  it("refuses to edit or delete another creator's item", async () => {
    const item = await newItem(creator);
    const edit = await pay(server, other, 'PUT', `/wishlist/${item.id}`, { title: 'mine' });
    expect(edit).toMatchObject({ status: 404, body: { code: 'WISHLIST_ITEM_NOT_FOUND' } });
    const del = await pay(server, other, 'DELETE', `/wishlist/${item.id}`);
    expect(del.status).toBe(404);
    const still = await pay(server, creator, 'GET', '/wishlist');
    expect(still.body.items.find((i: { id: string }) => i.id === item.id).title).toBe('Ring light');
  });

  it('hides the wishlist from blocked users and 401s a visitor without userId', async () => {
    const blocked = await actor(server);
    await block(server, creator, blocked);
    const res = await pay(server, blocked, 'GET', `/wishlist?userId=${creator.user.id}`);
    expect(res.status).toBe(404);
    expect((await pay(server, null, 'GET', '/wishlist')).status).toBe(401);
  });
});

describe('funding through tips', () => {
  it('moves a tip through the ledger into progress and completes at the goal', async () => {
    const item = await newItem(creator, 30);
    const before = await walletCents(server, fan);
    const first = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 12.5,
      tipType: 'wishlist',
      contentId: item.id,
    });
    expect(first.status).toBe(201);
    expect(first.body.wishlistItem).toMatchObject({
      fundedCents: 1250,
      progress: 41,
      completed: false,
    });
    expect(first.body.split).toMatchObject({
      grossCents: 1250,
      feeCents: 250,
      creatorShareCents: 1000,
    });
    expect(await walletCents(server, fan)).toBe(before - 1250);

    const second = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 20,
      tipType: 'wishlist',
      contentId: item.id,
    });
    expect(second.body.wishlistItem).toMatchObject({
      fundedCents: 3250,
      progress: 100,
      completed: true,
    });

    const fundings = await server.ctx.db
      .selectFrom('wishlist_fundings')
      .select(['amount_cents', 'transaction_id'])
      .where('item_id', '=', item.id)
      .execute();
    expect(fundings.map((f) => f.amount_cents).sort()).toEqual([1250, 2000]);
    expect(fundings.map((f) => f.transaction_id).sort()).toEqual(
      [first.body.transactionId, second.body.transactionId].sort(),
    );

    const third = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 5,
      tipType: 'wishlist',
      contentId: item.id,
    });
    expect(third).toMatchObject({ status: 400, body: { code: 'WISHLIST_ITEM_COMPLETED' } });
    await expectLedgerOk(server, admin);
  });

  it('refuses items of another creator, deleted items, bad ids and a missing id, charging nothing', async () => {
    const foreign = await newItem(other);
    const gone = await newItem(creator);
    await pay(server, creator, 'DELETE', `/wishlist/${gone.id}`);
    const before = await walletCents(server, fan);
    for (const contentId of [foreign.id, gone.id, 'not-a-uuid', null]) {
      const res = await pay(server, fan, 'POST', '/tips', {
        recipientUserId: creator.user.id,
        amount: 5,
        tipType: 'wishlist',
        contentId,
      });
      expect(res).toMatchObject({ status: 400, body: { field: 'contentId' } });
    }
    expect(await walletCents(server, fan)).toBe(before);
  });

  it('funds an item through the card payment intent path (wishlistItemId)', async () => {
    const item = await newItem(creator, 40);
    const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 15,
      paymentType: 'tip',
      recipientUserId: creator.user.id,
      wishlistItemId: item.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.transactionId).toBeTruthy();
    const list = await pay(server, fan, 'GET', `/wishlist?userId=${creator.user.id}`);
    expect(list.body.items.find((i: { id: string }) => i.id === item.id)).toMatchObject({
      fundedCents: 1500,
    });
    await expectLedgerOk(server, admin);
  });

  it('completes an item when its goal is lowered to what is funded, reopens when raised', async () => {
    const item = await newItem(creator, 20);
    await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 10,
      tipType: 'wishlist',
      contentId: item.id,
    });
    const lowered = await pay(server, creator, 'PUT', `/wishlist/${item.id}`, { goalAmount: 10 });
    expect(lowered.body).toMatchObject({ completed: true, progress: 100 });
    const raised = await pay(server, creator, 'PUT', `/wishlist/${item.id}`, { goalAmount: 25 });
    expect(raised.body).toMatchObject({ completed: false, progress: 40 });
  });
  it('a refunded or charged-back tip lowers the funded amount and progress, once', async () => {
    const item = await newItem(creator, 30);
    const tip = async (amount: number) => {
      const res = await pay(server, fan, 'POST', '/tips', {
        recipientUserId: creator.user.id,
        amount,
        tipType: 'wishlist',
        contentId: item.id,
      });
      expect(res.status, res.text).toBe(201);
      return res.body.transactionId as string;
    };
    const first = await tip(20);
    const second = await tip(10);
    const view = async () =>
      (await pay(server, fan, 'GET', `/wishlist?userId=${creator.user.id}`)).body.items.find(
        (i: { id: string }) => i.id === item.id,
      );
    expect(await view()).toMatchObject({ fundedCents: 3000, progress: 100, completed: true });

    // part of the second tip refunded: below the goal again, the item reopens
    const url = `/admin/transactions/${second}/refund`;
    const part = await pay(server, admin, 'POST', url, { amount: 4, reason: 'partial' });
    expect(part.status, part.text).toBe(200);
    expect(await view()).toMatchObject({
      fundedCents: 2600,
      fundedAmount: 26,
      progress: 86,
      completed: false,
      completedAt: null,
    });
    // the rest of it, then once more: refused, nothing taken twice
    expect((await pay(server, admin, 'POST', url, { reason: 'rest' })).status).toBe(200);
    expect(await view()).toMatchObject({ fundedCents: 2000, progress: 66 });
    const again = await pay(server, admin, 'POST', url, { reason: 'again' });
    expect(again).toMatchObject({ status: 409, body: { code: 'REFUND_EXCEEDS_ORIGINAL' } });
    // the same refund request replayed (same idempotency key) takes nothing either
    const key = 'wishlist-refund-replay';
    const firstUrl = `/admin/transactions/${first}/refund`;
    const once = await pay(server, admin, 'POST', firstUrl, { amount: 5, reason: 'r' }, key);
    expect(once.status, once.text).toBe(200);
    const replay = await pay(server, admin, 'POST', firstUrl, { amount: 5, reason: 'r' }, key);
    expect(replay.status).toBe(200);
    expect(await view()).toMatchObject({ fundedCents: 1500, progress: 50 });

    // a chargeback of what is left of the first tip empties the item
    await withTransaction(server.ctx.db, (tx) =>
      reverseCharge(server.ctx, tx, { transactionId: first, kind: 'chargeback' }),
    );
    expect(await view()).toMatchObject({ fundedCents: 0, progress: 0, completed: false });
    // and it can be funded again
    await tip(5);
    expect(await view()).toMatchObject({ fundedCents: 500 });
    await expectLedgerOk(server, admin);
  });
});

describe('wishlist reads', () => {
  it('reads one item by id, takes creatorId for userId and has a /user/{userId} form', async () => {
    const item = await newItem(creator, 30, 'Tripod');
    const byQuery = await pay(server, null, 'GET', `/wishlist?userId=${creator.user.id}`);
    const alias = await pay(server, null, 'GET', `/wishlist?creatorId=${creator.user.id}`);
    const byPath = await pay(server, null, 'GET', `/wishlist/user/${creator.user.id}`);
    expect(alias).toMatchObject({ status: 200, body: byQuery.body });
    expect(byPath).toMatchObject({ status: 200, body: byQuery.body });
    const both = await pay(
      server,
      null,
      'GET',
      `/wishlist?userId=${creator.user.id}&creatorId=${other.user.id}`,
    );
    expect(both.body).toEqual(byQuery.body);

    const listed = byQuery.body.items.find((i: { id: string }) => i.id === item.id);
    for (const who of [null, fan, creator])
      expect(await pay(server, who, 'GET', `/wishlist/${item.id}`)).toMatchObject({
        status: 200,
        body: listed,
      });

    const blocked = await actor(server);
    await block(server, creator, blocked);
    expect((await pay(server, blocked, 'GET', `/wishlist/user/${creator.user.id}`)).status).toBe(
      404,
    );
    await pay(server, creator, 'DELETE', `/wishlist/${item.id}`);
    for (const [who, id] of [
      [blocked, listed.id],
      [null, listed.id],
      [null, 'not-a-uuid'],
      [null, creator.user.id],
    ] as const)
      expect(await pay(server, who, 'GET', `/wishlist/${id}`)).toMatchObject({
        status: 404,
        body: { code: 'WISHLIST_ITEM_NOT_FOUND', message: 'Wishlist item not found' },
      });
  });
});
