import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, paidPost, pay } from './payments.test-kit.ts';

let server: TestServer;
let fan: Actor;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const ledgerCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('ledger_transactions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('wallet and test funds', () => {
  it('adds 10.00 by default and shows the balance', async () => {
    const someone = await actor(server);
    const res = await pay(server, someone, 'POST', '/stripe/add-test-funds', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: 10,
      amountCents: 1000,
      balanceCents: 1000,
      provider: 'test',
    });
    const balance = await pay(server, someone, 'GET', '/wallet/balance');
    expect(balance.body).toEqual({ balance: 10, balanceCents: 1000, currency: 'USD' });
  });

  it('validates amounts once at the edge', async () => {
    for (const amount of [0.5, 1000.01, 1.005, -3])
      expect((await pay(server, fan, 'POST', '/wallet/add-funds', { amount })).status).toBe(400);
  });

  it('needs a signed-in payer with the payment text', async () => {
    const res = await pay(server, null, 'POST', '/stripe/add-test-funds', { amount: 5 });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('You must be logged in to make a payment.');
    expect((await pay(server, null, 'GET', '/wallet/balance')).status).toBe(401);
  });
});

describe('idempotency', () => {
  it('requires a key on money POSTs', async () => {
    const res = await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 5 }, null);
    expect(res).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
  });

  it('replays the first response for the same key and body, with one ledger transaction', async () => {
    const before = await ledgerCount();
    const first = await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 7 }, 'same-key');
    const again = await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 7 }, 'same-key');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await ledgerCount()).toBe(before + 1);
  });

  it('refuses the same key with another body (422), and scopes keys per user', async () => {
    await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 3 }, 'k-422');
    const other = await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 4 }, 'k-422');
    expect(other).toMatchObject({ status: 422, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const someoneElse = await actor(server);
    const res = await pay(server, someoneElse, 'POST', '/wallet/add-funds', { amount: 4 }, 'k-422');
    expect(res.status).toBe(200);
    expect(res.body.balanceCents).toBe(400);
  });
});

describe('unlocking a post', () => {
  it('charges once and shows the original to the buyer', async () => {
    const buyer = await actor(server);
    await fund(server, buyer, 20);
    const media = await vaultImage(server, creator);
    const created = await call(server, creator, 'POST', '/posts', {
      caption: 'for sale',
      selectedMediaItems: [media.id],
      accessDetails: { accessLevel: 'paid', price: 5 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const locked = await call(server, buyer, 'GET', `/posts/${id}`);
    expect(locked.body.isUnlockedForUser).toBe(false);

    const res = await pay(server, buyer, 'POST', `/posts/${id}/unlock`, undefined, 'unlock-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, postId: id, priceCents: 500 });
    const replay = await pay(server, buyer, 'POST', `/posts/${id}/unlock`, undefined, 'unlock-1');
    expect(replay.text).toBe(res.text);
    const second = await pay(server, buyer, 'POST', `/posts/${id}/unlock`);
    expect(second).toMatchObject({ status: 409, body: { code: 'ALREADY_UNLOCKED' } });

    const open = await call(server, buyer, 'GET', `/posts/${id}`);
    expect(open.body.isUnlockedForUser).toBe(true);
    expect(open.body.media[0].mediaUrl).toMatch(/\/api\/media\//);
    const purchase = await server.ctx.db
      .selectFrom('content_purchases')
      .selectAll()
      .where('buyer_id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect(purchase.ledger_transaction_id).toBe(res.body.transactionId);
    expect((await pay(server, buyer, 'GET', '/wallet/balance')).body.balanceCents).toBe(1500);
  });

  it('refuses own posts, free posts, blocked and missing ones, and empty wallets', async () => {
    const post = await paidPost(server, creator, 500);
    const own = await pay(server, creator, 'POST', `/posts/${post.id}/unlock`);
    expect(own).toMatchObject({ status: 400, body: { code: 'CANNOT_TARGET_SELF' } });
    const free = await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'free', price_cents: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notForSale = await pay(server, fan, 'POST', `/posts/${free.id}/unlock`);
    expect(notForSale).toMatchObject({ status: 400, body: { code: 'NOT_FOR_SALE' } });
    const broke = await actor(server);
    const poor = await pay(server, broke, 'POST', `/posts/${post.id}/unlock`);
    expect(poor).toMatchObject({
      status: 402,
      body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' },
    });
    const purchases = await server.ctx.db
      .selectFrom('content_purchases')
      .select('id')
      .where('buyer_id', '=', broke.user.id)
      .execute();
    expect(purchases).toHaveLength(0);
    const blocked = await actor(server);
    await fund(server, blocked, 10);
    await block(server, creator, blocked);
    expect((await pay(server, blocked, 'POST', `/posts/${post.id}/unlock`)).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await pay(server, fan, 'POST', `/posts/${missing}/unlock`)).status).toBe(404);
  });
});

describe('tips', () => {
  it('splits 20% to the platform and holds the rest for the creator', async () => {
    const tipper = await actor(server);
    await fund(server, tipper, 50);
    const res = await pay(server, tipper, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 9.99,
      tipType: 'profile',
    });
    expect(res.status).toBe(201);
    expect(res.body.split).toMatchObject({
      grossCents: 999,
      feeCents: 199,
      creatorShareCents: 800,
    });
    const history = await pay(server, tipper, 'GET', '/users/me/transactions?page=1&limit=10');
    expect(history.body).toMatchObject({ totalPages: 1, currentPage: 1, hasMore: false });
    const first = await pay(server, tipper, 'GET', '/users/me/transactions?page=1&limit=1');
    expect(first.body).toMatchObject({ totalPages: 2, currentPage: 1, hasMore: true });
    expect(first.body.transactions).toHaveLength(1);
    const [tip, topUp] = history.body.transactions;
    expect(tip).toMatchObject({ type: 'tip', amountCents: 999, direction: 'out' });
    expect(tip.counterparty.id).toBe(creator.user.id);
    expect(tip.explanation).toContain('1.99 is the platform fee (20%)');
    expect(topUp).toMatchObject({ type: 'top_up', direction: 'in', amountCents: 5000 });
    const earned = await pay(server, creator, 'GET', '/users/me/transactions?limit=100');
    const line = earned.body.transactions.find(
      (t: { id: string }) => t.id === res.body.transactionId,
    );
    expect(line).toMatchObject({ direction: 'in', amountCents: 800, account: 'creator_pending' });
    expect(line.counterparty.id).toBe(tipper.user.id);
    expect(line.explanation).toMatch(/your \$8\.00 is pending until \d{4}-\d{2}-\d{2}/);
  });

  it('refuses self-tips, fans as recipients and out-of-range amounts', async () => {
    const tip = (who: Actor, recipientUserId: string, amount: number) =>
      pay(server, who, 'POST', '/tips', { recipientUserId, amount, tipType: 'post' });
    await fund(server, creator, 10);
    expect((await tip(creator, creator.user.id, 2)).body.code).toBe('CANNOT_TARGET_SELF');
    const otherFan = await actor(server);
    expect((await tip(fan, otherFan.user.id, 2)).body.code).toBe('RECIPIENT_NOT_CREATOR');
    expect((await tip(fan, creator.user.id, 0.99)).status).toBe(400);
    expect((await tip(fan, creator.user.id, 200.01)).status).toBe(400);
    const bad = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 2,
      tipType: 'gift',
    });
    expect(bad.status).toBe(400);
  });

  it("takes a post tip's contentId only for a live post of the recipient", async () => {
    const tipper = await actor(server);
    await fund(server, tipper, 20);
    const other = await actor(server, 'creator');
    const theirs = await paidPost(server, other);
    const mine = await paidPost(server, creator);
    const tip = (contentId: string) =>
      pay(server, tipper, 'POST', '/tips', {
        recipientUserId: creator.user.id,
        amount: 2,
        tipType: 'post',
        contentId,
      });
    for (const wrong of [theirs.id, 'not-a-post', randomUUID()]) {
      const res = await tip(wrong);
      expect(res.status, wrong).toBe(400);
      expect(res.body.field).toBe('contentId');
    }
    expect((await pay(server, tipper, 'GET', '/wallet/balance')).body.balanceCents).toBe(2000);
    const ok = await tip(mine.id);
    expect(ok.status).toBe(201);
    expect(ok.body.contentId).toBe(mine.id);
  });
});

describe('subscriptions', () => {
  it('subscribes, cancels to the period end, resumes and lists', async () => {
    const sub = await actor(server);
    await fund(server, sub, 30);
    const res = await pay(server, sub, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      charged: true,
      subscription: { status: 'active', priceCents: 999 },
    });
    const again = await pay(server, sub, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_SUBSCRIBED' } });
    const id = res.body.subscription.id as string;

    const canceled = await pay(server, sub, 'DELETE', `/subscriptions/${id}`);
    expect(canceled.body).toMatchObject({ status: 'canceled', isRecurring: false });
    const list = await pay(server, sub, 'GET', '/users/me/subscriptions');
    expect(list.body.subscriptions).toHaveLength(1);
    expect(list.body.subscriptions[0]).toMatchObject({
      status: 'canceled',
      creator: { id: creator.user.id },
    });
    // GET /subscriptions is the same list
    expect(await pay(server, sub, 'GET', '/subscriptions')).toEqual(list);
    expect((await pay(server, null, 'GET', '/subscriptions')).status).toBe(401);
    // access continues until the paid period ends
    const subsOnly = await server.ctx.db
      .insertInto('posts')
      .values({
        user_id: creator.user.id,
        caption: 'subs',
        access_level: 'subscribers',
        price_cents: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(server, sub, 'GET', `/posts/${subsOnly.id}`)).body.isUnlockedForUser).toBe(
      true,
    );

    const resumed = await pay(server, sub, 'POST', '/subscriptions', {
      creatorId: creator.user.id,
    });
    expect(resumed.body).toMatchObject({
      charged: false,
      subscription: { status: 'active', isRecurring: true },
    });
    const off = await pay(server, sub, 'PUT', `/subscriptions/${id}/recurring`, {
      isRecurring: false,
    });
    expect(off.body).toMatchObject({ isRecurring: false, status: 'active' });
    const stranger = await actor(server);
    expect((await pay(server, stranger, 'DELETE', `/subscriptions/${id}`)).status).toBe(404);
    expect((await pay(server, sub, 'GET', '/wallet/balance')).body.balanceCents).toBe(3000 - 999);
  });

  it('refuses free creators and prices the subscription', async () => {
    const freeCreator = await actor(server, 'creator', { subscription_price_cents: 0 });
    const res = await pay(server, fan, 'POST', '/subscriptions', {
      creatorId: freeCreator.user.id,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'SUBSCRIPTION_FREE' } });
    const price = await pay(server, fan, 'GET', `/pricing/personalized/${creator.user.id}`);
    expect(price.body).toEqual({ price: 9.99, priceCents: 999, currency: 'USD', discount: null });
  });
});
