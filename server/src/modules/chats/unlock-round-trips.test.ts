import type { Message } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { balanceCents, fund, pay, unlockChargesFor } from '../payments/payments.test-kit.ts';
import { actor, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { messagesOf, openChat, send } from './chats.test-kit.ts';

/**
 * Statements of a locked chat message's unlock (docs/PERFORMANCE.md "Money requests in 7
 * statements"), counted at the driver on both databases, begin and commit included, with the
 * Idempotency-Key the web app sends (chats-api.ts `unlockMessage`). Was 21 in steady state.
 */

let database: DatabaseHandle;
let server: TestServer;
let fan: Actor;
let creator: Actor;
let chatId: string;
let statementsOf: SpiedDatabase['statementsOf'];

beforeAll(async () => {
  ({ database, statementsOf } = await openSpiedTestDatabase());
  server = await createTestServer({ database });
  [fan, creator] = await Promise.all([actor(server), actor(server, 'creator')]);
  chatId = (await openChat(server, fan, creator)).id;
  await fund(server, fan, 100);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

const balanceOf = (who: Actor) => balanceCents(server, who);

async function lockedMessage(price: number, extra: Record<string, unknown> = {}) {
  const [item, teaser] = await Promise.all([
    vaultImage(server, creator),
    vaultImage(server, creator),
  ]);
  return send(server, creator, chatId, {
    text: 'for you',
    lockedContent: {
      price,
      teaserMediaId: teaser.id,
      teaserText: 'a peek',
      selectedMediaItems: [item.id],
    },
    ...extra,
  });
}

describe('round trips of a chat unlock', () => {
  it('8 statements (was 21), the money moved once and every effect in place', async () => {
    // the first charge creates the creator's pending account; count a steady-state one
    const first = await lockedMessage(3);
    expect((await pay(server, fan, 'POST', `/chats/messages/${first.id}/unlock`)).status).toBe(200);
    const message = await lockedMessage(7);
    const before = await balanceOf(fan);
    const notices = async () =>
      (
        await server.ctx.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', creator.user.id)
          .where('type', '=', 'purchase')
          .execute()
      ).length;
    const noticesBefore = await notices();
    const { count, value, statements } = await statementsOf(() =>
      pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`),
    );
    expect(value.status, value.text).toBe(200);
    // (1) begin, (2) the idempotency claim, (3) the chat's lock found by the message, (4) the
    // checks – the message under the lock, the block either way, the purchase row, the
    // sender's referral terms, the other participants and what the response presents –
    // (5) the accounts' lock with the fee setting, (6) the ledger write with the release job,
    // the sender's notice, the purchase's link and the message's updated_at, (7) the system
    // accounts' move with the stored response, (8) commit
    expect(count, statements.join('\n')).toBeLessThanOrEqual(8);
    expect(await balanceOf(fan)).toBe(before - 700);
    expect(await unlockChargesFor(server, 'messageId', message.id)).toHaveLength(1);
    const bought = await server.ctx.db
      .selectFrom('message_purchases')
      .select('ledger_transaction_id')
      .where('message_id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(bought.ledger_transaction_id).toBe(value.body.transactionId);
    expect(await notices()).toBe(noticesBefore + 1);
    const row = await server.ctx.db
      .selectFrom('messages')
      .select('updated_at')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at.toISOString()).toBe((value.body.message as Message).updatedAt);
    expect(row.updated_at.getTime()).toBeGreaterThan(new Date(message.updatedAt).getTime());
  });

  it('answers with the message as reading it back presents it (likes, reads, quote, media)', async () => {
    const quoted = await send(server, fan, chatId, { text: 'quote me' });
    const message = await lockedMessage(4, { quotedMessage: quoted.id });
    expect((await call(server, fan, 'POST', `/chats/messages/${message.id}/like`)).status).toBe(
      200,
    );
    expect((await call(server, fan, 'POST', `/chats/messages/${message.id}/read`)).status).toBe(
      200,
    );
    const unlocked = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(unlocked.status, unlocked.text).toBe(200);
    const answered = unlocked.body.message as Message;
    expect(answered).toMatchObject({ isUnlocked: true, isPaid: true, likedBy: [fan.user.id] });
    expect(answered.quotedMessage?.id).toBe(quoted.id);
    expect(answered.mediaItems[0]?.mediaUrl).toContain('/content');
    expect(answered.lockedContent?.isPaidBy).toEqual([fan.user.id]);
    expect(answered.unlockedAt).toBe(unlocked.body.unlockedAt);
    const { messages } = await messagesOf(server, fan, chatId);
    expect(answered).toEqual(messages.find((m) => m.id === message.id));
  });
});
