import type { Message } from '@fanspace/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import type { AppError } from '../../platform/errors.ts';
import { actor, block, call, type Actor } from '../posts/posts.test-kit.ts';
import { listen, TestSocket } from '../realtime/ws-test-client.ts';
import { chatOf, messagesOf, openChat, send } from './chats.test-kit.ts';
import { sendMessage } from './messages.service.ts';
import { TextSendBatcher } from './text-sends.ts';

/**
 * Group commit of text sends (text-sends.ts, docs/PERFORMANCE.md): sends that arrive in one
 * event-loop turn share one statement, and each still gets its own answer, refusal, counters and
 * realtime frame. Sends started in the same turn through the service are one batch for sure
 * (nothing else between them but the flagged-term matcher, cached); over HTTP each request takes
 * its own turns through Fastify, so those tests check the answers, not the batch count.
 */

let database: DatabaseHandle;
let server: TestServer;
let statementsOf: SpiedDatabase['statementsOf'];
let creator: Actor;

beforeAll(async () => {
  ({ database, statementsOf } = await openSpiedTestDatabase());
  server = await createTestServer({ database });
  creator = await actor(server, 'creator');
});
afterAll(async () => {
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

/** The batch statement's text begins with its first CTE. */
const isBatch = (statement: string) => statement.trim().startsWith('with target as');

/** `sendMessage` as the route calls it for a JSON text message (no files, no key). */
const sendAs = (who: Actor, chatId: string, body: Record<string, unknown>) =>
  sendMessage(
    server.ctx,
    { id: who.user.id, sessionId: who.sessionId },
    chatId,
    { text: 'x', ...body },
    [],
    undefined,
    who.user,
  );

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as AppError }),
  );

/**
 * Chats of the creator with `n` new fans, each with one message from either side, so an unread
 * notice waits on both sides (a send then needs no notice statement of its own).
 */
async function chats(n: number) {
  const fans = await Promise.all(Array.from({ length: n }, () => actor(server)));
  const ids: string[] = [];
  for (const fan of fans) {
    const chat = await openChat(server, creator, fan);
    await send(server, creator, chat.id, { text: 'hello' });
    await send(server, fan, chat.id, { text: 'hi' });
    ids.push(chat.id);
  }
  return { fans, ids };
}

const textsOf = async (chatId: string) =>
  (
    await server.ctx.db
      .selectFrom('messages')
      .select(['text', 'created_at'])
      .where('chat_id', '=', chatId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((m) => m.text);

/** Texts travel as one text[] parameter: quotes, separators and 'NULL' must survive it. */
const TRICKY = ['"quoted", {braced}', 'back\\slash \\"', 'NULL', 'null', '🙂 ünïcode', "it's"];
const textOf = (i: number) => `batched ${i} ${TRICKY[i % TRICKY.length]}`;

describe('group commit of text sends', () => {
  it('N sends to N chats in one turn: one statement, no transaction, every effect in place', async () => {
    const { fans, ids } = await chats(8);
    const unreadBefore = await Promise.all(
      fans.map(async (fan, i) => (await chatOf(server, fan, ids[i]!)).unreadCount),
    );
    const { value, statements } = await statementsOf(() =>
      Promise.all(ids.map((id, i) => sendAs(creator, id, { text: textOf(i) }))),
    );
    expect(statements.filter(isBatch), statements.join('\n')).toHaveLength(1);
    expect(statements.filter((s) => s === 'begin' || s === 'BEGIN')).toEqual([]);
    for (const [i, fan] of fans.entries()) {
      const sent = value[i]!;
      expect(sent).toMatchObject({
        chatId: ids[i],
        senderId: creator.user.id,
        text: textOf(i),
      });
      const seen = await chatOf(server, fan, ids[i]!);
      expect(seen.unreadCount).toBe(unreadBefore[i]! + 1);
      expect(seen.lastMessage?.id).toBe(sent.id);
      // the answer is what reading the message back presents
      const { messages } = await messagesOf(server, creator, ids[i]!);
      expect(messages.find((m) => m.id === sent.id)).toEqual(sent);
    }
  });

  it('over HTTP: each send its own 201 body and its own message_new frame', async () => {
    const { fans, ids } = await chats(5);
    const base = await listen(server.app);
    const sockets = await Promise.all(
      [creator, ...fans].map(async (who) => {
        const { socket } = await TestSocket.open(`${base}/realtime?token=${who.token}`);
        return socket;
      }),
    );
    const [own, ...theirs] = sockets;
    try {
      const results = await Promise.all(
        ids.map((id, i) =>
          call(server, creator, 'POST', `/chats/${id}/messages`, {
            text: `over http ${i}`,
            receiverId: fans[i]!.user.id,
          }),
        ),
      );
      const sent = results.map((r) => {
        expect(r.status, r.text).toBe(201);
        return (r.body as { message: Message }).message;
      });
      for (const [i, socket] of theirs.entries()) {
        expect(sent[i]).toMatchObject({ chatId: ids[i], text: `over http ${i}` });
        const { messages } = await messagesOf(server, creator, ids[i]!);
        expect(messages.find((m) => m.id === sent[i]!.id)).toEqual(sent[i]);
        const frame = await socket.next('message_new');
        expect(frame.data).toEqual({ chatId: ids[i], messageId: sent[i]!.id });
        // nobody else's message reaches this fan
        expect(socket.received().filter((f) => f.type === 'message_new')).toEqual([]);
      }
      const mine = [];
      for (let i = 0; i < ids.length; i++) mine.push((await own!.next('message_new')).data);
      expect(new Set(mine.map((d) => d.messageId))).toEqual(new Set(sent.map((m) => m.id)));
    } finally {
      await Promise.all(sockets.map((s) => s.close()));
    }
  });

  it('sends to one chat in one turn keep their order, each in a later statement', async () => {
    const { fans, ids } = await chats(2);
    const [fan] = fans;
    const before = await textsOf(ids[0]!);
    const unread = (await chatOf(server, fan!, ids[0]!)).unreadCount;
    const { value, statements } = await statementsOf(() =>
      Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          // the other chat rides along in the first batch only
          i === 0
            ? sendAs(creator, ids[1]!, { text: 'other' })
            : sendAs(creator, ids[0]!, { text: `n${i}` }),
        ),
      ),
    );
    expect(value.map((m) => m.text)).toEqual(['other', 'n1', 'n2', 'n3', 'n4', 'n5']);
    // five messages to one chat: five statements, one after the other
    expect(statements.filter(isBatch)).toHaveLength(5);
    expect(await textsOf(ids[0]!)).toEqual([...before, 'n1', 'n2', 'n3', 'n4', 'n5']);
    const created = value.slice(1).map((m) => Date.parse(m.timestamp));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    const seen = await chatOf(server, fan!, ids[0]!);
    expect(seen.unreadCount).toBe(unread + 5);
    expect(seen.lastMessage?.id).toBe(value[5]!.id);
  });

  it('a refused send in a batch gets its own 4xx; the others are written', async () => {
    const { fans, ids } = await chats(6);
    const stranger = await actor(server);
    await block(server, fans[1]!, creator);
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', fans[4]!.user.id)
      .execute();
    const counts = await Promise.all(ids.map(async (id) => (await textsOf(id)).length));
    const { value: outcomes, statements } = await statementsOf(() =>
      Promise.all([
        settle(sendAs(creator, ids[0]!, { text: 'fine' })),
        settle(sendAs(creator, ids[1]!, { text: 'blocked' })),
        settle(sendAs(stranger, ids[2]!, { text: 'not a participant' })),
        settle(sendAs(creator, ids[3]!, { text: 'wrong receiver', receiverId: stranger.user.id })),
        settle(sendAs(creator, ids[4]!, { text: 'banned receiver' })),
        settle(sendAs(creator, ids[5]!, { text: 'fine too' })),
      ]),
    );
    expect(statements.filter(isBatch)).toHaveLength(1);
    const refusal = (i: number) => {
      const e = outcomes[i]!.error;
      return e && { status: e.statusCode, code: e.code, message: e.message, ...e.details };
    };
    expect(outcomes[0]!.value?.text).toBe('fine');
    expect(refusal(1)).toEqual({
      status: 403,
      code: 'USER_BLOCKED',
      message: 'You cannot message this user',
    });
    expect(refusal(2)).toEqual({ status: 404, code: 'CHAT_NOT_FOUND', message: 'Chat not found' });
    expect(refusal(3)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'receiverId is not the other participant of this chat',
      field: 'receiverId',
    });
    expect(refusal(4)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This account cannot receive messages',
    });
    expect(outcomes[5]!.value?.text).toBe('fine too');
    const after = await Promise.all(ids.map(async (id) => (await textsOf(id)).length));
    expect(after).toEqual(counts.map((n, i) => (i === 0 || i === 5 ? n + 1 : n)));
    // the same refusals over HTTP (one send alone is a batch of one)
    const alone = await call(server, creator, 'POST', `/chats/${ids[1]}/messages`, { text: 'x' });
    expect([alone.status, alone.body.code, alone.body.message]).toEqual([
      403,
      'USER_BLOCKED',
      'You cannot message this user',
    ]);
  });

  it('a batch the database refuses is retried send by send: only the bad send fails', async () => {
    const { ids } = await chats(3);
    const batcher = new TextSendBatcher(server.ctx.db);
    const text = (chatId: string) => ({
      chatId,
      senderId: creator.user.id,
      text: 'retried',
      receiverId: null,
    });
    const { value: outcomes, statements } = await statementsOf(() =>
      Promise.all([...ids.map(text), text('not-a-uuid')].map((m) => settle(batcher.send(m)))),
    );
    // the batch, then each of its four sends alone
    expect(statements.filter(isBatch)).toHaveLength(5);
    for (const [i, id] of ids.entries()) {
      expect(outcomes[i]!.error).toBeUndefined();
      expect(outcomes[i]!.value?.message?.row).toMatchObject({ chat_id: id, text: 'retried' });
      expect((await textsOf(id)).at(-1)).toBe('retried');
    }
    expect((outcomes[3]!.error as unknown as { code: string }).code).toBe('22P02');
  });

  it('property: any mix of sends to a few chats, from both sides, in one turn', async () => {
    const { fans, ids } = await chats(3);
    const sideOf = (chat: number, fromFan: boolean) => (fromFan ? fans[chat]! : creator);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ chat: fc.nat(2), fromFan: fc.boolean() }), {
          minLength: 1,
          maxLength: 14,
        }),
        async (plan) => {
          run++;
          const before = await Promise.all(
            ids.map(async (id, c) => ({
              texts: await textsOf(id),
              fan: (await chatOf(server, fans[c]!, id)).unreadCount,
              creator: (await chatOf(server, creator, id)).unreadCount,
            })),
          );
          const { value, statements } = await statementsOf(() =>
            Promise.all(
              plan.map((p, i) =>
                sendAs(sideOf(p.chat, p.fromFan), ids[p.chat]!, { text: `${run}.${i}` }),
              ),
            ),
          );
          // a chat's sends need one statement each; the chats share them
          const perChat = ids.map((_, c) => plan.filter((p) => p.chat === c).length);
          const batches = statements.filter(isBatch).length;
          expect(batches).toBeGreaterThanOrEqual(Math.max(...perChat));
          expect(batches).toBeLessThanOrEqual(plan.length);
          for (const [c, id] of ids.entries()) {
            const mine = plan.flatMap((p, i) => (p.chat === c ? [`${run}.${i}`] : []));
            // all of them, after what was there; among themselves in the order they reached the
            // batcher, which concurrent requests do not promise to keep (the one that meets a
            // session's throttled last-seen write or a cache refresh is overtaken)
            const after = await textsOf(id);
            expect(after.slice(0, before[c]!.texts.length)).toEqual(before[c]!.texts);
            expect(after.slice(before[c]!.texts.length).sort()).toEqual([...mine].sort());
            const fromCreator = plan.filter((p) => p.chat === c && !p.fromFan).length;
            expect((await chatOf(server, fans[c]!, id)).unreadCount).toBe(
              before[c]!.fan + fromCreator,
            );
            expect((await chatOf(server, creator, id)).unreadCount).toBe(
              before[c]!.creator + perChat[c]! - fromCreator,
            );
          }
          for (const [i, p] of plan.entries())
            expect(value[i]).toMatchObject({
              chatId: ids[p.chat],
              senderId: sideOf(p.chat, p.fromFan).user.id,
              text: `${run}.${i}`,
            });
        },
      ),
      { numRuns: 15 },
    );
  });
});
