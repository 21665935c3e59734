import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { actor, call } from '../posts/posts.test-kit.ts';
import { listen, TestSocket } from '../realtime/ws-test-client.ts';
import { openChat } from './chats.test-kit.ts';

// Two server processes as far as a test can make them: two apps with their own Redis
// connections and hubs, sharing one database and a Redis channel of their own.
const env = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REALTIME_CHANNEL: `fanspace-test:chats:${randomUUID()}`,
};
let database: DatabaseHandle;
let a: TestServer;
let b: TestServer;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestServer({ env, database });
  b = await createTestServer({ env, database });
  baseA = await listen(a.app);
  baseB = await listen(b.app);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.close();
});

it('delivers a message sent through instance A to a socket on instance B', async () => {
  const sender = await actor(a);
  const receiver = await actor(a);
  const chat = await openChat(a, sender, receiver);
  const { socket } = await TestSocket.open(`${baseB}/realtime?token=${receiver.token}`);
  try {
    const res = await call(a, sender, 'POST', `/chats/${chat.id}/messages`, { text: 'across' });
    expect(res.status).toBe(201);
    const frame = await socket.next('message_new');
    expect(frame.data).toEqual({ chatId: chat.id, messageId: res.body.message.id });
  } finally {
    await socket.close();
  }
});

it('forwards typing from a socket on A to the other participant on B, and only theirs', async () => {
  const typist = await actor(a);
  const reader = await actor(a);
  const outsider = await actor(a);
  const chat = await openChat(a, typist, reader);
  const onA = await TestSocket.open(`${baseA}/realtime?token=${typist.token}`);
  const onB = await TestSocket.open(`${baseB}/realtime?token=${reader.token}`);
  const stranger = await TestSocket.open(`${baseA}/realtime?token=${outsider.token}`);
  try {
    onA.socket.send({ type: 'typing', data: { chatId: chat.id, isTyping: true } });
    const typing = await onB.socket.next('typing');
    expect(typing.data).toEqual({ chatId: chat.id, userId: typist.user.id, isTyping: true });
    // a repeat inside the throttle window is dropped, a change passes at once
    onA.socket.send({ type: 'typing', data: { chatId: chat.id, isTyping: true } });
    onA.socket.send({ type: 'typing', data: { chatId: chat.id, isTyping: false } });
    const stopped = await onB.socket.next('typing');
    expect(stopped.data.isTyping).toBe(false);

    // someone outside the chat gets an error frame and reaches nobody
    stranger.socket.send({ type: 'typing', data: { chatId: chat.id, isTyping: true } });
    expect((await stranger.socket.next('error')).data.code).toBe('CHAT_NOT_FOUND');
    onA.socket.send({ type: 'ping', data: { id: 'flush' } });
    await onA.socket.next('pong');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB.socket.received().filter((f) => f.type === 'typing')).toEqual([]);
    // the typist does not hear their own typing
    expect(onA.socket.history.filter((f) => f.type === 'typing')).toEqual([]);
  } finally {
    await Promise.all([onA.socket.close(), onB.socket.close(), stranger.socket.close()]);
  }
});
