import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { actor, block, insertPost, purchase, type Actor } from '../posts/posts.test-kit.ts';
import { openChat } from '../chats/chats.test-kit.ts';
import { balanceCents, fund, paidPost, pay, rowCount } from './payments.test-kit.ts';
import type { Database } from '../../platform/db/schema.ts';

/**
 * The checks statement of a tip and of an unlock (tips.service `tipChecks`, unlock.service
 * `unlockChecks`) reads everything a sale refuses on in one round trip; each refusal must still
 * be its own status, code and message, in the order they always came, and change nothing: no
 * ledger row, purchase, notification, job or stored idempotency key, and the same balance.
 */

let server: TestServer;
let fan: Actor;
let creator: Actor;
let other: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, other] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server, 'creator'),
  ]);
  await fund(server, fan, 100);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const count = (table: keyof Database) => rowCount(server, table);

/** What a refused sale must leave as it was. */
async function state() {
  const keys = await server.ctx.db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', fan.user.id)
    .executeTakeFirstOrThrow();
  return {
    transactions: await count('ledger_transactions'),
    purchases: await count('content_purchases'),
    notifications: await count('notifications'),
    jobs: await count('jobs'),
    keys: Number(keys.n),
    balance: await balanceCents(server, fan),
  };
}

/** The request is refused with exactly this answer, and the database is unchanged. */
async function refused(
  request: () => Promise<{ status: number; body: Record<string, unknown>; text: string }>,
  status: number,
  code: string,
  message: string | RegExp,
) {
  const before = await state();
  const res = await request();
  expect(res.status, res.text).toBe(status);
  expect(res.body.code).toBe(code);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(await state()).toEqual(before);
}

const tip = (body: Record<string, unknown>, who: Actor = fan) =>
  pay(server, who, 'POST', '/tips', { recipientUserId: creator.user.id, amount: 2, ...body });
const unlock = (postId: string, body?: Record<string, unknown>) =>
  pay(server, fan, 'POST', `/posts/${postId}/unlock`, body);

async function setTips(on: boolean) {
  const value = JSON.stringify({ tips: on });
  await server.ctx.db
    .insertInto('platform_settings')
    .values({ key: 'features', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

describe('tip checks', () => {
  it('refuses when tips are switched off, before anything else is looked at', async () => {
    await setTips(false);
    try {
      const off = [403, 'FEATURE_UNAVAILABLE', 'Tips are switched off on this server'] as const;
      await refused(() => tip({ tipType: 'profile' }), ...off);
      // even a tip to oneself or of a wrong amount answers with the switch first
      await refused(() => tip({ tipType: 'profile', recipientUserId: fan.user.id }), ...off);
      await refused(() => tip({ tipType: 'profile', amount: 0.5 }), ...off);
    } finally {
      await setTips(true);
    }
    expect((await tip({ tipType: 'profile' })).status).toBe(201);
  });

  it('refuses an amount out of range before the recipient', async () => {
    const range = /^amount must be between 1\.00 and 200\.00$/;
    await refused(() => tip({ tipType: 'profile', amount: 0.5 }), 400, 'VALIDATION_FAILED', range);
    await refused(
      () => tip({ tipType: 'profile', amount: 0.5, recipientUserId: fan.user.id }),
      400,
      'VALIDATION_FAILED',
      range,
    );
  });

  it('refuses a recipient who is not payable', async () => {
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: fan.user.id }),
      400,
      'CANNOT_TARGET_SELF',
      'You cannot pay yourself',
    );
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: randomUUID() }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    const plain = await actor(server);
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: plain.user.id }),
      400,
      'RECIPIENT_NOT_CREATOR',
      'Only creators can receive payments',
    );
    const blocking = await actor(server, 'creator');
    await block(server, blocking, fan);
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: blocking.user.id }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    const blocked = await actor(server, 'creator');
    await block(server, fan, blocked);
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: blocked.user.id }),
      404,
      'NOT_FOUND',
      'User not found',
    );
    const gone = await actor(server, 'creator');
    await server.ctx.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.user.id)
      .execute();
    await refused(
      () => tip({ tipType: 'profile', recipientUserId: gone.user.id }),
      404,
      'NOT_FOUND',
      'User not found',
    );
  });

  it('refuses content that is not the recipient’s, and takes what is', async () => {
    const notPost = 'contentId does not name a post of this creator';
    const othersPost = await insertPost(server, other.user);
    await refused(
      () => tip({ tipType: 'post', contentId: othersPost.id }),
      400,
      'VALIDATION_FAILED',
      notPost,
    );
    const deleted = await insertPost(server, creator.user, { deleted_at: new Date() });
    await refused(
      () => tip({ tipType: 'post', contentId: deleted.id }),
      400,
      'VALIDATION_FAILED',
      notPost,
    );
    await refused(
      () => tip({ tipType: 'post', contentId: 'not-a-uuid' }),
      400,
      'VALIDATION_FAILED',
      notPost,
    );
    await refused(
      () => tip({ tipType: 'chat', contentId: randomUUID() }),
      400,
      'VALIDATION_FAILED',
      'contentId does not name a chat of this creator',
    );
    const othersChat = await openChat(server, other, fan);
    await refused(
      () => tip({ tipType: 'chat', contentId: othersChat.id }),
      400,
      'VALIDATION_FAILED',
      'contentId does not name a chat of this creator',
    );
    await refused(
      () => tip({ tipType: 'wishlist' }),
      400,
      'VALIDATION_FAILED',
      'contentId (the wishlist item id) is required for a wishlist tip',
    );
    await refused(
      () => tip({ tipType: 'wishlist', contentId: randomUUID() }),
      400,
      'VALIDATION_FAILED',
      'contentId does not name a wishlist item of this creator',
    );
    // a recipient check comes before the content check
    await refused(
      () => tip({ tipType: 'post', contentId: othersPost.id, recipientUserId: randomUUID() }),
      404,
      'NOT_FOUND',
      'User not found',
    );

    const own = await insertPost(server, creator.user);
    const onPost = await tip({ tipType: 'post', contentId: own.id });
    expect(onPost.status, onPost.text).toBe(201);
    expect(onPost.body.contentId).toBe(own.id);
    const chat = await openChat(server, fan, creator);
    const inChat = await tip({ tipType: 'chat', contentId: chat.id });
    expect(inChat.status, inChat.text).toBe(201);
    expect(inChat.body.contentId).toBe(chat.id);
  });
});

describe('unlock checks', () => {
  it('refuses a post that does not exist for the buyer', async () => {
    const missing = [404, 'NOT_FOUND', 'Post not found'] as const;
    await refused(() => unlock(randomUUID()), ...missing);
    const deleted = await insertPost(server, creator.user, {
      access_level: 'paid',
      price_cents: 300,
      deleted_at: new Date(),
    });
    await refused(() => unlock(deleted.id), ...missing);
    const later = await insertPost(server, creator.user, {
      access_level: 'paid',
      price_cents: 300,
      published_at: new Date(Date.now() + 86_400_000),
    });
    await refused(() => unlock(later.id), ...missing);
    const blocking = await actor(server, 'creator');
    await block(server, blocking, fan);
    await refused(async () => unlock((await paidPost(server, blocking, 300)).id), ...missing);
  });

  it('refuses one’s own post and a post that is not for sale', async () => {
    const own = await paidPost(server, creator, 300);
    const res = await pay(server, creator, 'POST', `/posts/${own.id}/unlock`);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CANNOT_TARGET_SELF',
      message: 'You cannot unlock your own post',
    });
    expect(
      await server.ctx.db
        .selectFrom('content_purchases')
        .select('id')
        .where('post_id', '=', own.id)
        .execute(),
    ).toHaveLength(0);
    const notForSale = [400, 'NOT_FOR_SALE', 'This post is not for sale'] as const;
    const free = await insertPost(server, creator.user);
    await refused(() => unlock(free.id), ...notForSale);
    const subscribersOnly = await insertPost(server, creator.user, {
      access_level: 'subscribers',
    });
    await refused(() => unlock(subscribersOnly.id), ...notForSale);
  });

  it('refuses a second unlock, and one bought before, with a 409', async () => {
    const post = await paidPost(server, creator, 300);
    expect((await unlock(post.id)).status).toBe(200);
    const again = [409, 'ALREADY_UNLOCKED', 'You have already unlocked this post'] as const;
    await refused(() => unlock(post.id), ...again);
    const bought = await paidPost(server, creator, 300);
    await purchase(server, fan, bought);
    await refused(() => unlock(bought.id), ...again);
    // with a promo code (the purchase is inserted on its own then) as well
    await refused(
      () => unlock(bought.id, { promoCode: 'NOSUCHCODE' }),
      400,
      'PROMO_CODE_INVALID',
      /./,
    );
  });

  it('refuses an unknown promo code before anything is bought', async () => {
    const post = await paidPost(server, creator, 300);
    await refused(
      () => unlock(post.id, { promoCode: 'NOSUCHCODE' }),
      400,
      'PROMO_CODE_INVALID',
      /./,
    );
    const res = await unlock(post.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ postId: post.id, isUnlocked: true, priceCents: 300 });
  });
});
