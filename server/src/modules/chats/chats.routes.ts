import {
  ChatList,
  ChatListQuery,
  ChatParams,
  ChatResponse,
  ErrorCodes,
  HideChatResponse,
  OpenChatBody,
  ReadAllResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { ChatLimits } from './chats.limits.ts';
import { getChat, hideChat, listChats, openChat } from './chats.service.ts';
import { readAll } from './message-actions.service.ts';

const tags = ['chats'];
const E = ErrorCodes;
const chatMissing = routeErrors(E.CHAT_NOT_FOUND);

/** SPEC §7 Chats: the chat list and single chats. Messages are in messages.routes.ts. */
export async function chatsRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/chats',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: "The caller's chats, most recent first (folder=inbox|requests)",
        querystring: ChatListQuery,
        response: { 200: ChatList, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => listChats(ctx, signedInViewer(request), request.query),
  );

  app.post(
    '/chats',
    {
      config: { auth: 'user', rateLimit: ChatLimits.open },
      schema: {
        tags,
        summary: 'The existing 1:1 chat with recipientId, or a new one (201)',
        body: OpenChatBody,
        response: {
          200: ChatResponse,
          201: ChatResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.CANNOT_TARGET_SELF),
          403: routeErrors(E.USER_BLOCKED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const { created, body } = await openChat(
        ctx,
        signedInViewer(request),
        request.body.recipientId,
      );
      return reply.status(created ? 201 : 200).send(body);
    },
  );

  app.get(
    '/chats/:chatId',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: 'One chat of the caller',
        params: ChatParams,
        response: { 200: ChatResponse, 404: chatMissing },
      },
    },
    async (request) => ({
      chat: await getChat(ctx, signedInViewer(request), request.params.chatId),
    }),
  );

  app.delete(
    '/chats/:chatId',
    {
      config: { auth: 'user', rateLimit: ChatLimits.edit },
      schema: {
        tags,
        summary: 'Hide a chat for the caller only (a new message brings it back)',
        params: ChatParams,
        response: {
          200: HideChatResponse,
          404: chatMissing,
        },
      },
    },
    async (request) => hideChat(ctx, signedInViewer(request), request.params.chatId),
  );

  app.post(
    '/chats/:chatId/read-all',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: 'Mark every message of the others in this chat read',
        params: ChatParams,
        response: { 200: ReadAllResponse, 404: chatMissing },
      },
    },
    async (request) => readAll(ctx, signedInViewer(request), request.params.chatId),
  );
}
