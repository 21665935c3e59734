import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';
import { renewDueSubscriptions } from '../payments/renewals.service.ts';
import { adminActor, expectLedgerOk, walletCents } from './commerce.test-kit.ts';

let server: TestServer;
let creator: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await createTestServer();
  // price 10.00 keeps the discount arithmetic readable
  [creator, other, admin] = await Promise.all([
    actor(server, 'creator', { subscription_price_cents: 1000 }),
    actor(server, 'creator'),
    adminActor(server),
  ]);
});
afterAll(() => server.close());

const richFan = async () => {
  const fan = await actor(server);
  await fund(server, fan, 200);
  return fan;
};

const charges = (fanId: string) =>
  server.ctx.db
    .selectFrom('ledger_transactions')
    .select(['kind', 'metadata'])
    .where((eb) => eb(eb.ref('metadata', '->>').key('payerId'), '=', fanId))
    .where('kind', 'in', ['subscription', 'renewal', 'unlock'])
    .orderBy('created_at')
    .execute();

describe('promotions', () => {
  it('a free trial subscribes for 0 now and renews at the normal price', async () => {
    const promo = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 7,
      maxUses: 2,
    });
    expect(promo.status).toBe(201);
    expect(promo.body).toMatchObject({
      kind: 'free_trial',
      title: '7 days free',
      trialDays: 7,
      status: 'active',
      priceCents: 1000,
      promoPriceCents: 0,
    });
    expect(promo.body.claimUrl).toMatch(/\/promotions\/claim\/[A-Za-z0-9_-]+$/);

    const info = await pay(server, null, 'GET', `/promotions/claim/${promo.body.claimToken}`);
    expect(info.body).toMatchObject({
      promotion: { id: promo.body.id },
      creator: { id: creator.user.id },
    });

    const fan = await richFan();
    const before = await walletCents(server, fan);
    const claim = await pay(server, fan, 'POST', `/promotions/claim/${promo.body.claimToken}`);
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ charged: false, transactionId: null });
    const end = new Date(claim.body.subscription.currentPeriodEnd).getTime();
    expect(Math.abs(end - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    expect(await walletCents(server, fan)).toBe(before);
    expect(await charges(fan.user.id)).toEqual([]);

    // the trial ends: the renewal job charges the normal price once
    await renewDueSubscriptions(server.ctx, new Date(end + 3_600_000));
    expect(await walletCents(server, fan)).toBe(before - 1000);
    const after = await charges(fan.user.id);
    expect(after.map((c) => c.kind)).toEqual(['renewal']);
    expect(after[0]!.metadata).toMatchObject({ grossCents: 1000 });

    const again = await pay(server, fan, 'POST', `/promotions/claim/${promo.body.claimToken}`);
    expect(again.status).toBe(409);
    await expectLedgerOk(server, admin);
  });

  it('a discount charges the reduced first period through the ledger', async () => {
    const promo = await pay(server, creator, 'POST', '/promotions', {
      kind: 'discount',
      discountPercent: 25,
    });
    expect(promo.body).toMatchObject({ title: '25% off your first month', promoPriceCents: 750 });
    const fan = await richFan();
    const before = await walletCents(server, fan);
    const claim = await pay(server, fan, 'POST', `/promotions/claim/${promo.body.claimToken}`);
    expect(claim.body).toMatchObject({ charged: true });
    expect(await walletCents(server, fan)).toBe(before - 750);
    const [charge] = await charges(fan.user.id);
    expect(charge!.metadata).toMatchObject({
      grossCents: 750,
      feeCents: 150,
      shareCents: 600,
      promotionId: promo.body.id,
      originalCents: 1000,
    });
    await expectLedgerOk(server, admin);
  });

  it('enforces max uses, expiry, end, once per fan and trials for new subscribers only', async () => {
    const limited = await pay(server, creator, 'POST', '/promotions', {
      kind: 'discount',
      discountPercent: 10,
      maxUses: 1,
    });
    const [a, b] = [await richFan(), await richFan()];
    const token = limited.body.claimToken;
    expect((await pay(server, a, 'POST', `/promotions/claim/${token}`)).status).toBe(200);
    const full = await pay(server, b, 'POST', `/promotions/claim/${token}`);
    expect(full).toMatchObject({
      status: 400,
      body: { code: 'PROMOTION_UNAVAILABLE', message: 'This promotion has been fully claimed' },
    });

    const ended = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 3,
    });
    expect((await pay(server, creator, 'DELETE', `/promotions/${ended.body.id}`)).body.status).toBe(
      'ended',
    );
    const res = await pay(server, b, 'POST', `/promotions/claim/${ended.body.claimToken}`);
    expect(res.body.message).toBe('This promotion has ended');

    // a (already subscribed once) may not take a free trial
    const trial = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 3,
    });
    await server.ctx.db
      .updateTable('subscriptions')
      .set({ status: 'expired' })
      .where('subscriber_id', '=', a.user.id)
      .execute();
    const refused = await pay(server, a, 'POST', `/promotions/claim/${trial.body.claimToken}`);
    expect(refused.body.message).toBe('Free trials are for new subscribers only');

    await server.ctx.db
      .updateTable('promotions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', trial.body.id)
      .execute();
    const expired = await pay(server, b, 'POST', `/promotions/claim/${trial.body.claimToken}`);
    expect(expired.body.message).toBe('This promotion has expired');
    expect(await walletCents(server, b)).toBe(20_000);
  });

  it('validates input; only the owner lists or ends; unknown links are 404', async () => {
    for (const body of [
      { kind: 'free_trial' },
      { kind: 'discount' },
      { kind: 'discount', discountPercent: 0 },
      { kind: 'free_trial', trialDays: 91 },
      { kind: 'discount', discountPercent: 10, expiresAt: '2000-01-01T00:00:00Z' },
      { kind: 'bogus', discountPercent: 10 },
    ])
      expect((await pay(server, creator, 'POST', '/promotions', body)).status).toBe(400);
    const fan = await actor(server);
    expect(
      (await pay(server, fan, 'POST', '/promotions', { kind: 'free_trial', trialDays: 3 })).status,
    ).toBe(403);
    const free = await actor(server, 'creator', { subscription_price_cents: 0 });
    const res = await pay(server, free, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 3,
    });
    expect(res).toMatchObject({ status: 400, body: { code: 'SUBSCRIPTION_FREE' } });

    const mine = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 5,
    });
    expect((await pay(server, other, 'DELETE', `/promotions/${mine.body.id}`)).status).toBe(404);
    const others = await pay(server, other, 'GET', '/promotions');
    expect(others.body.promotions.map((p: { id: string }) => p.id)).not.toContain(mine.body.id);
    expect((await pay(server, null, 'GET', '/promotions/claim/nope')).status).toBe(404);
    expect((await pay(server, null, 'POST', '/promotions/claim/nope')).status).toBe(401);

    const discounts = await pay(server, null, 'GET', `/discounts?creatorId=${creator.user.id}`);
    const ids = discounts.body.promotions.map((p: { id: string }) => p.id);
    expect(ids).toContain(mine.body.id);
    expect(discounts.body.promotions.every((p: { status: string }) => p.status === 'active')).toBe(
      true,
    );
    // without creatorId: the signed-in caller's own; signed out it must be named
    const own = await pay(server, creator, 'GET', '/discounts');
    expect(own.status).toBe(200);
    expect(own.body).toEqual(discounts.body);
    const anonymous = await pay(server, null, 'GET', '/discounts');
    expect(anonymous).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', field: 'creatorId' },
    });
    expect(anonymous.body.message).toMatch(/creatorId/);
  });
});

describe('promo codes at checkout', () => {
  it('quotes and applies a code to a subscription once per fan', async () => {
    const code = await pay(server, creator, 'POST', '/promo-codes', {
      code: 'summer20',
      percentOff: 20,
      appliesTo: 'subscription',
    });
    expect(code.status).toBe(201);
    expect(code.body).toMatchObject({
      code: 'SUMMER20',
      percentOff: 20,
      usesCount: 0,
      status: 'active',
    });
    const fan = await richFan();
    const quote = await pay(server, fan, 'POST', '/promo-codes/validate', {
      code: 'Summer20',
      purpose: 'subscription',
      targetId: creator.user.id,
    });
    expect(quote.body).toMatchObject({
      valid: true,
      originalPriceCents: 1000,
      priceCents: 800,
      discountCents: 200,
    });

    const before = await walletCents(server, fan);
    const sub = await pay(server, fan, 'POST', '/subscriptions', {
      creatorId: creator.user.id,
      promoCode: 'summer20',
    });
    expect(sub).toMatchObject({ status: 200, body: { charged: true } });
    expect(await walletCents(server, fan)).toBe(before - 800);
    const [charge] = await charges(fan.user.id);
    expect(charge!.metadata).toMatchObject({ grossCents: 800, promoCode: 'SUMMER20' });

    const reuse = await pay(server, fan, 'POST', '/promo-codes/validate', {
      code: 'SUMMER20',
      purpose: 'subscription',
      targetId: creator.user.id,
    });
    expect(reuse.body.message).toBe('You have already used this promo code');
    const list = await pay(server, creator, 'GET', '/promo-codes');
    expect(list.body.codes.find((c: { id: string }) => c.id === code.body.id).usesCount).toBe(1);
    await expectLedgerOk(server, admin);
  });

  it('applies a code to an unlock, and a 100% code unlocks for nothing', async () => {
    const post = await paidPost(server, creator, 1000);
    await pay(server, creator, 'POST', '/promo-codes', {
      code: 'HALF',
      percentOff: 50,
      appliesTo: 'unlock',
    });
    await pay(server, creator, 'POST', '/promo-codes', { code: 'FREEBIE', percentOff: 100 });
    const fan = await richFan();
    const before = await walletCents(server, fan);
    const res = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`, { promoCode: 'half' });
    expect(res).toMatchObject({ status: 200, body: { priceCents: 500 } });
    expect(await walletCents(server, fan)).toBe(before - 500);

    const other2 = await richFan();
    const free = await pay(server, other2, 'POST', `/posts/${post.id}/unlock`, {
      promoCode: 'FREEBIE',
    });
    expect(free).toMatchObject({ status: 200, body: { priceCents: 0, transactionId: null } });
    expect(await walletCents(server, other2)).toBe(20_000);
    const view = await pay(server, other2, 'GET', `/posts/${post.id}`);
    expect(view.body.isUnlockedForUser ?? view.body.post?.isUnlockedForUser).toBe(true);
    await expectLedgerOk(server, admin);
  });

  it('a full refund gives the code back (the use no longer counts); a partial one does not', async () => {
    const post = await paidPost(server, creator, 1000);
    const code = await pay(server, creator, 'POST', '/promo-codes', {
      code: 'ONCEMORE',
      percentOff: 10,
      maxUses: 1,
    });
    expect(code.status).toBe(201);
    const fan = await richFan();
    const usesCount = async () =>
      (await pay(server, creator, 'GET', '/promo-codes')).body.codes.find(
        (c: { id: string }) => c.id === code.body.id,
      ).usesCount as number;
    const quote = () =>
      pay(server, fan, 'POST', '/promo-codes/validate', {
        code: 'ONCEMORE',
        purpose: 'unlock',
        targetId: post.id,
      });
    const unlock = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`, {
      promoCode: 'oncemore',
    });
    expect(unlock).toMatchObject({ status: 200, body: { priceCents: 900 } });
    expect(await usesCount()).toBe(1);

    const refund = `/admin/transactions/${unlock.body.transactionId}/refund`;
    // a partial refund: the fan keeps the post, the code stays used
    expect(
      (await pay(server, admin, 'POST', refund, { amount: 1, reason: 'goodwill' })).status,
    ).toBe(200);
    expect(await usesCount()).toBe(1);
    expect((await quote()).body.message).toBe('This promo code has been used up');

    // the rest: the purchase is undone, and so is the code's use
    expect((await pay(server, admin, 'POST', refund, { reason: 'not as described' })).status).toBe(
      200,
    );
    expect(await usesCount()).toBe(0);
    expect((await quote()).body).toMatchObject({ valid: true, priceCents: 900 });
    const again = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`, {
      promoCode: 'ONCEMORE',
    });
    expect(again).toMatchObject({ status: 200, body: { priceCents: 900 } });
    expect(await usesCount()).toBe(1);
    await expectLedgerOk(server, admin);
  });

  it('refuses wrong purpose, expired, used-up, ended, unknown and other creators’ codes, charging nothing', async () => {
    const post = await paidPost(server, creator, 1000);
    await pay(server, creator, 'POST', '/promo-codes', {
      code: 'SUBONLY',
      percentOff: 10,
      appliesTo: 'subscription',
    });
    await pay(server, creator, 'POST', '/promo-codes', {
      code: 'ONCE',
      percentOff: 10,
      maxUses: 1,
    });
    const ended = await pay(server, creator, 'POST', '/promo-codes', {
      code: 'ENDED',
      percentOff: 10,
    });
    await pay(server, creator, 'DELETE', `/promo-codes/${ended.body.id}`);
    const old = await pay(server, creator, 'POST', '/promo-codes', { code: 'OLD', percentOff: 10 });
    await server.ctx.db
      .updateTable('promo_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old.body.id)
      .execute();
    await pay(server, other, 'POST', '/promo-codes', { code: 'THEIRS', percentOff: 90 });
    const first = await richFan();
    expect(
      (await pay(server, first, 'POST', `/posts/${post.id}/unlock`, { promoCode: 'ONCE' })).status,
    ).toBe(200);

    const fan = await richFan();
    const cases: Array<[string, string]> = [
      ['SUBONLY', 'This promo code only applies to subscriptions'],
      ['ONCE', 'This promo code has been used up'],
      ['ENDED', 'This promo code is not valid'],
      ['OLD', 'This promo code has expired'],
      ['THEIRS', 'This promo code is not valid'],
      ['NOPE', 'This promo code is not valid'],
    ];
    for (const [promoCode, message] of cases) {
      const res = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`, { promoCode });
      expect(res).toMatchObject({ status: 400, body: { code: 'PROMO_CODE_INVALID', message } });
    }
    expect(await walletCents(server, fan)).toBe(20_000);
    const bad = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`, { promoCode: 5 });
    expect(bad.status).toBe(400);
  });

  it('validates codes; duplicates are 409; only the owner ends a code', async () => {
    for (const body of [
      { code: 'ab', percentOff: 10 },
      { code: 'has space', percentOff: 10 },
      { code: 'OK1', percentOff: 101 },
      { code: 'OK2', percentOff: 10, appliesTo: 'tips' },
    ])
      expect((await pay(server, creator, 'POST', '/promo-codes', body)).status).toBe(400);
    const code = await pay(server, creator, 'POST', '/promo-codes', {
      code: 'DUP',
      percentOff: 10,
    });
    const dup = await pay(server, creator, 'POST', '/promo-codes', { code: 'dup', percentOff: 15 });
    expect(dup).toMatchObject({ status: 409, body: { code: 'PROMO_CODE_TAKEN' } });
    expect((await pay(server, other, 'DELETE', `/promo-codes/${code.body.id}`)).status).toBe(404);
    const fan = await actor(server);
    // a fan's list is simply empty; writing one stays creator-only
    expect(await pay(server, fan, 'GET', '/promo-codes')).toMatchObject({
      status: 200,
      body: { codes: [] },
    });
    expect(
      (await pay(server, fan, 'POST', '/promo-codes', { code: 'FANS', percentOff: 5 })).status,
    ).toBe(403);
    expect(
      (
        await pay(server, null, 'POST', '/promo-codes/validate', {
          code: 'DUP',
          purpose: 'subscription',
          targetId: creator.user.id,
        })
      ).status,
    ).toBe(401);
  });
});

describe('card payments with promotionDetails', () => {
  it('prices the intent with the code, settles it and redeems the code once', async () => {
    await pay(server, creator, 'POST', '/promo-codes', { code: 'CARD30', percentOff: 30 });
    const fan = await actor(server);
    const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      paymentType: 'subscription',
      recipientUserId: creator.user.id,
      promotionDetails: { promoCode: 'card30' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amountCents: 700, transactionId: expect.any(String) });
    const [charge] = await charges(fan.user.id);
    expect(charge!.metadata).toMatchObject({ grossCents: 700, promoCode: 'CARD30' });
    // the same code again: refused before any card is charged
    const again = await pay(server, fan, 'POST', '/stripe/create-payment-intent', {
      paymentType: 'unlock',
      contentId: (await paidPost(server, creator, 1000)).id,
      promotionDetails: { promoCode: 'CARD30' },
    });
    expect(again).toMatchObject({ status: 400, body: { code: 'PROMO_CODE_INVALID' } });
    await expectLedgerOk(server, admin);
  });

  it('refuses a free trial, a wrong amount and offers on tips', async () => {
    const trial = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 3,
    });
    const fan = await actor(server);
    const cases = [
      {
        paymentType: 'subscription',
        recipientUserId: creator.user.id,
        promotionDetails: { promotionId: trial.body.id },
      },
      {
        paymentType: 'subscription',
        recipientUserId: creator.user.id,
        amount: 10,
        promotionDetails: { code: 'WHATEVER' },
      },
      {
        paymentType: 'tip',
        amount: 5,
        recipientUserId: creator.user.id,
        promotionDetails: { promoCode: 'X' },
      },
      { paymentType: 'subscription', recipientUserId: creator.user.id, promotionDetails: {} },
    ];
    for (const body of cases) {
      const res = await pay(server, fan, 'POST', '/stripe/create-payment-intent', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await charges(fan.user.id)).toEqual([]);
  });
});

describe('a claim link opened by a visitor', () => {
  it('shows the creator and the offer, its expiry and claims left, and nothing else', async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const promo = await pay(server, creator, 'POST', '/promotions', {
      kind: 'discount',
      discountPercent: 25,
      maxUses: 2,
      expiresAt,
    });
    expect(promo.status).toBe(201);
    const token = promo.body.claimToken as string;
    const info = await pay(server, null, 'GET', `/promotions/claim/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      promotion: {
        id: promo.body.id,
        kind: 'discount',
        title: promo.body.title,
        discountPercent: 25,
        trialDays: null,
        expiresAt: promo.body.expiresAt,
        status: 'active',
        remainingClaims: 2,
        price: 10,
        priceCents: 1000,
        promoPrice: 7.5,
        promoPriceCents: 750,
      },
      creator: {
        id: creator.user.id,
        username: creator.user.username,
        displayName: null,
        avatarUrl: null,
      },
    });
    expect(JSON.stringify(info.body)).not.toContain(token);

    expect((await pay(server, await richFan(), 'POST', `/promotions/claim/${token}`)).status).toBe(
      200,
    );
    const after = await pay(server, null, 'GET', `/promotions/claim/${token}`);
    expect(after.body.promotion).toMatchObject({ remainingClaims: 1, status: 'active' });

    const unlimited = await pay(server, creator, 'POST', '/promotions', {
      kind: 'free_trial',
      trialDays: 7,
    });
    const open = await pay(server, null, 'GET', `/promotions/claim/${unlimited.body.claimToken}`);
    expect(open.body.promotion).toMatchObject({
      remainingClaims: null,
      expiresAt: null,
      trialDays: 7,
    });
  });
});

describe('offers read by id, edited, and created from minimal bodies', () => {
  it('infers a promotion’s kind, reads it back by id (owner only) and edits it', async () => {
    const trial = await pay(server, creator, 'POST', '/promotions', { trialDays: 3 });
    expect(trial).toMatchObject({ status: 201, body: { kind: 'free_trial', trialDays: 3 } });
    const discount = await pay(server, creator, 'POST', '/promotions', { discountPercent: 25 });
    expect(discount).toMatchObject({
      status: 201,
      body: { kind: 'discount', discountPercent: 25 },
    });
    for (const body of [{}, { trialDays: 3, discountPercent: 10 }])
      expect(await pay(server, creator, 'POST', '/promotions', body)).toMatchObject({
        status: 400,
        body: { field: 'kind' },
      });

    const id = discount.body.id as string;
    const read = await pay(server, creator, 'GET', `/promotions/${id}`);
    const listed = (await pay(server, creator, 'GET', '/promotions')).body.promotions.find(
      (p: { id: string }) => p.id === id,
    );
    expect(read).toMatchObject({ status: 200, body: listed });
    for (const [who, path] of [
      [other, `/promotions/${id}`],
      [creator, '/promotions/not-a-uuid'],
      [creator, `/promotions/${other.user.id}`],
    ] as const)
      expect(await pay(server, who, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'PROMOTION_NOT_FOUND', message: 'Promotion not found' },
      });

    const edited = await pay(server, creator, 'PUT', `/promotions/${id}`, {
      discountPercent: 40,
      maxUses: 5,
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        discountPercent: 40,
        maxUses: 5,
        title: '40% off your first month',
        promoPriceCents: 600,
      },
    });
    expect((await pay(server, other, 'PUT', `/promotions/${id}`, { maxUses: 9 })).status).toBe(404);
    expect(
      (await pay(server, creator, 'PUT', `/promotions/${id}`, { trialDays: 5 })).body.field,
    ).toBe('trialDays');

    // once claimed, the offer is fixed (a fan already paid that price); limits still move
    const fan = await richFan();
    const claim = await pay(server, fan, 'POST', `/promotions/claim/${discount.body.claimToken}`);
    expect(claim.status).toBe(200);
    const locked = await pay(server, creator, 'PUT', `/promotions/${id}`, { discountPercent: 90 });
    expect(locked).toMatchObject({ status: 409, body: { code: 'INVALID_TRANSITION' } });
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const limits = await pay(server, creator, 'PUT', `/promotions/${id}`, {
      maxUses: 1,
      expiresAt: later,
      title: 'Spring',
    });
    expect(limits.body).toMatchObject({
      discountPercent: 40,
      maxUses: 1,
      usesCount: 1,
      status: 'used_up',
      title: 'Spring',
    });
    expect((await pay(server, fan, 'PUT', `/promotions/${id}`, { maxUses: 3 })).status).toBe(403);
    await pay(server, creator, 'DELETE', `/promotions/${id}`);
    expect((await pay(server, creator, 'PUT', `/promotions/${id}`, { maxUses: 3 })).status).toBe(
      409,
    );
  });

  it('accepts discountPercent for a promo code, reads it by id and edits it while unused', async () => {
    const code = await pay(server, creator, 'POST', '/promo-codes', {
      code: 'ALIAS15',
      discountPercent: 15,
    });
    expect(code).toMatchObject({ status: 201, body: { percentOff: 15, appliesTo: 'all' } });
    expect((await pay(server, creator, 'POST', '/promo-codes', { code: 'NOPCT' })).body.field).toBe(
      'percentOff',
    );
    const id = code.body.id as string;
    const read = await pay(server, creator, 'GET', `/promo-codes/${id}`);
    expect(read).toMatchObject({ status: 200, body: code.body });
    for (const [who, path] of [
      [other, `/promo-codes/${id}`],
      [creator, '/promo-codes/nope'],
    ] as const)
      expect(await pay(server, who, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'PROMO_CODE_NOT_FOUND', message: 'Promo code not found' },
      });

    const edited = await pay(server, creator, 'PUT', `/promo-codes/${id}`, {
      percentOff: 20,
      appliesTo: 'subscription',
      maxUses: 10,
    });
    expect(edited.body).toMatchObject({ percentOff: 20, appliesTo: 'subscription', maxUses: 10 });
    expect((await pay(server, other, 'PUT', `/promo-codes/${id}`, { maxUses: 3 })).status).toBe(
      404,
    );

    const fan = await richFan();
    const sub = await pay(server, fan, 'POST', '/subscriptions', {
      creatorId: creator.user.id,
      promoCode: 'ALIAS15',
    });
    expect(sub.status).toBe(200);
    const locked = await pay(server, creator, 'PUT', `/promo-codes/${id}`, { percentOff: 50 });
    expect(locked).toMatchObject({
      status: 409,
      body: { code: 'INVALID_TRANSITION', field: 'percentOff' },
    });
    const unlimited = await pay(server, creator, 'PUT', `/promo-codes/${id}`, { maxUses: null });
    expect(unlimited.body).toMatchObject({ percentOff: 20, maxUses: null, usesCount: 1 });
  });

  it('GET /discounts repeats the list under `discounts`; a fan asking for their own gets none', async () => {
    const res = await pay(server, null, 'GET', `/discounts?creatorId=${creator.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.discounts).toEqual(res.body.promotions);
    const fan = await actor(server);
    expect(await pay(server, fan, 'GET', '/discounts')).toMatchObject({
      status: 200,
      body: { promotions: [], discounts: [] },
    });
    expect(await pay(server, fan, 'GET', '/promotions')).toMatchObject({
      status: 200,
      body: { promotions: [] },
    });
  });
});
