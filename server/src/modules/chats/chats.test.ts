import type { Chat } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, call, type Actor } from '../posts/posts.test-kit.ts';
import { chatOf, messagesOf, openChat, send } from './chats.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function chatList(who: Awaited<ReturnType<typeof actor>>, query = '') {
  const res = await call(server, who, 'GET', `/chats${query}`);
  expect(res.status).toBe(200);
  return (res.body as { chats: Chat[] }).chats;
}

describe('opening chats', () => {
  it('creates a 1:1 chat once and returns it to both sides', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const first = await call(server, a, 'POST', '/chats', { recipientId: b.user.id });
    expect(first.status).toBe(201);
    const chat = first.body.chat as Chat;
    expect(chat.participantIds.sort()).toEqual([a.user.id, b.user.id].sort());
    expect(chat).toMatchObject({ unreadCount: 0, lastMessage: null, folder: 'inbox' });
    const again = await call(server, b, 'POST', '/chats', { recipientId: a.user.id });
    expect(again.status).toBe(200);
    expect(again.body.chat.id).toBe(chat.id);
  });

  it('shows a hidden follower count to its owner only, as participant and as sender', async () => {
    const a = await actor(server, 'fan', {
      followers_count: 4,
      privacy: JSON.stringify({ showFollowerCount: false }),
    });
    const b = await actor(server);
    const chat = await openChat(server, a, b);
    await send(server, a, chat.id, { text: 'hi' });
    const seenBy = async (who: Actor) => {
      const { participants } = await chatOf(server, who, chat.id);
      const { messages } = await messagesOf(server, who, chat.id);
      return [
        participants.find((p) => p.userId === a.user.id)?.user?.followersCount,
        messages[0]?.sender?.followersCount,
      ];
    };
    expect(await seenBy(a)).toEqual([4, 4]);
    expect(await seenBy(b)).toEqual([null, null]);
  });

  it('concurrent opens of one pair meet on the same chat', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const results = await Promise.all([
      call(server, a, 'POST', '/chats', { recipientId: b.user.id }),
      call(server, b, 'POST', '/chats', { recipientId: a.user.id }),
    ]);
    expect(new Set(results.map((r) => r.body.chat.id)).size).toBe(1);
  });

  it('refuses oneself (400), blocked users either way (403) and unknown users (404)', async () => {
    const a = await actor(server);
    const b = await actor(server);
    expect((await call(server, a, 'POST', '/chats', { recipientId: a.user.id })).status).toBe(400);
    expect((await call(server, a, 'POST', '/chats', { recipientId: 'nobody' })).status).toBe(404);
    await block(server, b, a);
    const res = await call(server, a, 'POST', '/chats', { recipientId: b.user.id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('USER_BLOCKED');
    expect((await call(server, b, 'POST', '/chats', { recipientId: a.user.id })).status).toBe(403);
  });
});

describe("privacy: 'Let anyone message me' off", () => {
  it('lets only people the recipient follows and their subscribers start a chat', async () => {
    const closed = await actor(server, 'creator');
    const [stranger, followed, subscriber] = [
      await actor(server),
      await actor(server),
      await actor(server),
    ];
    expect(
      (
        await call(server, closed, 'PUT', '/users/me', {
          privacy: { allowMessagesFromAnyone: false },
        })
      ).status,
    ).toBe(200);
    const open = (who: typeof stranger) =>
      call(server, who, 'POST', '/chats', { recipientId: closed.user.id });
    const refused = await open(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'This account only takes new messages from people it follows and its subscribers',
    );
    expect(await chatList(stranger)).toEqual([]);
    await call(server, closed, 'POST', `/users/${followed.user.id}/follow`);
    expect((await open(followed)).status).toBe(201);
    await server.ctx.db
      .insertInto('subscriptions')
      .values({
        subscriber_id: subscriber.user.id,
        creator_id: closed.user.id,
        current_period_end: new Date(Date.now() + 86_400_000),
      })
      .execute();
    expect((await open(subscriber)).status).toBe(201);
    // the closed account may still write to anyone, and an open chat stays open
    expect(
      (await call(server, closed, 'POST', '/chats', { recipientId: stranger.user.id })).status,
    ).toBe(201);
    expect((await open(stranger)).status).toBe(200);
  });
});

describe('the chat list', () => {
  it('shows unread counts, last message, and hides a chat for the caller only', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const chat = await openChat(server, a, b);
    await send(server, a, chat.id, { text: 'one' });
    await send(server, a, chat.id, { text: 'two' });
    const [forB] = await chatList(b);
    expect(forB).toMatchObject({ id: chat.id, unreadCount: 2 });
    expect(forB!.lastMessage?.text).toBe('two');
    expect(forB!.participants.find((p) => p.userId === b.user.id)?.unreadCount).toBe(2);
    expect(forB!.participants.find((p) => p.userId === a.user.id)?.unreadCount).toBe(0);

    expect((await call(server, b, 'DELETE', `/chats/${chat.id}`)).status).toBe(200);
    expect(await chatList(b)).toEqual([]);
    expect((await chatList(a)).map((c) => c.id)).toEqual([chat.id]);
    // a new message brings it back
    await send(server, a, chat.id, { text: 'three' });
    expect((await chatList(b)).map((c) => c.id)).toEqual([chat.id]);
  });

  it('says whether the viewer can reply: not while either side blocks, nor to a banned account', async () => {
    const a = await actor(server);
    const b = await actor(server);
    const chat = await openChat(server, a, b);
    const canReply = async (who: typeof a) =>
      (await chatList(who)).find((c) => c.id === chat.id)?.canReply;
    expect([await canReply(a), await canReply(b)]).toEqual([true, true]);
    await block(server, b, a);
    expect([await canReply(a), await canReply(b)]).toEqual([false, false]);
    expect((await chatOf(server, a, chat.id)).canReply).toBe(false);
    // what the flag predicts is what a send meets
    expect(
      (await call(server, a, 'POST', `/chats/${chat.id}/messages`, { text: 'hi' })).status,
    ).toBe(403);
    expect((await call(server, b, 'DELETE', `/users/${a.user.id}/block`)).status).toBe(200);
    expect([await canReply(a), await canReply(b)]).toEqual([true, true]);
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', b.user.id)
      .execute();
    expect(await canReply(a)).toBe(false);
  });

  it("a restricted user's chat lands in the restricter's requests folder", async () => {
    const restricter = await actor(server);
    const pushy = await actor(server);
    await call(server, restricter, 'POST', `/users/${pushy.user.id}/restrict`);
    const chat = await openChat(server, pushy, restricter);
    await send(server, pushy, chat.id, { text: 'hello?' });
    expect(await chatList(restricter, '?folder=inbox')).toEqual([]);
    const requests = await chatList(restricter, '?folder=requests');
    expect(requests.map((c) => [c.id, c.folder])).toEqual([[chat.id, 'requests']]);
    // the sender sees it in their inbox; no message notification pings the restricter
    expect((await chatList(pushy, '?folder=inbox')).map((c) => c.id)).toEqual([chat.id]);
    const notes = await call(server, restricter, 'GET', '/notifications');
    expect(notes.body.notifications).toEqual([]);
    // replying moves it to the restricter's inbox
    await send(server, restricter, chat.id, { text: 'ok' });
    expect((await chatList(restricter, '?folder=inbox')).map((c) => c.id)).toEqual([chat.id]);
  });

  it("another user's chat ids are 404 on every chat route", async () => {
    const a = await actor(server);
    const b = await actor(server);
    const stranger = await actor(server);
    const chat = await openChat(server, a, b);
    const tries = [
      call(server, stranger, 'GET', `/chats/${chat.id}`),
      call(server, stranger, 'DELETE', `/chats/${chat.id}`),
      call(server, stranger, 'GET', `/chats/${chat.id}/messages`),
      call(server, stranger, 'POST', `/chats/${chat.id}/messages`, { text: 'x' }),
      call(server, stranger, 'POST', `/chats/${chat.id}/read-all`),
      call(server, stranger, 'GET', '/chats/not-a-uuid'),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    expect((await chatOf(server, a, chat.id)).id).toBe(chat.id);
  });
});
