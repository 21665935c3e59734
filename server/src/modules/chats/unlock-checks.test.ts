import type { Message } from '@fanspace/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { balanceCents, fund, pay, rowCount } from '../payments/payments.test-kit.ts';
import type { Database } from '../../platform/db/schema.ts';
import { actor, block, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { openChat, send } from './chats.test-kit.ts';

/**
 * The checks statement of a chat message's unlock (message-unlock.queries.ts `unlockChecks`)
 * reads the message under the chat's lock, the block either way and inserts the purchase in
 * one round trip; each refusal must still be its own status, code and message, in the order
 * they always came (not found, deleted, own, not locked, blocked, already bought), and change
 * nothing: no ledger row, purchase, notification, job or stored idempotency key, the same
 * balances and the message untouched.
 */

let server: TestServer;
let fan: Actor;
let creator: Actor;
let stranger: Actor;
let chatId: string;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, stranger] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server),
  ]);
  chatId = (await openChat(server, fan, creator)).id;
  await Promise.all([fund(server, fan, 100), fund(server, stranger, 100)]);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const count = (table: keyof Database) => rowCount(server, table);

const balanceOf = (who: Actor) => balanceCents(server, who);

/** What a refused unlock must leave as it was. */
async function state() {
  const touched = await server.ctx.db
    .selectFrom('messages')
    .select(['id', 'updated_at'])
    .where('chat_id', '=', chatId)
    .orderBy('id')
    .execute();
  return {
    transactions: await count('ledger_transactions'),
    purchases: await count('message_purchases'),
    notifications: await count('notifications'),
    jobs: await count('jobs'),
    keys: await count('idempotency_keys'),
    balances: [await balanceOf(fan), await balanceOf(creator), await balanceOf(stranger)],
    touched: touched.map((m) => `${m.id}@${m.updated_at.toISOString()}`),
  };
}

/** The unlock is refused with exactly this answer, and the database is unchanged. */
async function refused(who: Actor, messageId: string, status: number, code: string, text: string) {
  const before = await state();
  const res = await pay(server, who, 'POST', `/chats/messages/${messageId}/unlock`);
  expect(res.status, res.text).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.message).toBe(text);
  expect(await state()).toEqual(before);
}

const NOT_FOUND = [404, 'MESSAGE_NOT_FOUND', 'Message not found'] as const;
const DELETED = [400, 'MESSAGE_DELETED', 'This message was deleted'] as const;
const OWN = [400, 'CANNOT_TARGET_SELF', 'You cannot unlock your own message'] as const;
const NOT_LOCKED = [400, 'NOT_FOR_SALE', 'This message is not locked'] as const;
const BLOCKED = [403, 'USER_BLOCKED', 'You cannot message this user'] as const;
const BOUGHT = [409, 'ALREADY_UNLOCKED', 'You have already unlocked this message'] as const;

async function locked(price = 5): Promise<Message> {
  const item = await vaultImage(server, creator);
  return send(server, creator, chatId, { lockedContent: { price, selectedMediaItems: [item.id] } });
}

async function deleteMessage(id: string) {
  const res = await call(server, creator, 'DELETE', `/chats/${chatId}/messages/${id}`);
  expect(res.status, res.text).toBeLessThan(300);
}

async function unblockAll() {
  await server.ctx.db.deleteFrom('blocks').execute();
}

describe('chat unlock checks', () => {
  it('a message that does not exist for the buyer is a 404, whatever else is true', async () => {
    const message = await locked();
    await refused(fan, 'not-a-uuid', ...NOT_FOUND);
    await refused(fan, randomUUID(), ...NOT_FOUND);
    // outside the chat, even a locked message for sale is not there
    await refused(stranger, message.id, ...NOT_FOUND);
  });

  it('a deleted message is refused before it is found to be one’s own', async () => {
    const message = await locked();
    await deleteMessage(message.id);
    await refused(fan, message.id, ...DELETED);
    await refused(creator, message.id, ...DELETED);
  });

  it('one’s own message before whether it is locked, then not locked before a block', async () => {
    const message = await locked();
    const plain = await send(server, creator, chatId, { text: 'free' });
    const own = await send(server, fan, chatId, { text: 'mine' });
    await refused(creator, message.id, ...OWN);
    await refused(fan, own.id, ...OWN);
    await refused(fan, plain.id, ...NOT_LOCKED);
    await block(server, creator, fan);
    try {
      await refused(fan, plain.id, ...NOT_LOCKED);
    } finally {
      await unblockAll();
    }
  });

  it('a block either way refuses the sale, before an earlier purchase is found', async () => {
    const message = await locked();
    for (const [blocker, blocked] of [
      [creator, fan],
      [fan, creator],
    ] as const) {
      await block(server, blocker, blocked);
      try {
        await refused(fan, message.id, ...BLOCKED);
      } finally {
        await unblockAll();
      }
    }
    expect((await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`)).status).toBe(
      200,
    );
    await refused(fan, message.id, ...BOUGHT);
    await block(server, fan, creator);
    try {
      await refused(fan, message.id, ...BLOCKED);
    } finally {
      await unblockAll();
    }
  });

  it('a wallet short of the price rolls the purchase back, and a later unlock succeeds', async () => {
    const message = await locked(150);
    await refused(fan, message.id, 402, 'INSUFFICIENT_FUNDS', 'Insufficient funds');
    await fund(server, fan, 100);
    const before = await balanceOf(fan);
    const res = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(res.status, res.text).toBe(200);
    expect(await balanceOf(fan)).toBe(before - 15_000);
  });
});
