import type { Message } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { actor, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { chatOf, messagesOf, openChat, send } from './chats.test-kit.ts';

/**
 * Statements per chat send (docs/PERFORMANCE.md "Chat send"): each is a round trip on a held
 * connection, so a change that adds one to every message shows up here. Counted at the driver
 * on both databases, begin and commit included (test/statement-spy.ts).
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
  // the first send reads the flagged terms into the process cache; count steady-state sends
  await send(server, fan, chatId, { text: 'warm up' });
});
afterAll(async () => {
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

const unreadOf = async (who: Actor) => (await chatOf(server, who, chatId)).unreadCount;

describe('round trips of a chat send', () => {
  it('a text message: at most 6 statements (was 20), with every effect in place', async () => {
    const unreadBefore = await unreadOf(creator);
    const { count, value, statements } = await statementsOf(() =>
      call(server, fan, 'POST', `/chats/${chatId}/messages`, { text: 'counted' }),
    );
    expect(value.status, value.text).toBe(201);
    expect(count, statements.join('\n')).toBeLessThanOrEqual(6);
    const sent = (value.body as { message: Message }).message;
    // the chat's last message, the receiver's unread counter and the sender's read mark moved
    const seenByCreator = await chatOf(server, creator, chatId);
    expect(seenByCreator.unreadCount).toBe(unreadBefore + 1);
    expect(seenByCreator.lastMessage?.id).toBe(sent.id);
    expect(await unreadOf(fan)).toBe(0);
    // one unread notice per chat: the warm-up wrote it, this send coalesced into it
    const notes = await call(server, creator, 'GET', '/notifications');
    expect(
      (notes.body.notifications as Array<{ type: string }>).filter((n) => n.type === 'message'),
    ).toHaveLength(1);
  });

  it('the response is what reading the message back presents (quote and media included)', async () => {
    const quoted = await send(server, creator, chatId, { text: 'quote me' });
    const image = await vaultImage(server, fan);
    const sent = await send(server, fan, chatId, {
      text: 'with media',
      quotedMessage: quoted.id,
      selectedMediaItems: [image.id, image.id],
    });
    const { messages } = await messagesOf(server, fan, chatId);
    expect(sent).toEqual(messages.find((m) => m.id === sent.id));
    expect(sent.mediaItems.map((m) => m.id)).toEqual([image.id]);
    expect(sent.quotedMessage?.id).toBe(quoted.id);
  });

  it('concurrent sends from both sides: no deadlock, exact counters, one of them is last', async () => {
    await call(server, fan, 'POST', `/chats/${chatId}/read-all`);
    await call(server, creator, 'POST', `/chats/${chatId}/read-all`);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(server, i % 2 === 0 ? fan : creator, 'POST', `/chats/${chatId}/messages`, {
          text: `burst ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(await unreadOf(fan)).toBe(6);
    expect(await unreadOf(creator)).toBe(6);
    const ids = results.map((r) => (r.body as { message: Message }).message.id);
    expect(ids).toContain((await chatOf(server, fan, chatId)).lastMessage?.id);
  });
});
