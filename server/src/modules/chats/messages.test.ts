import type { Message } from '@fanspace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { listen, TestSocket } from '../realtime/ws-test-client.ts';
import { chatOf, messagesOf, openChat, send } from './chats.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function pair() {
  const a = await actor(server);
  const b = await actor(server);
  const chat = await openChat(server, a, b);
  return { a, b, chat };
}

describe('sending', () => {
  it('sends text with a quote and vault media, presented to both sides', async () => {
    const { a, b, chat } = await pair();
    const first = await send(server, b, chat.id, { text: 'hi' });
    const image = await vaultImage(server, a);
    const sent = await send(server, a, chat.id, {
      text: '  hello  ',
      receiverId: b.user.id,
      quotedMessage: first.id,
      selectedMediaItems: [image.id],
    });
    expect(sent).toMatchObject({
      chatId: chat.id,
      senderId: a.user.id,
      status: 'sent',
      isDeleted: false,
      text: 'hello',
      read: false,
      likedBy: [],
      quotedMessage: { id: first.id, text: 'hi' },
    });
    expect(sent.mediaItems.map((m) => m.id)).toEqual([image.id]);
    const { messages } = await messagesOf(server, b, chat.id);
    expect(messages.map((m) => m.text)).toEqual(['hi', 'hello']);
    expect(messages[1]!.mediaItems[0]!.mediaUrl).toContain(`/api/media/${image.id}/content`);
  });

  it('refuses empty messages, foreign media, a wrong receiver and misplaced paid parts', async () => {
    const { a, b, chat } = await pair();
    const theirs = await vaultImage(server, b);
    const cases: Array<[Record<string, unknown>, number, string?]> = [
      [{ text: '   ' }, 400],
      [{ text: 'x', selectedMediaItems: [theirs.id] }, 404, 'MEDIA_NOT_FOUND'],
      [{ text: 'x', imageUrl: 'https://evil.example/x.jpg' }, 400, 'EXTERNAL_MEDIA_URL'],
      [{ text: 'x', receiverId: a.user.id }, 400],
      [{ text: 'x', quotedMessage: 'nope' }, 400],
      // b is a fan: no tips or content requests to them; a is a fan: no locked content
      [{ text: 'x', tipAmount: 5 }, 400, 'RECIPIENT_NOT_CREATOR'],
      [{ text: 'x', lockedContent: { price: 5 } }, 403, 'ONLY_CREATORS'],
      [{ text: 'x', offerDetails: {} }, 400, 'VALIDATION_FAILED'],
      [
        { text: 'x', contentRequestDetails: { description: 'a video' } },
        400,
        'RECIPIENT_NOT_CREATOR',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(server, a, 'POST', `/chats/${chat.id}/messages`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (code) expect(res.body.code).toBe(code);
    }
    const paid = await call(server, a, 'POST', `/chats/${chat.id}/messages`, {
      lockedContent: { price: 5 },
    });
    expect(paid.body.message).toBe('Only creators can send locked content');
    expect((await messagesOf(server, a, chat.id)).messages).toEqual([]);
  });

  it('blocked users cannot message each other', async () => {
    const { a, b, chat } = await pair();
    await block(server, b, a);
    for (const [from] of [[a], [b]] as const) {
      const res = await call(server, from, 'POST', `/chats/${chat.id}/messages`, { text: 'x' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('USER_BLOCKED');
    }
  });

  it('a banned or deleted account receives nothing new', async () => {
    const { a, b, chat } = await pair();
    await send(server, b, chat.id, { text: 'before' });
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', b.user.id)
      .execute();
    const res = await call(server, a, 'POST', `/chats/${chat.id}/messages`, { text: 'x' });
    expect(res.status).toBe(403);
    expect((await messagesOf(server, a, chat.id)).messages.map((m) => m.text)).toEqual(['before']);
  });

  it('accepts multipart with a file', async () => {
    const { a, chat } = await pair();
    const { multipartBody } = await import('../../../test/images.ts');
    const { jpeg } = await import('../posts/posts.test-kit.ts');
    const form = await multipartBody({ image: await jpeg() }, { text: 'look' });
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...a.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = (res.json() as { message: Message }).message;
    expect(message.text).toBe('look');
    expect(message.imageUrl).toContain('/api/media/');
  });
});

describe('mentions, media item aliases and hides (SPEC §3 Message)', () => {
  const hide = (who: Actor, messageId: string) =>
    server.ctx.db
      .insertInto('message_hidden')
      .values({ message_id: messageId, user_id: who.user.id })
      .execute();

  it('@usernames resolve to visible accounts not blocked either way, on both send paths', async () => {
    const { a, b, chat } = await pair();
    const [friend, blocked, blocker, gone] = await Promise.all([
      actor(server),
      actor(server),
      actor(server),
      actor(server),
    ]);
    await block(server, a, blocked);
    await block(server, blocker, a);
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'deleted', deleted_at: new Date() })
      .where('id', '=', gone.user.id)
      .execute();
    const text =
      `hi @${friend.user.username.toUpperCase()}, @${blocked.user.username} ` +
      `@${blocker.user.username} @${gone.user.username} @nobody_by_that_name ` +
      `and @${b.user.username}. mail ${friend.user.username}@example.com`;
    // a plain text send (one statement, shared with other chats' sends) …
    const plain = await send(server, a, chat.id, { text });
    expect(plain.mentions).toEqual([friend.user.id, b.user.id]);
    // … and the transactional send (an Idempotency-Key takes it) resolve alike
    const keyed = await server.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...a.headers, 'idempotency-key': 'mentions-1' },
      payload: { text },
    });
    expect(keyed.statusCode, keyed.body).toBe(201);
    expect((keyed.json() as { message: Message }).message.mentions).toEqual([
      friend.user.id,
      b.user.id,
    ]);
    const noMention = await send(server, b, chat.id, { text: 'no one here, me@example.com' });
    expect(noMention.mentions).toEqual([]);
    // stored: both sides read the same ids back; a delete drops them
    for (const who of [a, b]) {
      const { messages } = await messagesOf(server, who, chat.id);
      expect(messages.find((m) => m.id === plain.id)?.mentions).toEqual([
        friend.user.id,
        b.user.id,
      ]);
    }
    const deleted = await call(server, a, 'DELETE', `/chats/${chat.id}/messages/${plain.id}`);
    expect(deleted.body.message.mentions).toEqual([]);
    const row = await server.ctx.db
      .selectFrom('messages')
      .select('mentions')
      .where('id', '=', plain.id)
      .executeTakeFirstOrThrow();
    expect(row.mentions).toEqual([]);
  });

  it('mediaItemId is the first media item and mediaCollection is mediaItems', async () => {
    const { a, b, chat } = await pair();
    const [first, second] = await Promise.all([vaultImage(server, a), vaultImage(server, a)]);
    const sent = await send(server, a, chat.id, {
      text: 'two',
      selectedMediaItems: [first.id, second.id],
    });
    expect(sent.mediaItems.map((m) => m.id)).toEqual([first.id, second.id]);
    expect(sent.mediaItemId).toBe(first.id);
    expect(sent.mediaCollection).toEqual(sent.mediaItems);
    // mediaItemId on send is echoed
    const one = await send(server, a, chat.id, { mediaItemId: second.id });
    expect(one.mediaItemId).toBe(second.id);
    expect(one.mediaCollection).toEqual(one.mediaItems);
    const { messages } = await messagesOf(server, b, chat.id);
    const seen = messages.find((m) => m.id === sent.id)!;
    expect(seen.mediaItemId).toBe(first.id);
    expect(seen.mediaCollection).toEqual(seen.mediaItems);
    const plain = await send(server, b, chat.id, { text: 'no media' });
    expect(plain).toMatchObject({ mediaItemId: null, mediaItems: [], mediaCollection: [] });
    const gone = await call(server, a, 'DELETE', `/chats/${chat.id}/messages/${sent.id}`);
    expect(gone.body.message).toMatchObject({ mediaItemId: null, mediaCollection: [] });
  });

  it('hiddenBy: the viewer alone, where a message the viewer hid still shows', async () => {
    const { a, b, chat } = await pair();
    const since = new Date(Date.now() - 1000).toISOString();
    const kept = await send(server, a, chat.id, { text: 'kept' });
    const hidden = await send(server, a, chat.id, { text: 'hidden' });
    expect(hidden.hiddenBy).toEqual([]);
    await hide(b, hidden.id);
    // the page leaves it out; the sync and the chat's last message still show it, as hidden
    const page = (await messagesOf(server, b, chat.id)).messages;
    expect(page.map((m) => m.id)).toEqual([kept.id]);
    expect(page[0]!.hiddenBy).toEqual([]);
    const synced = await call(server, b, 'GET', `/messages/new?since=${since}`);
    const byId = new Map((synced.body.messages as Message[]).map((m) => [m.id, m]));
    expect(byId.get(hidden.id)?.hiddenBy).toEqual([b.user.id]);
    expect(byId.get(kept.id)?.hiddenBy).toEqual([]);
    expect((await chatOf(server, b, chat.id)).lastMessage?.hiddenBy).toEqual([b.user.id]);
    // the other side never learns of it
    const forA = (await messagesOf(server, a, chat.id)).messages;
    expect(forA.find((m) => m.id === hidden.id)?.hiddenBy).toEqual([]);
    expect((await chatOf(server, a, chat.id)).lastMessage?.hiddenBy).toEqual([]);
  });
});

describe('paging', () => {
  it('60 messages: 50 + 10 with the before cursor, oldest first', async () => {
    const { a, chat } = await pair();
    for (let i = 0; i < 60; i += 1) await send(server, a, chat.id, { text: `m${i}` });
    const first = await messagesOf(server, a, chat.id);
    expect(first.messages).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]!.text).toBe('m10');
    expect(first.messages[49]!.text).toBe('m59');
    expect(first.nextCursor).toBe(first.messages[0]!.id);
    expect(first.prevCursor).toBe(first.messages[49]!.id);
    expect(first.pagination).toEqual({
      hasMore: true,
      nextCursor: first.nextCursor,
      prevCursor: first.prevCursor,
    });
    const second = await messagesOf(server, a, chat.id, `?before=${first.nextCursor}`);
    expect(second.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${i}`),
    );
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.pagination).toMatchObject({ hasMore: false, nextCursor: null });
    expect((await call(server, a, 'GET', `/chats/${chat.id}/messages?limit=101`)).status).toBe(400);
    expect((await call(server, a, 'GET', `/chats/${chat.id}/messages?before=x`)).status).toBe(400);
  });

  it('pages through messages of one millisecond, and through chats whose activity shares one', async () => {
    const { a, chat } = await pair();
    for (let i = 0; i < 6; i += 1) await send(server, a, chat.id, { text: `m${i}` });
    // m0 … m5 inside one millisecond, m2 and m3 at the very same time (a group commit's batch)
    await sql`update messages set created_at = '2026-11-20T10:00:00.100Z'::timestamptz
        + (case substr(text, 2)::int when 3 then 2 else substr(text, 2)::int end * 150)
          * interval '1 microsecond'
      where chat_id = ${chat.id}::uuid`.execute(server.ctx.db);
    const seen: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 6; page += 1) {
      const { messages, nextCursor } = await messagesOf(server, a, chat.id, query);
      seen.unshift(...messages.map((m) => m.text));
      if (!nextCursor) break;
      query = `?limit=2&before=${nextCursor}`;
    }
    expect([...seen].sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
    expect(seen.slice(0, 2)).toEqual(['m0', 'm1']);
    expect(seen.slice(4)).toEqual(['m4', 'm5']);

    // the chat list: four chats whose last activity falls in one millisecond
    const owner = await actor(server);
    const chats = [];
    for (let i = 0; i < 4; i += 1) chats.push(await openChat(server, owner, await actor(server)));
    for (const [i, c] of chats.entries())
      await sql`update chats set last_activity_at = '2026-11-20T11:00:00.100Z'::timestamptz
          + ${i * 200} * interval '1 microsecond' where id = ${c.id}::uuid`.execute(server.ctx.db);
    const listed: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 4; page += 1) {
      const res = await call(
        server,
        owner,
        'GET',
        `/chats?limit=1${cursor ? `&before=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      const body = res.body as { chats: Array<{ id: string }>; nextCursor: string | null };
      listed.push(...body.chats.map((c) => c.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(listed).toEqual(chats.map((c) => c.id).reverse());
    const feb30 = Buffer.from(`2026-02-30T10:00:00.000Z|${chat.id}`).toString('base64url');
    expect((await call(server, owner, 'GET', `/chats?before=${feb30}`)).status).toBe(400);
  });
});

describe('deleting', () => {
  it("rejects missing ids with 400 'Invalid parameters'", async () => {
    const { a, chat } = await pair();
    const m = await send(server, a, chat.id, { text: 'x' });
    for (const url of [
      `/chats/${chat.id}/messages/undefined`,
      `/chats/undefined/messages/${m.id}`,
      `/chats/null/messages/undefined`,
    ]) {
      const res = await call(server, a, 'DELETE', url);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid parameters');
    }
  });

  it('is soft, sender-only, emits message_deleted and is never revived', async () => {
    const { a, b, chat } = await pair();
    const base = await listen(server.app);
    const { socket } = await TestSocket.open(`${base}/realtime?token=${b.token}`);
    try {
      const keep = await send(server, a, chat.id, { text: 'keep' });
      const gone = await send(server, a, chat.id, { text: 'secret', quotedMessage: keep.id });
      expect(
        (await call(server, b, 'DELETE', `/chats/${chat.id}/messages/${gone.id}`)).status,
      ).toBe(403);
      const res = await call(server, a, 'DELETE', `/chats/${chat.id}/messages/${gone.id}`);
      expect(res.status).toBe(200);
      expect(res.body.message).toMatchObject({
        id: gone.id,
        isDeleted: true,
        status: 'deleted',
        text: '',
        quotedMessage: null,
      });
      const event = await socket.next('message_deleted');
      expect(event.data).toEqual({ chatId: chat.id, messageId: gone.id });

      // later actions do not bring it back
      expect((await call(server, b, 'POST', `/chats/messages/${gone.id}/like`)).status).toBe(400);
      expect((await call(server, b, 'POST', `/chats/messages/${gone.id}/read`)).status).toBe(200);
      expect(
        (await call(server, a, 'DELETE', `/chats/${chat.id}/messages/${gone.id}`)).status,
      ).toBe(200);
      const updates = await call(
        server,
        b,
        'GET',
        `/messages/updates?since=${new Date(0).toISOString()}`,
      );
      const views: Message[] = [
        ...(await messagesOf(server, b, chat.id)).messages,
        ...(updates.body.messages as Message[]),
      ].filter((m) => m.id === gone.id);
      expect(views.length).toBeGreaterThan(0);
      for (const view of views) expect(view).toMatchObject({ isDeleted: true, text: '' });
      expect(JSON.stringify(views)).not.toContain('secret');

      // the chat's last message falls back to the latest live one; the unread count drops
      const chatView = await chatOf(server, b, chat.id);
      expect(chatView.lastMessage?.id).toBe(keep.id);
      expect(chatView.unreadCount).toBe(1);
    } finally {
      await socket.close();
    }
  });
});

describe('likes, favorites and reads', () => {
  it('toggles likes and favorites and answers the arrays', async () => {
    const { a, b, chat } = await pair();
    const m = await send(server, a, chat.id, { text: 'x' });
    const like = await call(server, b, 'POST', `/chats/messages/${m.id}/like`);
    expect(like.body).toEqual({ messageId: m.id, liked: true, likedBy: [b.user.id] });
    await call(server, a, 'POST', `/chats/messages/${m.id}/like`);
    const unlike = await call(server, b, 'POST', `/chats/messages/${m.id}/like`);
    expect(unlike.body).toEqual({ messageId: m.id, liked: false, likedBy: [a.user.id] });
    const fav = await call(server, b, 'POST', `/chats/messages/${m.id}/favorite`);
    expect(fav.body).toEqual({ messageId: m.id, isFavorited: true, favoritedBy: [b.user.id] });
    const [view] = (await messagesOf(server, b, chat.id)).messages;
    expect(view).toMatchObject({ isFavorited: true, likedBy: [a.user.id] });
    const unfav = await call(server, b, 'POST', `/chats/messages/${m.id}/favorite`);
    expect(unfav.body.favoritedBy).toEqual([]);
  });

  it('keeps unread counts: single read, POST /messages/read and read-all', async () => {
    const { a, b, chat } = await pair();
    const sent: Message[] = [];
    for (const text of ['1', '2', '3', '4']) sent.push(await send(server, a, chat.id, { text }));
    expect((await chatOf(server, b, chat.id)).unreadCount).toBe(4);
    const read = await call(server, b, 'POST', `/chats/messages/${sent[0]!.id}/read`);
    expect(read.body).toEqual({ messageId: sent[0]!.id, read: true, readBy: [b.user.id] });
    await call(server, b, 'POST', `/chats/messages/${sent[0]!.id}/read`);
    expect((await chatOf(server, b, chat.id)).unreadCount).toBe(3);
    const many = await call(server, b, 'POST', '/messages/read', {
      messageIds: [sent[1]!.id, 'junk'],
    });
    expect(many.body).toEqual({ ok: true, messageIds: [sent[1]!.id] });
    expect((await chatOf(server, b, chat.id)).unreadCount).toBe(2);
    const all = await call(server, b, 'POST', `/chats/${chat.id}/read-all`);
    expect(all.body).toMatchObject({ ok: true, unreadCount: 0 });
    expect(all.body.messageIds.sort()).toEqual([sent[2]!.id, sent[3]!.id].sort());
    expect((await chatOf(server, b, chat.id)).unreadCount).toBe(0);
    // the sender sees them read
    const forA = (await messagesOf(server, a, chat.id)).messages;
    expect(forA.every((m) => m.read && m.readBy.includes(b.user.id))).toBe(true);
  });

  it('new and updates since a time', async () => {
    const { a, b, chat } = await pair();
    const old = await send(server, a, chat.id, { text: 'old' });
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await send(server, a, chat.id, { text: 'new' });
    await call(server, b, 'POST', `/chats/messages/${old.id}/like`);
    const created = await call(server, b, 'GET', `/messages/new?since=${since}`);
    expect(created.body.messages.map((m: Message) => m.id)).toEqual([fresh.id]);
    const changed = await call(server, b, 'GET', `/messages/updates?since=${since}`);
    expect(changed.body.messages.map((m: Message) => m.id).sort()).toEqual(
      [old.id, fresh.id].sort(),
    );
    // epoch milliseconds are the same time
    const byEpoch = await call(
      server,
      b,
      'GET',
      `/messages/updates?since=${new Date(since).getTime()}`,
    );
    expect(byEpoch.status).toBe(200);
    expect(byEpoch.body.messages.map((m: Message) => m.id).sort()).toEqual(
      [old.id, fresh.id].sort(),
    );
    expect((await call(server, b, 'GET', '/messages/new?since=yesterday')).status).toBe(400);
    const garbage = await call(server, b, 'GET', '/messages/updates?since=12abc');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'since' });
    expect(garbage.body.message).toMatch(/date-time.*epoch milliseconds/);
  });
});

describe('concurrency', () => {
  it('sends, reads, likes and a delete racing in one chat never fail or skew the counts', async () => {
    const { a, b, chat } = await pair();
    const target = await send(server, a, chat.id, { text: 'target' });
    const results = await Promise.all([
      call(server, a, 'DELETE', `/chats/${chat.id}/messages/${target.id}`),
      call(server, b, 'POST', `/chats/${chat.id}/read-all`),
      call(server, b, 'POST', `/chats/messages/${target.id}/read`),
      ...Array.from({ length: 4 }, (_, i) =>
        call(server, a, 'POST', `/chats/${chat.id}/messages`, { text: `r${i}` }),
      ),
      ...Array.from({ length: 4 }, () =>
        call(server, b, 'POST', `/chats/messages/${target.id}/favorite`),
      ),
    ]);
    for (const res of results) expect(res.status, res.text).toBeLessThan(500);
    // whatever the order, the count equals the live messages of a that b has not read
    const unread = await server.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_id', '=', chat.id)
      .where('sender_id', '=', a.user.id)
      .where('deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('message_reads as r')
              .select('r.user_id')
              .whereRef('r.message_id', '=', 'messages.id')
              .where('r.user_id', '=', b.user.id),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect((await chatOf(server, b, chat.id)).unreadCount).toBe(Number(unread.n));
  });
});

describe('reports, notifications and strangers', () => {
  it('reports a message once as pending', async () => {
    const { a, b, chat } = await pair();
    const m = await send(server, a, chat.id, { text: 'rude' });
    const first = await call(server, b, 'POST', `/chats/messages/${m.id}/report`, {
      reason: 'spam',
    });
    expect(first.status).toBe(201);
    const again = await call(server, b, 'POST', `/chats/messages/${m.id}/report`, {
      reason: 'spam',
    });
    expect(again.body.reportId).toBe(first.body.reportId);
    const row = await server.ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', first.body.reportId as string)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'message',
      status: 'pending',
      reason: 'spam',
      chat_id: chat.id,
    });
    expect(
      (await call(server, a, 'POST', `/chats/messages/${m.id}/report`, { reason: 'x' })).status,
    ).toBe(400);
  });

  it('notifies the recipient once per unread chat', async () => {
    const { a, b, chat } = await pair();
    await send(server, a, chat.id, { text: 'one' });
    await send(server, a, chat.id, { text: 'two' });
    const list = await call(server, b, 'GET', '/notifications');
    expect(list.body.notifications).toHaveLength(1);
    expect(list.body.notifications[0]).toMatchObject({
      type: 'message',
      actorId: a.user.id,
      relatedId: chat.id,
      relatedType: 'chat',
    });
    await call(server, b, 'PUT', '/notifications/mark-all-read');
    await send(server, a, chat.id, { text: 'three' });
    expect((await call(server, b, 'GET', '/notifications/unread-count')).body.count).toBe(1);
  });

  it("another user's message ids are 404 on every message route", async () => {
    const { a, chat } = await pair();
    const stranger: Actor = await actor(server);
    const m = await send(server, a, chat.id, { text: 'x' });
    for (const path of ['like', 'favorite', 'read'])
      expect((await call(server, stranger, 'POST', `/chats/messages/${m.id}/${path}`)).status).toBe(
        404,
      );
    expect(
      (await call(server, stranger, 'POST', `/chats/messages/${m.id}/report`, { reason: 'x' }))
        .status,
    ).toBe(404);
    expect(
      (await call(server, stranger, 'DELETE', `/chats/${chat.id}/messages/${m.id}`)).status,
    ).toBe(404);
    const read = await call(server, stranger, 'POST', '/messages/read', { messageIds: [m.id] });
    expect(read.body.messageIds).toEqual([]);
    const since = new Date(0).toISOString();
    expect(
      (await call(server, stranger, 'GET', `/messages/new?since=${since}`)).body.messages,
    ).toEqual([]);
    expect((await call(server, stranger, 'POST', '/chats/messages/not-a-uuid/like')).status).toBe(
      404,
    );
  });
});
