import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, pay, unlockChargesFor } from '../payments/payments.test-kit.ts';
import { actor, vaultImage } from '../posts/posts.test-kit.ts';
import { openChat, send } from './chats.test-kit.ts';

/**
 * Races on PostgreSQL (real parallel connections); PGlite serialises transactions, so there
 * the same scenario runs smaller and checks the outcome only.
 */
const onPg = inject('testDb').kind === 'pg';
const N = onPg ? 50 : 12;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

it(`charges a locked message once however many unlocks race (${N} at once)`, async () => {
  const creator = await actor(server, 'creator');
  const fan = await actor(server);
  const chat = await openChat(server, creator, fan);
  const item = await vaultImage(server, creator);
  const message = await send(server, creator, chat.id, {
    lockedContent: { price: 9, selectedMediaItems: [item.id] },
  });
  await fund(server, fan, 100);
  const results = await Promise.all(
    Array.from({ length: N }, (_, i) =>
      // half with their own Idempotency-Key, half without: both paths race
      pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`, {}, i % 2 ? null : `k-${i}`),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
  const charges = await unlockChargesFor(server, 'messageId', message.id);
  expect(charges).toHaveLength(1);
  const purchases = await server.ctx.db
    .selectFrom('message_purchases')
    .select('id')
    .where('message_id', '=', message.id)
    .execute();
  expect(purchases).toHaveLength(1);
  expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(10_000 - 900);
});

it(`accepts a paid offer once however many answers race (${N} at once)`, async () => {
  const creator = await actor(server, 'creator');
  const fan = await actor(server);
  const chat = await openChat(server, creator, fan);
  const offer = await send(server, creator, chat.id, { offerDetails: { title: 'x', price: 4 } });
  await fund(server, fan, 50);
  const results = await Promise.all(
    Array.from({ length: N }, () =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/chats/messages/${offer.id}/offer`,
        headers: fan.headers,
        payload: { status: 'accepted' },
      }),
    ),
  );
  const statuses = results.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
  expect((await pay(server, fan, 'GET', '/wallet/balance')).body.balanceCents).toBe(5000 - 400);
});
