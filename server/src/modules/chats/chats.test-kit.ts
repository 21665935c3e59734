import type { Chat, Message, MessagePage } from '@fanspace/contracts';
import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { call, type Actor } from '../posts/posts.test-kit.ts';

/** Helpers of the chats tests (not a test file itself). */

export async function openChat(server: TestServer, from: Actor, to: Actor): Promise<Chat> {
  const res = await call(server, from, 'POST', '/chats', { recipientId: to.user.id });
  expect([200, 201]).toContain(res.status);
  return (res.body as { chat: Chat }).chat;
}

export async function send(
  server: TestServer,
  from: Actor,
  chatId: string,
  body: Record<string, unknown>,
): Promise<Message> {
  const res = await call(server, from, 'POST', `/chats/${chatId}/messages`, body);
  expect(res.status, res.text).toBe(201);
  return (res.body as { message: Message }).message;
}

export async function chatOf(server: TestServer, who: Actor, chatId: string): Promise<Chat> {
  const res = await call(server, who, 'GET', `/chats/${chatId}`);
  expect(res.status).toBe(200);
  return (res.body as { chat: Chat }).chat;
}

export async function messagesOf(server: TestServer, who: Actor, chatId: string, query = '') {
  const res = await call(server, who, 'GET', `/chats/${chatId}/messages${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as MessagePage;
}
