import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, paidPost, pay, unlockChargesFor } from './payments.test-kit.ts';

/**
 * Races on PostgreSQL (real parallel connections). PGlite serialises every transaction, so
 * there the same scenarios run smaller: they still check the outcome, not the locking.
 */
const onPg = inject('testDb').kind === 'pg';
const N = onPg ? 50 : 12;

let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

describe(`concurrent money requests (${N} at once)`, () => {
  it('charges a post once however many unlocks race', async () => {
    const fan = await actor(server);
    await fund(server, fan, 100);
    const post = await paidPost(server, creator, 700);
    const results = await Promise.all(
      Array.from({ length: N }, () => pay(server, fan, 'POST', `/posts/${post.id}/unlock`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    const charges = await unlockChargesFor(server, 'postId', post.id);
    expect(charges).toHaveLength(1);
    const purchases = await server.ctx.db
      .selectFrom('content_purchases')
      .select('id')
      .where('post_id', '=', post.id)
      .execute();
    expect(purchases).toHaveLength(1);
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(10_000 - 700);
  });

  it('lets exactly two tips of half the wallet through, the rest 402', async () => {
    const fan = await actor(server);
    await fund(server, fan, 100);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        pay(server, fan, 'POST', '/tips', {
          recipientUserId: creator.user.id,
          amount: 50,
          tipType: 'profile',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(N - 2);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(0);
  });

  it('replays concurrent duplicates of one key as one charge', async () => {
    const fan = await actor(server);
    const results = await Promise.all(
      Array.from({ length: Math.min(N, 20) }, () =>
        pay(server, fan, 'POST', '/wallet/add-funds', { amount: 5 }, 'dup-key'),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(500);
  });

  it('sells one post to many fans at once: one charge and one purchase each', async () => {
    const fans = await Promise.all(Array.from({ length: N }, () => actor(server)));
    await Promise.all(fans.map((f) => fund(server, f, 10)));
    const post = await paidPost(server, creator, 700);
    const results = await Promise.all(
      fans.map((f) => pay(server, f, 'POST', `/posts/${post.id}/unlock`)),
    );
    expect(
      results.map((r) => r.status),
      results.map((r) => r.text).join('\n'),
    ).toEqual(fans.map(() => 200));
    expect(await unlockChargesFor(server, 'postId', post.id)).toHaveLength(N);
    const purchases = await server.ctx.db
      .selectFrom('content_purchases')
      .select(['buyer_id', 'ledger_transaction_id'])
      .where('post_id', '=', post.id)
      .execute();
    expect(new Set(purchases.map((p) => p.buyer_id)).size).toBe(N);
    expect(purchases.every((p) => p.ledger_transaction_id !== null)).toBe(true);
    const notices = await server.ctx.db
      .selectFrom('notifications')
      .select('actor_id')
      .where('user_id', '=', creator.user.id)
      .where('type', '=', 'purchase')
      .where('related_id', '=', post.id)
      .execute();
    expect(notices).toHaveLength(N);
    for (const f of fans)
      expect((await pay(server, f, 'GET', '/wallet/balance')).body.balanceCents).toBe(300);
  });

  it('replays concurrent duplicates of one key as one tip and one unlock', async () => {
    const fan = await actor(server);
    await fund(server, fan, 100);
    const duplicates = Math.min(N, 20);
    const tips = await Promise.all(
      Array.from({ length: duplicates }, () =>
        pay(
          server,
          fan,
          'POST',
          '/tips',
          { recipientUserId: creator.user.id, amount: 3, tipType: 'profile' },
          'dup-tip',
        ),
      ),
    );
    expect(tips.map((r) => r.status)).toEqual(tips.map(() => 201));
    expect(new Set(tips.map((r) => r.text)).size).toBe(1);
    const post = await paidPost(server, creator, 500);
    const unlocks = await Promise.all(
      Array.from({ length: duplicates }, () =>
        pay(server, fan, 'POST', `/posts/${post.id}/unlock`, undefined, 'dup-unlock'),
      ),
    );
    expect(unlocks.map((r) => r.status)).toEqual(unlocks.map(() => 200));
    expect(new Set(unlocks.map((r) => r.text)).size).toBe(1);
    expect(await unlockChargesFor(server, 'postId', post.id)).toHaveLength(1);
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(
      10_000 - 300 - 500,
    );
    // a different body under a used key is the existing 422, and charges nothing
    const reused = await pay(
      server,
      fan,
      'POST',
      '/tips',
      { recipientUserId: creator.user.id, amount: 4, tipType: 'profile' },
      'dup-tip',
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(
      10_000 - 300 - 500,
    );
  });
});
