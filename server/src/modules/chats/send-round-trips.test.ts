import type { Message } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { actor, block, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
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
  const messageNotices = async (who: Actor) => {
    const notes = await call(server, who, 'GET', '/notifications');
    return (notes.body.notifications as Array<{ type: string; isRead: boolean }>).filter(
      (n) => n.type === 'message',
    );
  };

  it('a text message while its unread notice waits: one statement (was 20), every effect in place', async () => {
    const unreadBefore = await unreadOf(creator);
    const { count, value, statements } = await statementsOf(() =>
      call(server, fan, 'POST', `/chats/${chatId}/messages`, { text: 'counted' }),
    );
    expect(value.status, value.text).toBe(201);
    expect(count, statements.join('\n')).toBe(1);
    const sent = (value.body as { message: Message }).message;
    // the chat's last message, the receiver's unread counter and the sender's read mark moved
    const seenByCreator = await chatOf(server, creator, chatId);
    expect(seenByCreator.unreadCount).toBe(unreadBefore + 1);
    expect(seenByCreator.lastMessage?.id).toBe(sent.id);
    expect(await unreadOf(fan)).toBe(0);
    // one unread notice per chat: the warm-up wrote it, this send coalesced into it
    expect(await messageNotices(creator)).toHaveLength(1);
  });

  it('a text with @mentions: still one statement, the mentions resolved in it', async () => {
    const [friend, blocked] = await Promise.all([actor(server), actor(server)]);
    await block(server, fan, blocked);
    const { count, value, statements } = await statementsOf(() =>
      call(server, fan, 'POST', `/chats/${chatId}/messages`, {
        text: `ask @${friend.user.username} not @${blocked.user.username}`,
      }),
    );
    expect(value.status, value.text).toBe(201);
    expect(count, statements.join('\n')).toBe(1);
    expect((value.body as { message: Message }).message.mentions).toEqual([friend.user.id]);
  });

  it('the first message after the notice was read: a new notice, under the chat lock (5 statements)', async () => {
    expect((await call(server, creator, 'PUT', '/notifications/mark-all-read')).status).toBe(200);
    const { count, value, statements } = await statementsOf(() =>
      call(server, fan, 'POST', `/chats/${chatId}/messages`, { text: 'noticed again' }),
    );
    expect(value.status, value.text).toBe(201);
    // the send, then begin, the chat's lock, the notice, commit
    expect(count, statements.join('\n')).toBe(5);
    const notices = await messageNotices(creator);
    expect(notices.filter((n) => !n.isRead)).toHaveLength(1);
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

  it('concurrent first messages after a read still coalesce into one unread notice each', async () => {
    for (const who of [fan, creator])
      expect((await call(server, who, 'PUT', '/notifications/mark-all-read')).status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server, i % 2 === 0 ? fan : creator, 'POST', `/chats/${chatId}/messages`, {
          text: `race ${i}`,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    for (const who of [fan, creator])
      expect((await messageNotices(who)).filter((n) => !n.isRead)).toHaveLength(1);
  });
});
