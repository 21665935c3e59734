import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import {
  SECRET_KEY,
  shuffled,
  signedEvent,
  startFakeStripe,
  WEBHOOK_SECRET,
  type FakeStripe,
} from './card-provider.test-kit.ts';
import { paidPost, pay } from './payments.test-kit.ts';

/**
 * The `stripe` provider: the official SDK against a local fake of the Stripe API
 * (STRIPE_API_BASE), and signed webhook deliveries.
 */

let fake: FakeStripe;
let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await createTestServer({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fanspace',
      STRIPE_API_BASE: fake.url,
    },
  });
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
  await fake.close();
});

const deliver = (payload: string, signature: string | null) =>
  server.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
const send = async (id: string, type: string, object: Record<string, unknown>) => {
  const { payload, signature } = signedEvent(id, type, object);
  const res = await deliver(payload, signature);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { duplicate: boolean; outcome: string };
};
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
const intent = async (who: Actor, body: Record<string, unknown>) => {
  const res = await pay(server, who, 'POST', '/stripe/create-payment-intent', body);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; paymentIntentId: string; amountCents: number };
};
const succeeded = (pi: { paymentIntentId: string; amountCents: number }) => ({
  id: pi.paymentIntentId,
  object: 'payment_intent',
  amount: pi.amountCents,
  amount_received: pi.amountCents,
  status: 'succeeded',
});

describe('with Stripe configured', () => {
  it('refuses test funds and direct top-ups', async () => {
    const fan = await actor(server);
    const before = await ledgerCount();
    const test = await pay(server, fan, 'POST', '/stripe/add-test-funds', { amount: 10 });
    expect(test).toMatchObject({ status: 403, body: { code: 'TEST_FUNDS_DISABLED' } });
    expect(test.body.message).toMatch(/Stripe is configured/);
    const direct = await pay(server, fan, 'POST', '/wallet/add-funds', { amount: 10 });
    expect(direct).toMatchObject({ status: 403, body: { code: 'TEST_FUNDS_DISABLED' } });
    expect(await ledgerCount()).toBe(before);
    const config = await pay(server, null, 'GET', '/stripe/config');
    expect(config.body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_fanspace',
      testCards: [],
    });
  });

  it('creates a payment intent at Stripe and moves no money until the webhook', async () => {
    const fan = await actor(server);
    const before = await ledgerCount();
    const res = await pay(
      server,
      fan,
      'POST',
      '/stripe/create-payment-intent',
      { amount: 25, paymentType: 'wallet_topup' },
      'create-1',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 2500,
      provider: 'stripe',
      outcome: null,
      transactionId: null,
    });
    expect(res.body.paymentIntentId).toMatch(/^pi_fake/);
    expect(res.body.clientSecret).toBe(`${res.body.paymentIntentId}_secret_abc`);
    const sent = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `pi:${fan.user.id}:create-1`,
    );
    expect(sent?.form).toMatchObject({
      amount: '2500',
      currency: 'usd',
      'metadata[userId]': fan.user.id,
      'metadata[paymentType]': 'wallet_topup',
    });
    expect(fake.requests.some((r) => r.path === '/v1/customers')).toBe(true);
    expect(await ledgerCount()).toBe(before);
    expect(await balance(fan)).toBe(0);
    const bad = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      amount: 0.5,
      paymentType: 'wallet_topup',
    });
    expect(bad.status).toBe(400);
  });

  it('rejects bad signatures with 400 and changes nothing', async () => {
    const fan = await actor(server);
    const pi = await intent(fan, { amount: 10, paymentType: 'wallet_topup' });
    const good = signedEvent('evt_sig_1', 'payment_intent.succeeded', succeeded(pi));
    const wrongSecret = signedEvent(
      'evt_sig_1',
      'payment_intent.succeeded',
      succeeded(pi),
      'whsec_other',
    );
    const tampered = good.payload.replace(`"amount_received":1000`, `"amount_received":100000`);
    expect(tampered).not.toBe(good.payload);
    for (const [payload, signature] of [
      [good.payload, wrongSecret.signature],
      [good.payload, null],
      [tampered, good.signature],
      [good.payload, 't=1,v1=deadbeef'],
    ] as const) {
      const res = await deliver(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    const events = await server.ctx.db
      .selectFrom('provider_webhook_events')
      .select('event_id')
      .where('event_id', '=', 'evt_sig_1')
      .execute();
    expect(events).toHaveLength(0);
    expect(await balance(fan)).toBe(0);
    // the genuine delivery still works afterwards
    expect((await deliver(good.payload, good.signature)).statusCode).toBe(200);
    expect(await balance(fan)).toBe(1000);
  });

  it('applies each event once when every event arrives 3 times, shuffled and concurrent', async () => {
    const fan = await actor(server);
    const tops = [
      await intent(fan, { amount: 11, paymentType: 'wallet_topup' }),
      await intent(fan, { amount: 12, paymentType: 'wallet_topup' }),
      await intent(fan, { amount: 13, paymentType: 'wallet_topup' }),
    ];
    const tippedPost = await paidPost(server, creator);
    const tip = await intent(fan, {
      amount: 5,
      paymentType: 'tip',
      recipientUserId: creator.user.id,
      tipType: 'post',
      contentId: tippedPost.id,
    });
    const proBuyer = await actor(server, 'creator');
    const events = [
      ...tops.map((pi, i) =>
        signedEvent(`evt_top_${i}`, 'payment_intent.succeeded', succeeded(pi)),
      ),
      signedEvent('evt_tip', 'payment_intent.succeeded', succeeded(tip)),
      signedEvent('evt_pro_invoice', 'invoice.paid', {
        id: 'in_fake_1',
        object: 'invoice',
        amount_paid: 999,
        currency: 'usd',
        parent: {
          subscription_details: {
            subscription: 'sub_fake_pro',
            metadata: { userId: proBuyer.user.id, productType: 'pro_pack' },
          },
        },
        lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 30 * 86_400 } }] },
      }),
    ];
    const before = await ledgerCount();
    const deliveries = shuffled([...events, ...events, ...events]);
    const results = await Promise.all(deliveries.map((e) => deliver(e.payload, e.signature)));
    expect(results.map((r) => r.statusCode)).toEqual(deliveries.map(() => 200));
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(events.length);

    // one top-up per payment intent, one tip charge, one pro pack posting: 3 + 2 + 1
    expect(await ledgerCount()).toBe(before + 6);
    for (const pi of [...tops, tip]) {
      const refs = await server.ctx.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('idempotency_ref', '=', `card:${pi.paymentIntentId}`)
        .execute();
      expect(refs).toHaveLength(1);
    }
    expect(await balance(fan)).toBe(1100 + 1200 + 1300);
    const tipRow = await server.ctx.db
      .selectFrom('card_payments')
      .selectAll()
      .where('provider_ref', '=', tip.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(tipRow.outcome).toBe('tip');
    expect(tipRow.charge_transaction_id).not.toBeNull();
    const pro = await server.ctx.db
      .selectFrom('users')
      .select(['pro_pack_status', 'pro_pack_active_until'])
      .where('id', '=', proBuyer.user.id)
      .executeTakeFirstOrThrow();
    expect(pro.pro_pack_status).toBe('active');
    expect(pro.pro_pack_active_until!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const recorded = await server.ctx.db
      .selectFrom('provider_webhook_events')
      .select('event_id')
      .where(
        'event_id',
        'in',
        events.map((e) => JSON.parse(e.payload).id as string),
      )
      .execute();
    expect(recorded).toHaveLength(events.length);

    // a refund of the tip reverses the charge to the card once, however often it arrives
    const refund = signedEvent('evt_refund_tip', 'charge.refunded', {
      id: 'ch_fake_tip',
      object: 'charge',
      payment_intent: tip.paymentIntentId,
      amount: 500,
      amount_refunded: 200,
    });
    const beforeRefund = await ledgerCount();
    for (let i = 0; i < 3; i++) await deliver(refund.payload, refund.signature);
    expect(await ledgerCount()).toBe(beforeRefund + 1);
    const reversal = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'reverses_id'])
      .where('reverses_id', '=', tipRow.charge_transaction_id)
      .execute();
    expect(reversal).toEqual([{ kind: 'refund', reverses_id: tipRow.charge_transaction_id }]);

    // a dispute on a plain top-up takes the money back from the wallet
    const dispute = signedEvent('evt_dispute_top', 'charge.dispute.created', {
      id: 'dp_fake_1',
      object: 'dispute',
      payment_intent: tops[0]!.paymentIntentId,
      amount: 1100,
    });
    expect((await deliver(dispute.payload, dispute.signature)).json().outcome).toBe(
      'chargeback_from_wallet',
    );
    expect(await balance(fan)).toBe(1200 + 1300);
  });

  it('settles a card-paid unlock, or keeps the money in the wallet when the post is already bought', async () => {
    const fan = await actor(server);
    const post = await server.ctx.db
      .insertInto('posts')
      .values({ user_id: creator.user.id, caption: 'paid', access_level: 'paid', price_cents: 400 })
      .returningAll()
      .executeTakeFirstOrThrow();
    const first = await intent(fan, { paymentType: 'unlock', contentId: post.id });
    const second = await intent(fan, { paymentType: 'unlock', contentId: post.id });
    expect((await send('evt_unlock_1', 'payment_intent.succeeded', succeeded(first))).outcome).toBe(
      'unlock',
    );
    expect(
      (await send('evt_unlock_2', 'payment_intent.succeeded', succeeded(second))).outcome,
    ).toBe('credited_to_wallet');
    expect(await balance(fan)).toBe(400);
    const open = await pay(server, fan, 'GET', `/posts/${post.id}`);
    expect(open.body.isUnlockedForUser).toBe(true);
  });

  it('connect: onboarding url, then verified by account.updated', async () => {
    const maker = await actor(server, 'creator');
    fake.accountVerified = false;
    const started = await pay(server, maker, 'POST', '/stripe/connect');
    expect(started.body).toMatchObject({
      url: 'https://connect.stripe.test/onboard',
      accountVerified: false,
    });
    const accountId = started.body.accountId as string;
    fake.accountVerified = true;
    const updated = await send('evt_account_1', 'account.updated', {
      id: accountId,
      object: 'account',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    expect(updated.outcome).toBe('connect_verified');
    const row = await server.ctx.db
      .selectFrom('provider_accounts')
      .select('connect_verified_at')
      .where('user_id', '=', maker.user.id)
      .executeTakeFirstOrThrow();
    expect(row.connect_verified_at).not.toBeNull();
    const again = await pay(server, maker, 'POST', '/stripe/connect');
    expect(again.body).toEqual({ accountVerified: true, accountId });
    const status = await pay(server, maker, 'GET', '/stripe/connect/status');
    expect(status.body).toMatchObject({
      connected: true,
      accountVerified: true,
      provider: 'stripe',
    });
    const login = await pay(server, maker, 'POST', '/stripe/connect/login');
    expect(login.body.url).toBe(`https://connect.stripe.test/login/${accountId}`);
  });

  it('pro pack: checkout url, invoice → active, cancel at Stripe to the period end, deletion', async () => {
    const buyer = await actor(server, 'creator');
    const checkout = await pay(server, buyer, 'POST', '/stripe/create-subscription-checkout', {});
    expect(checkout.body).toMatchObject({ productType: 'pro_pack', completed: false });
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_fake/);
    const session = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'metadata[productType]': 'pro_pack',
      'metadata[userId]': buyer.user.id,
      'line_items[0][price_data][unit_amount]': '999',
    });
    const fanCheckout = await pay(server, buyer, 'POST', '/stripe/create-subscription-checkout', {
      creatorId: creator.user.id,
    });
    expect(fanCheckout.body.productType).toBe('fan_subscription');
    expect(
      fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form,
    ).toMatchObject({
      'metadata[productType]': 'fan_subscription',
      'metadata[creatorId]': creator.user.id,
      success_url: `http://localhost:3000/u/${creator.user.username}?checkout=success`,
    });

    await send('evt_cs_pro', 'checkout.session.completed', {
      id: 'cs_x',
      object: 'checkout.session',
      subscription: 'sub_pro_2',
      metadata: { userId: buyer.user.id, productType: 'pro_pack' },
    });
    await send('evt_in_pro_2', 'invoice.paid', {
      id: 'in_pro_2',
      object: 'invoice',
      amount_paid: 999,
      subscription: 'sub_pro_2',
      subscription_details: { metadata: { userId: buyer.user.id, productType: 'pro_pack' } },
      lines: { data: [] },
    });
    const active = await pay(server, buyer, 'GET', '/pro-pack');
    expect(active.body).toMatchObject({
      hasActiveProPack: true,
      proPackSubscriptionStatus: 'active',
    });
    const cancel = await pay(server, buyer, 'POST', '/stripe/cancel-subscription', {});
    expect(cancel.body.proPack).toMatchObject({
      proPackSubscriptionStatus: 'canceled',
      hasActiveProPack: true,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/subscriptions/sub_pro_2',
      form: { cancel_at_period_end: 'true' },
    });
    const deleted = await send('evt_sub_del', 'customer.subscription.deleted', {
      id: 'sub_pro_2',
      object: 'subscription',
    });
    expect(deleted.outcome).toBe('pro_pack_canceled');
    const history = await pay(server, buyer, 'GET', '/stripe/pro-pack-transactions');
    expect(history.body.transactions[0]).toMatchObject({ kind: 'cancel', provider: 'stripe' });
  });

  it('fan subscription paid by invoice: wallet pass-through, fee split, no wallet renewal', async () => {
    const fan = await actor(server);
    const result = await send('evt_in_fan', 'invoice.paid', {
      id: 'in_fan_1',
      object: 'invoice',
      amount_paid: 999,
      currency: 'usd',
      parent: {
        subscription_details: {
          subscription: 'sub_fan_1',
          metadata: {
            userId: fan.user.id,
            productType: 'fan_subscription',
            creatorId: creator.user.id,
          },
        },
      },
      lines: { data: [] },
    });
    expect(result.outcome).toBe('fan_subscription_period');
    const sub = await server.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscriber_id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({
      status: 'active',
      is_recurring: false,
      provider_subscription_id: 'sub_fan_1',
    });
    expect(await balance(fan)).toBe(0);

    // the fan's own subscription calls reach Stripe, which renews it – never our renewal job
    const atStripe = () => fake.requests.filter((r) => r.path === '/v1/subscriptions/sub_fan_1');
    const row = () =>
      server.ctx.db
        .selectFrom('subscriptions')
        .select(['is_recurring', 'canceled_at'])
        .where('id', '=', sub.id)
        .executeTakeFirstOrThrow();
    const listed = await pay(server, fan, 'GET', '/users/me/subscriptions');
    expect(listed.body.subscriptions[0]).toMatchObject({ status: 'active', isRecurring: true });
    const canceled = await pay(server, fan, 'DELETE', `/subscriptions/${sub.id}`);
    expect(canceled.body).toMatchObject({ status: 'canceled', isRecurring: false });
    expect(atStripe().at(-1)!.form).toEqual({ cancel_at_period_end: 'true' });
    const resumed = await pay(server, fan, 'POST', '/subscriptions', {
      creatorId: creator.user.id,
    });
    expect(resumed.body).toMatchObject({ charged: false, subscription: { isRecurring: true } });
    expect(atStripe().at(-1)!.form).toEqual({ cancel_at_period_end: 'false' });
    expect(await row()).toEqual({ is_recurring: false, canceled_at: null });
    const off = await pay(server, fan, 'PUT', `/subscriptions/${sub.id}/recurring`, {
      isRecurring: false,
    });
    expect(off.body.isRecurring).toBe(false);
    expect(atStripe().at(-1)!.form).toEqual({ cancel_at_period_end: 'true' });
    const on = await pay(server, fan, 'PUT', `/subscriptions/${sub.id}/recurring`, {
      isRecurring: true,
    });
    expect(on.body).toMatchObject({ status: 'active', isRecurring: true });
    expect(atStripe().at(-1)!.form).toEqual({ cancel_at_period_end: 'false' });
    expect(await row()).toEqual({ is_recurring: false, canceled_at: null });
    expect(atStripe()).toHaveLength(4);
    expect(await balance(fan)).toBe(0);
  });

  it('refunds and disputes of invoice payments are matched by their intent and reversed', async () => {
    const fan = await actor(server);
    // newer API versions name the intent under payments.data[].payment
    await send('evt_in_fan_r', 'invoice.paid', {
      id: 'in_fan_r',
      object: 'invoice',
      amount_paid: 999,
      currency: 'usd',
      payments: { data: [{ payment: { type: 'payment_intent', payment_intent: 'pi_in_fan_r' } }] },
      parent: {
        subscription_details: {
          subscription: 'sub_fan_r',
          metadata: {
            userId: fan.user.id,
            productType: 'fan_subscription',
            creatorId: creator.user.id,
          },
        },
      },
      lines: { data: [] },
    });
    const before = await ledgerCount();
    const refund = await send('evt_ch_fan_r', 'charge.refunded', {
      id: 'ch_fan_r',
      object: 'charge',
      payment_intent: 'pi_in_fan_r',
      amount: 999,
      amount_refunded: 999,
    });
    expect(refund.outcome).toBe('refund_reversed');
    expect(await ledgerCount()).toBe(before + 1);
    const sub = await server.ctx.db
      .selectFrom('subscriptions')
      .select('status')
      .where('subscriber_id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('expired');
    // the money went back to the card, not to the wallet
    expect(await balance(fan)).toBe(0);

    // the pro pack: a partial refund keeps the period, the rest ends it
    const buyer = await actor(server, 'creator');
    await send('evt_in_pro_r', 'invoice.paid', {
      id: 'in_pro_r',
      object: 'invoice',
      amount_paid: 999,
      payment_intent: 'pi_in_pro_r',
      subscription: 'sub_pro_r',
      subscription_details: { metadata: { userId: buyer.user.id, productType: 'pro_pack' } },
      lines: { data: [] },
    });
    expect((await pay(server, buyer, 'GET', '/pro-pack')).body.hasActiveProPack).toBe(true);
    const partial = await send('evt_ch_pro_r1', 'charge.refunded', {
      id: 'ch_pro_r',
      object: 'charge',
      invoice: 'in_pro_r',
      amount: 999,
      amount_refunded: 400,
    });
    expect(partial.outcome).toBe('pro_pack_refund_reversed');
    expect((await pay(server, buyer, 'GET', '/pro-pack')).body.hasActiveProPack).toBe(true);
    const dispute = await send('evt_dp_pro_r', 'charge.dispute.created', {
      id: 'dp_pro_r',
      object: 'dispute',
      payment_intent: 'pi_in_pro_r',
      amount: 999,
    });
    expect(dispute.outcome).toBe('pro_pack_chargeback_ended');
    const after = await pay(server, buyer, 'GET', '/pro-pack');
    expect(after.body).toMatchObject({
      hasActiveProPack: false,
      proPackSubscriptionStatus: 'expired',
    });
    const reversals = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) =>
        eb.fn.sum<string>(eb.cast<number>(sql`metadata->>'reversedCents'`, 'integer')).as('n'),
      )
      .where('kind', '=', 'pro_pack_reversal')
      .where(sql`metadata->>'userId'`, '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(reversals.n)).toBe(999);
    const history = await pay(server, buyer, 'GET', '/stripe/pro-pack-transactions');
    expect(
      history.body.transactions.filter((t: { kind: string }) => t.kind === 'refund'),
    ).toHaveLength(2);
    // nothing is left to reverse: a redelivered or later refund changes nothing
    const again = await send('evt_ch_pro_r2', 'charge.refunded', {
      id: 'ch_pro_r',
      object: 'charge',
      invoice: 'in_pro_r',
      amount: 999,
      amount_refunded: 999,
    });
    expect(again.outcome).toBe('ignored_nothing_new');
    expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  });

  it('payment methods through Stripe; other users’ ids are 404', async () => {
    const fan = await actor(server);
    const other = await actor(server);
    const added = await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_1Fake',
    });
    expect(added.body).toMatchObject({
      paymentMethodId: 'pm_1Fake',
      last4: '4242',
      isDefault: true,
    });
    expect(fake.requests.some((r) => r.path === '/v1/payment_methods/pm_1Fake/attach')).toBe(true);
    const refused = await pay(server, fan, 'POST', '/payments/payment-methods', {
      paymentMethodId: 'pm_unknown',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'CARD_PROVIDER_ERROR' } });
    expect(
      (await pay(server, other, 'DELETE', `/payments/payment-methods/${added.body.id}`)).status,
    ).toBe(404);
    expect((await pay(server, other, 'DELETE', '/payments/payment-methods/pm_1Fake')).status).toBe(
      404,
    );
    expect(fake.requests.some((r) => r.path === '/v1/payment_methods/pm_1Fake/detach')).toBe(false);
    const setup = await pay(server, fan, 'POST', '/payments/setup-intent');
    expect(setup.body).toMatchObject({ provider: 'stripe' });
    expect(setup.body.clientSecret).toMatch(/^seti_fake\d+_secret_abc$/);
    const removed = await pay(server, fan, 'DELETE', `/payments/payment-methods/${added.body.id}`);
    expect(removed.status).toBe(200);
    expect(fake.requests.some((r) => r.path === '/v1/payment_methods/pm_1Fake/detach')).toBe(true);
  });

  it('identity session, portal, and sync of a missed webhook', async () => {
    const fan = await actor(server);
    const session = await pay(server, fan, 'POST', '/stripe/identity/create-session');
    expect(session.body.url).toMatch(/^https:\/\/verify\.stripe\.test\/vs_fake/);
    const status = await pay(server, fan, 'GET', '/stripe/identity/status');
    expect(status.body).toMatchObject({
      status: 'verified',
      identityStatus: 'verified',
      verified: true,
    });
    const portal = await pay(server, fan, 'POST', '/stripe/create-customer-portal-session');
    expect(portal.body).toEqual({ url: 'https://billing.stripe.test/portal' });

    const pi = await intent(fan, { amount: 8, paymentType: 'wallet_topup' });
    fake.intents.get(pi.paymentIntentId)!.status = 'succeeded';
    const sync = await pay(server, fan, 'POST', '/stripe-transactions/sync');
    expect(sync.body).toMatchObject({ provider: 'stripe', updated: 1 });
    expect(await balance(fan)).toBe(800);
    // the late webhook for the same intent changes nothing
    const late = await send('evt_late', 'payment_intent.succeeded', succeeded(pi));
    expect(late.outcome).toBe('already_settled');
    expect(await balance(fan)).toBe(800);
  });
});
