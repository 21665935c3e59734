import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { addDays } from '../ledger/money.ts';
import { fund, paidPost, pay } from './payments.test-kit.ts';
import { grantFreeProPack, renewDueProPacks } from './pro-pack.service.ts';

/** The card provider routes with the built-in `test` provider (no STRIPE_SECRET_KEY). */

let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  await server.ctx.db
    .updateTable('users')
    .set({ subscription_price_cents: 999 })
    .where('id', '=', creator.user.id)
    .execute();
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
const balance = async (who: Actor) =>
  (await pay(server, who, 'GET', '/wallet/balance')).body.balanceCents as number;

describe('provider config', () => {
  it('reports the test provider and its test cards', async () => {
    const res = await pay(server, null, 'GET', '/stripe/config');
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('test');
    expect(res.body.publishableKey).toBeNull();
    expect(res.body.testCards.map((c: { paymentMethodId: string }) => c.paymentMethodId)).toContain(
      'pm_card_visa',
    );
  });
});

describe('card payment intents (test provider: confirmed and settled at once)', () => {
  it('tops up the wallet through processor clearing, once per Idempotency-Key', async () => {
    const fan = await actor(server);
    const before = await ledgerCount();
    const body = { amount: 12.5, paymentType: 'wallet_topup' };
    const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', body, 'pi-key-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'succeeded',
      amount: 12.5,
      amountCents: 1250,
      type: 'wallet_topup',
      provider: 'test',
      outcome: 'credited',
      recipient: null,
    });
    expect(res.body.paymentIntentId).toMatch(/^pi_test_/);
    expect(res.body.clientSecret).toMatch(/_secret_/);
    const again = await pay(server, fan, 'POST', '/stripe/create-payment-intent', body, 'pi-key-1');
    expect(again.text).toBe(res.text);
    expect(await ledgerCount()).toBe(before + 1);
    expect(await balance(fan)).toBe(1250);
    const entries = await server.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_accounts.kind', 'ledger_entries.amount_cents'])
      .where('ledger_entries.transaction_id', '=', res.body.transactionId)
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents)]).sort()).toEqual([
      ['processor_clearing', -1250],
      ['user_wallet', 1250],
    ]);
  });

  it('pays a tip and an unlock by card: the money passes through the wallet to the creator', async () => {
    const fan = await actor(server);
    const tip = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 5,
      paymentType: 'tip',
      recipientUserId: creator.user.id,
      tipType: 'profile',
    });
    expect(tip.status).toBe(200);
    expect(tip.body).toMatchObject({
      outcome: 'tip',
      recipient: creator.user.id,
      amountCents: 500,
    });
    const post = await paidPost(server, creator, 700);
    const wrong = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 6,
      paymentType: 'unlock',
      contentId: post.id,
    });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'amount' } });
    const unlock = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      paymentType: 'unlock',
      contentId: post.id,
    });
    expect(unlock.status).toBe(200);
    expect(unlock.body).toMatchObject({ outcome: 'unlock', amountCents: 700 });
    expect(await balance(fan)).toBe(0);
    const bought = await server.ctx.db
      .selectFrom('content_purchases')
      .select('ledger_transaction_id')
      .where('buyer_id', '=', fan.user.id)
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(bought.ledger_transaction_id).toBe(unlock.body.transactionId);
    const twice = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      paymentType: 'unlock',
      contentId: post.id,
    });
    expect(twice).toMatchObject({ status: 409, body: { code: 'ALREADY_UNLOCKED' } });
  });

  it('lists each card-paid tip above the top-up that paid for it (same created_at)', async () => {
    const fan = await actor(server);
    const paid: string[] = [];
    for (const amount of [1, 2, 3, 4, 5, 6]) {
      const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
        amount,
        paymentType: 'tip',
        recipientUserId: creator.user.id,
        tipType: 'profile',
      });
      expect(res.status).toBe(200);
      paid.unshift(`tip ${amount * 100}`, `top_up ${amount * 100}`);
    }
    const history = await pay(server, fan, 'GET', '/users/me/transactions?limit=100');
    expect(
      history.body.transactions.map(
        (t: { type: string; amountCents: number }) => `${t.type} ${t.amountCents}`,
      ),
    ).toEqual(paid);
  });

  it('validates amounts, types and the payer; nothing is recorded for refused requests', async () => {
    const fan = await actor(server);
    const bad: Record<string, unknown>[] = [
      { amount: 0.5, paymentType: 'wallet_topup' },
      { amount: 1000.01, paymentType: 'wallet_topup' },
      { amount: 1.005, paymentType: 'wallet_topup' },
      { amount: -5, paymentType: 'wallet_topup' },
      { amount: 0.99, paymentType: 'tip', recipientUserId: creator.user.id },
      { amount: 200.01, paymentType: 'tip', recipientUserId: creator.user.id },
      { amount: 5, paymentType: 'tip' },
      { amount: 5, paymentType: 'bitcoin' },
      { amount: 5, paymentType: 'tip', recipientUserId: fan.user.id },
      // a tip for content that is not the creator's is refused before any card is charged
      {
        amount: 5,
        paymentType: 'tip',
        recipientUserId: creator.user.id,
        tipType: 'post',
        contentId: '00000000-0000-4000-8000-000000000000',
      },
      { amount: 5, paymentType: 'promotion', promotionDetails: { days: 3 } },
      { amount: 4, paymentType: 'subscription', recipientUserId: creator.user.id },
    ];
    for (const body of bad) {
      const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const asOther = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 5,
      paymentType: 'tip',
      recipientUserId: creator.user.id,
      tipperUserId: creator.user.id,
    });
    expect(asOther.status).toBe(403);
    const anon = await pay(server, null, 'POST', '/stripe/create-payment-intent', {
      amount: 5,
      paymentType: 'wallet_topup',
    });
    expect(anon).toMatchObject({
      status: 401,
      body: { message: 'You must be logged in to make a payment.' },
    });
    // signed out comes before the body's checks: an incomplete body is the same 401
    for (const path of ['/stripe/create-payment-intent', '/payments/process', '/tips'])
      expect(await pay(server, null, 'POST', path, {})).toMatchObject({
        status: 401,
        body: { message: 'You must be logged in to make a payment.' },
      });
    const noKey = await pay(
      server,
      fan,
      'POST',
      '/stripe/create-payment-intent',
      { amount: 5, paymentType: 'wallet_topup' },
      null,
    );
    expect(noKey).toMatchObject({ status: 400, body: { code: 'IDEMPOTENCY_KEY_REQUIRED' } });
    const rows = await server.ctx.db
      .selectFrom('card_payments')
      .select('id')
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect(await balance(fan)).toBe(0);
  });
});

describe('payment methods', () => {
  it('refuses an unknown card before creating a provider customer: nothing is stored', async () => {
    const fan = await actor(server);
    const refused = await pay(server, fan, 'POST', '/payments/methods', {
      paymentMethodId: 'pm_card_nonsense',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'CARD_PROVIDER_ERROR' } });
    expect(refused.body.message).toContain('Unknown test card');
    const accounts = await server.ctx.db
      .selectFrom('provider_accounts')
      .select('user_id')
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(accounts).toHaveLength(0);
    // a good card afterwards creates the customer and saves the card
    const visa = await pay(server, fan, 'POST', '/payments/methods', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(visa.status).toBe(201);
    const created = await server.ctx.db
      .selectFrom('provider_accounts')
      .select('customer_id')
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(created).toHaveLength(1);
  });

  it('adds, lists, switches the default and removes, and refuses other users’ ids', async () => {
    const fan = await actor(server);
    const other = await actor(server);
    const visa = await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(visa.status).toBe(201);
    expect(visa.body).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    const mc = await pay(server, fan, 'POST', '/payments/methods', {
      paymentMethodId: 'pm_card_mastercard',
    });
    expect(mc.body).toMatchObject({ brand: 'mastercard', isDefault: false });
    const unknown = await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_card_nonsense',
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'CARD_PROVIDER_ERROR' } });

    const list = await pay(server, fan, 'GET', '/payments/methods');
    expect(list.body.paymentMethods.map((m: { last4: string }) => m.last4)).toEqual([
      '4242',
      '4444',
    ]);
    expect(list.body.defaultPaymentMethodId).toBe(visa.body.id);
    const same = await pay(server, fan, 'GET', '/payments/payment-methods');
    expect(same.body).toEqual(list.body);

    // another user's ids are unknown to them, and nothing changes
    expect(
      (await pay(server, other, 'DELETE', `/payments/payment-methods/${visa.body.id}`)).status,
    ).toBe(404);
    expect(
      (await pay(server, other, 'PUT', `/payments/payment-methods/${mc.body.id}/default`)).status,
    ).toBe(404);
    expect((await pay(server, other, 'GET', '/payments/methods')).body.paymentMethods).toEqual([]);

    const switched = await pay(
      server,
      fan,
      'PUT',
      `/payments/payment-methods/${mc.body.id}/default`,
    );
    expect(switched.body).toMatchObject({ id: mc.body.id, isDefault: true });
    const removed = await pay(server, fan, 'DELETE', `/payments/payment-methods/${mc.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    const after = await pay(server, fan, 'GET', '/payments/methods');
    expect(after.body.paymentMethods).toHaveLength(1);
    expect(after.body.paymentMethods[0]).toMatchObject({ id: visa.body.id, isDefault: true });
  });

  it('processes a payment with the saved card; a declining card moves nothing', async () => {
    const fan = await actor(server);
    const none = await pay(server, fan, 'POST', '/payments/process', {
      amount: 10,
      paymentType: 'wallet_topup',
    });
    expect(none).toMatchObject({ status: 400, body: { code: 'PAYMENT_METHOD_REQUIRED' } });
    const declining = await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    const before = await ledgerCount();
    const declined = await pay(server, fan, 'POST', '/payments/process', {
      amount: 10,
      paymentType: 'wallet_topup',
      paymentMethodId: declining.body.id,
    });
    expect(declined).toMatchObject({ status: 402, body: { code: 'CARD_DECLINED' } });
    expect(await ledgerCount()).toBe(before);
    await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_card_visa',
      setAsDefault: true,
    });
    const ok = await pay(server, fan, 'POST', '/payments/process', {
      amount: 10,
      paymentType: 'wallet_topup',
    });
    expect(ok.body).toMatchObject({ status: 'succeeded', amountCents: 1000 });
    expect(await balance(fan)).toBe(1000);
    const setup = await pay(server, fan, 'POST', '/payments/setup-intent');
    expect(setup.body).toMatchObject({ provider: 'test' });
    expect(setup.body.clientSecret).toMatch(/^seti_test_/);
  });
});

describe('pro pack (test provider: paid from the wallet)', () => {
  it('buys a 30-day period, cancels to the period end, resumes, and lists the history', async () => {
    const buyer = await actor(server, 'creator');
    const info = await pay(server, buyer, 'GET', '/pro-pack');
    expect(info.body).toMatchObject({
      provider: 'test',
      price: 9.99,
      priceCents: 999,
      periodDays: 30,
      hasProPack: false,
      hasActiveProPack: false,
      proPackSubscriptionStatus: null,
    });
    const broke = await pay(server, buyer, 'POST', '/stripe/create-subscription-checkout', {});
    expect(broke).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_FUNDS' } });
    await fund(server, buyer, 20);
    const start = Date.now();
    const bought = await pay(
      server,
      buyer,
      'POST',
      '/stripe/create-subscription-checkout',
      {},
      'pp-1',
    );
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ productType: 'pro_pack', completed: true });
    const replay = await pay(
      server,
      buyer,
      'POST',
      '/stripe/create-subscription-checkout',
      {},
      'pp-1',
    );
    expect(replay.text).toBe(bought.text);
    expect(await balance(buyer)).toBe(2000 - 999);
    const again = await pay(server, buyer, 'POST', '/stripe/create-subscription-checkout', {});
    expect(again).toMatchObject({ status: 409, body: { code: 'PRO_PACK_ACTIVE' } });
    const statement = await pay(server, buyer, 'GET', '/users/me/transactions');
    expect(statement.body.transactions[0]).toMatchObject({
      type: 'pro_pack',
      amountCents: 999,
      direction: 'out',
      counterparty: null,
    });
    expect(statement.body.transactions[0].explanation).toMatch(
      /^Paid \$9\.99 for the Pro pack, until /,
    );

    const me = (await pay(server, buyer, 'GET', '/users/me')).body;
    const user = me.user ?? me;
    expect(user).toMatchObject({
      hasProPack: true,
      hasActiveProPack: true,
      proPackSubscriptionStatus: 'active',
      proPackCanceledAt: null,
    });
    const until = Date.parse(user.proPackActiveUntil);
    expect(until - start).toBeGreaterThan(29.9 * 86_400_000);
    expect(until - start).toBeLessThan(30.1 * 86_400_000);

    const canceled = await pay(server, buyer, 'POST', '/stripe/cancel-subscription', {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.proPack).toMatchObject({
      proPackSubscriptionStatus: 'canceled',
      hasActiveProPack: true,
      proPackActiveUntil: user.proPackActiveUntil,
    });
    expect(canceled.body.proPack.proPackCanceledAt).not.toBeNull();
    const renewed = await pay(server, buyer, 'POST', '/stripe/renew-subscription', {});
    expect(renewed.body.proPack).toMatchObject({
      proPackSubscriptionStatus: 'active',
      proPackCanceledAt: null,
    });
    expect(await balance(buyer)).toBe(2000 - 999);
    const history = await pay(server, buyer, 'GET', '/stripe/pro-pack-transactions');
    expect(history.body.transactions.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining(['purchase', 'cancel', 'resume']),
    );
  });

  it('renews once per period from the wallet and ends what it cannot charge', async () => {
    const rich = await actor(server, 'creator');
    const poor = await actor(server, 'creator');
    const quitter = await actor(server, 'creator');
    for (const who of [rich, poor, quitter]) {
      await fund(server, who, 10);
      expect(
        (await pay(server, who, 'POST', '/stripe/create-subscription-checkout', {})).status,
      ).toBe(200);
    }
    await fund(server, rich, 15);
    await pay(server, quitter, 'POST', '/stripe/cancel-subscription', {});
    const later = addDays(new Date(), 31);
    const deps = server.ctx;
    const first = await renewDueProPacks(deps, later);
    const second = await renewDueProPacks(deps, later);
    expect(second.renewed).toBe(0);
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    const charges = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'pro_pack')
      .where(({ eb, ref }) => eb(ref('metadata', '->>').key('userId'), '=', rich.user.id))
      .execute();
    expect(charges).toHaveLength(2);
    const rows = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'pro_pack_status', 'pro_pack_active_until'])
      .where('id', 'in', [rich.user.id, poor.user.id, quitter.user.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(rich.user.id)!.pro_pack_status).toBe('active');
    expect(byId.get(rich.user.id)!.pro_pack_active_until!.getTime()).toBeGreaterThan(
      later.getTime(),
    );
    expect(byId.get(poor.user.id)!.pro_pack_status).toBe('expired');
    expect(byId.get(quitter.user.id)!.pro_pack_status).toBe('expired');
  });

  it('grants free months without money (admin service)', async () => {
    const lucky = await actor(server, 'creator');
    const admin = await actor(server);
    const before = await ledgerCount();
    const granted = await grantFreeProPack(server.ctx.db, {
      userId: lucky.user.id,
      months: 2,
      reason: 'launch partner',
      adminId: admin.user.id,
    });
    expect(granted).toMatchObject({ hasActiveProPack: true, proPackSubscriptionStatus: 'granted' });
    expect(Date.parse(granted.grantedUntil) - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(await ledgerCount()).toBe(before);
    await expect(
      grantFreeProPack(server.ctx.db, {
        userId: lucky.user.id,
        months: 0,
        reason: 'x',
        adminId: admin.user.id,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const me = (await pay(server, lucky, 'GET', '/users/me')).body;
    expect((me.user ?? me).hasActiveProPack).toBe(true);
  });

  it('subscribes to a creator through the test checkout when creatorId is given', async () => {
    const fan = await actor(server);
    await fund(server, fan, 10);
    const res = await pay(server, fan, 'POST', '/stripe/create-subscription-checkout', {
      creatorId: creator.user.id,
    });
    expect(res.body).toMatchObject({ productType: 'fan_subscription', completed: true });
    expect(res.body.url).toBe(`/u/${creator.user.username}?checkout=success`);
    const mismatch = await pay(server, fan, 'POST', '/stripe/create-subscription-checkout', {
      productType: 'fan_subscription',
    });
    expect(mismatch.status).toBe(400);
    const cancel = await pay(server, fan, 'POST', '/stripe/cancel-subscription', {
      creatorId: creator.user.id,
    });
    expect(cancel.body.subscription).toMatchObject({ status: 'canceled' });
  });
});

describe('hosted pages and webhooks need Stripe', () => {
  it('connect is instant for creators, refused for fans; hosted pages are a clear 503', async () => {
    const fan = await actor(server);
    const maker = await actor(server, 'creator');
    expect((await pay(server, fan, 'POST', '/stripe/connect')).status).toBe(403);
    const connected = await pay(server, maker, 'POST', '/stripe/connect');
    expect(connected.body).toMatchObject({ accountVerified: true });
    expect(connected.body.url).toBeUndefined();
    const status = await pay(server, maker, 'GET', '/stripe/connect/status');
    expect(status.body).toMatchObject({ connected: true, accountVerified: true, provider: 'test' });
    for (const url of [
      '/stripe/connect/login',
      '/stripe/identity/create-session',
      '/stripe/create-customer-portal-session',
    ]) {
      const res = await pay(server, maker, 'POST', url);
      expect(res, url).toMatchObject({
        status: 503,
        body: { code: 'CARD_PAYMENTS_NOT_CONFIGURED' },
      });
    }
    const identity = await pay(server, fan, 'GET', '/stripe/identity/status');
    expect(identity.body).toMatchObject({
      provider: 'test',
      status: null,
      identityStatus: 'none',
      verified: false,
    });
  });

  it('answers 503 to webhooks and records nothing', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expect(res.statusCode).toBe(503);
    const events = await server.ctx.db
      .selectFrom('provider_webhook_events')
      .select('event_id')
      .execute();
    expect(events).toHaveLength(0);
  });
});

describe('card transactions', () => {
  it('lists the caller’s card payments with details; other users get 404', async () => {
    const fan = await actor(server);
    const other = await actor(server);
    const paid = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 3,
      paymentType: 'wallet_topup',
    });
    const list = await pay(server, fan, 'GET', '/stripe-transactions');
    expect(list.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });
    expect(list.body.transactions[0]).toMatchObject({ id: paid.body.id, amountCents: 300 });
    expect((await pay(server, fan, 'GET', '/stripe/transactions')).body).toEqual(list.body);
    const details = await pay(server, fan, 'GET', `/stripe-transactions/${paid.body.id}/details`);
    expect(details.body.ledger).toEqual([
      expect.objectContaining({
        transactionId: paid.body.transactionId,
        kind: 'top_up',
        amountCents: 300,
      }),
    ]);
    const byRef = await pay(
      server,
      fan,
      'GET',
      `/stripe-transactions/${paid.body.paymentIntentId}/details`,
    );
    expect(byRef.body.id).toBe(paid.body.id);
    expect(
      (await pay(server, other, 'GET', `/stripe-transactions/${paid.body.id}/details`)).status,
    ).toBe(404);
    expect((await pay(server, other, 'GET', '/stripe-transactions')).body.transactions).toEqual([]);
    const sync = await pay(server, fan, 'POST', '/stripe-transactions/sync');
    expect(sync.body).toEqual({ provider: 'test', checked: 0, updated: 0 });
  });
});
