import {
  ChatMessageParams,
  ChatParams,
  DeleteMessageResponse,
  ErrorCodes,
  FavoriteMessageResponse,
  LikeMessageResponse,
  MessageIdParams,
  MessageListQuery,
  MessagePage,
  MessagesSinceQuery,
  MessagesSinceResponse,
  ReadMessageResponse,
  ReadMessagesBody,
  ReadMessagesResponse,
  ReportMessageBody,
  ReportResponse,
  routeErrors,
  SendMessageBody,
  SentMessageResponse,
  ChatMessageResponse,
  ContentRequestStatusBody,
  IDEMPOTENCY_HEADER,
  OfferStatusBody,
  UnlockMessageResponse,
} from '@fanspace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withTransaction, type Tx } from '../../platform/db/database.ts';
import type { App } from '../../platform/http/app.ts';
import { idempotencyKeyOf, idempotentRoute, requestFingerprint } from '../ledger/idempotency.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { ChatLimits } from './chats.limits.ts';
import {
  messagesChangedSince,
  readMessage,
  readMessages,
  reportMessage,
  toggleFavorite,
  toggleLike,
} from './message-actions.service.ts';
import { readMultipartMessage } from './message-input.ts';
import { answerOffer, moveContentRequest, unlockMessage } from './message-payments.service.ts';
import { deleteMessage, listMessages, sendMessage } from './messages.service.ts';

const tags = ['chats'];
const E = ErrorCodes;
const bad = routeErrors(E.VALIDATION_FAILED);
const messageMissing = routeErrors(E.MESSAGE_NOT_FOUND);

const hasIdempotencyKey = (request: FastifyRequest) => {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ? true : false;
};

/**
 * Money routes of chats honour an Idempotency-Key like the post unlock (a repeat replays the
 * first response) but do not require one: the purchase rows and state machines already make
 * a second charge impossible.
 */
async function moneyWork<T>(
  db: App['ctx']['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  status: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (hasIdempotencyKey(request))
    return idempotentRoute(db, request, reply, userId, async (tx) => ({
      status,
      body: await work(tx),
    }));
  const body = await withTransaction(db, work);
  reply.code(status);
  return body;
}

/** SPEC §7 Chats: messages, their likes, favorites, receipts and reports. */
export async function messagesRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/chats/:chatId/messages',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: 'A page of messages (oldest first) older than the `before` message id',
        params: ChatParams,
        querystring: MessageListQuery,
        response: { 200: MessagePage, 400: bad, 404: routeErrors(E.CHAT_NOT_FOUND) },
      },
    },
    async (request) =>
      listMessages(ctx, signedInViewer(request), request.params.chatId, request.query),
  );

  app.post(
    '/chats/:chatId/messages',
    {
      config: { auth: 'user', rateLimit: ChatLimits.send },
      schema: {
        tags,
        summary:
          'Send a message: JSON, or multipart with a file (image/video/voice); lockedContent (creators), tipAmount, offerDetails, contentRequestDetails. Idempotency-Key honoured.',
        consumes: ['application/json', 'multipart/form-data'],
        params: ChatParams,
        body: { content: { 'application/json': { schema: SendMessageBody } } },
        response: {
          201: SentMessageResponse,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.EXTERNAL_MEDIA_URL,
            E.RECIPIENT_NOT_CREATOR,
            E.CANNOT_TARGET_SELF,
          ),
          402: routeErrors(E.INSUFFICIENT_FUNDS),
          403: routeErrors(E.USER_BLOCKED, E.FORBIDDEN, E.ONLY_CREATORS),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
          404: routeErrors(E.CHAT_NOT_FOUND, E.MEDIA_NOT_FOUND),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      // membership is checked before a multipart body is read: a stranger uploads nothing
      const submission = request.isMultipart()
        ? await readMultipartMessage(request)
        : { body: (request.body ?? {}) as SendMessageBody, files: [] };
      const idempotency = hasIdempotencyKey(request)
        ? {
            key: idempotencyKeyOf(request),
            fingerprint: requestFingerprint(request.method, request.url, submission.body),
          }
        : undefined;
      const message = await sendMessage(
        ctx,
        viewer,
        request.params.chatId,
        submission.body,
        submission.files,
        idempotency,
        request.auth?.user,
      );
      return reply.status(201).send({ message });
    },
  );

  app.delete(
    '/chats/:chatId/messages/:messageId',
    {
      config: { auth: 'user', rateLimit: ChatLimits.edit },
      schema: {
        tags,
        summary: "Soft-delete an own message (final); 'Invalid parameters' for missing ids",
        params: ChatMessageParams,
        response: {
          200: DeleteMessageResponse,
          400: bad,
          403: routeErrors(E.FORBIDDEN),
          404: routeErrors(E.CHAT_NOT_FOUND, E.MESSAGE_NOT_FOUND),
        },
      },
    },
    async (request) =>
      deleteMessage(ctx, signedInViewer(request), request.params.chatId, request.params.messageId),
  );

  const actionSchema = (summary: string, ok: unknown) => ({
    tags,
    summary,
    params: MessageIdParams,
    response: { 200: ok, 400: routeErrors(E.MESSAGE_DELETED), 404: messageMissing },
  });

  app.post(
    '/chats/messages/:id/like',
    {
      config: { auth: 'user', rateLimit: ChatLimits.react },
      schema: actionSchema("Toggle the caller's like; answers likedBy", LikeMessageResponse),
    },
    async (request) => toggleLike(ctx, signedInViewer(request), request.params.id),
  );

  app.post(
    '/chats/messages/:id/favorite',
    {
      config: { auth: 'user', rateLimit: ChatLimits.react },
      schema: actionSchema(
        "Toggle the caller's favorite; answers favoritedBy",
        FavoriteMessageResponse,
      ),
    },
    async (request) => toggleFavorite(ctx, signedInViewer(request), request.params.id),
  );

  app.post(
    '/chats/messages/:id/read',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: actionSchema('Mark a message read (idempotent)', ReadMessageResponse),
    },
    async (request) => readMessage(ctx, signedInViewer(request), request.params.id),
  );

  app.post(
    '/chats/messages/:id/report',
    {
      config: { auth: 'user', rateLimit: ChatLimits.report },
      schema: {
        tags,
        summary: 'Report a message of the other participant (one pending report per message)',
        params: MessageIdParams,
        body: ReportMessageBody,
        response: {
          201: ReportResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.CANNOT_TARGET_SELF),
          404: messageMissing,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reportMessage(ctx, signedInViewer(request), request.params.id, request.body)),
  );

  app.post(
    '/messages/read',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: "Mark messages read; ids outside the caller's chats are ignored",
        body: ReadMessagesBody,
        response: { 200: ReadMessagesResponse, 400: bad },
      },
    },
    async (request) => readMessages(ctx, signedInViewer(request), request.body.messageIds),
  );

  app.get(
    '/messages/new',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: "Messages created in the caller's chats after `since` (oldest first, ≤ 200)",
        querystring: MessagesSinceQuery,
        response: { 200: MessagesSinceResponse, 400: bad },
      },
    },
    async (request) =>
      messagesChangedSince(ctx, signedInViewer(request), request.query.since, 'created_at'),
  );

  app.get(
    '/messages/updates',
    {
      config: { auth: 'user', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary:
          'Messages changed after `since` (sent, deleted, liked, favorited, read; oldest first, ≤ 200)',
        querystring: MessagesSinceQuery,
        response: { 200: MessagesSinceResponse, 400: bad },
      },
    },
    async (request) =>
      messagesChangedSince(ctx, signedInViewer(request), request.query.since, 'updated_at'),
  );

  app.post(
    '/chats/messages/:id/unlock',
    {
      config: { auth: 'user', rateLimit: ChatLimits.pay },
      schema: {
        tags,
        summary:
          "Buy a locked message once: charges its price to the caller's wallet and reveals the originals",
        params: MessageIdParams,
        response: {
          200: UnlockMessageResponse,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.NOT_FOR_SALE,
            E.CANNOT_TARGET_SELF,
            E.MESSAGE_DELETED,
          ),
          402: routeErrors(E.INSUFFICIENT_FUNDS),
          403: routeErrors(E.USER_BLOCKED),
          404: messageMissing,
          409: routeErrors(E.ALREADY_UNLOCKED, E.CONFLICT),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      return moneyWork(ctx.db, request, reply, viewer.id, 200, (tx) =>
        unlockMessage(ctx, tx, viewer, request.params.id),
      );
    },
  );

  app.patch(
    '/chats/messages/:id/offer',
    {
      config: { auth: 'user', rateLimit: ChatLimits.pay },
      schema: {
        tags,
        summary:
          'Answer an offer: the receiver accepts (paying its price) or declines; the sender withdraws (expired)',
        params: MessageIdParams,
        body: OfferStatusBody,
        response: {
          200: ChatMessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.MESSAGE_DELETED),
          402: routeErrors(E.INSUFFICIENT_FUNDS),
          403: routeErrors(E.FORBIDDEN, E.USER_BLOCKED),
          404: messageMissing,
          409: routeErrors(E.INVALID_TRANSITION, E.ALREADY_UNLOCKED, E.CONFLICT),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      return moneyWork(ctx.db, request, reply, viewer.id, 200, async (tx) => ({
        message: await answerOffer(ctx, tx, viewer, request.params.id, request.body),
      }));
    },
  );

  app.put(
    '/chats/messages/:id/content-request',
    {
      config: { auth: 'user', rateLimit: ChatLimits.pay },
      schema: {
        tags,
        summary:
          'Move a content request: accepted / declined / delivered (creator), cancelled (requester)',
        params: MessageIdParams,
        body: ContentRequestStatusBody,
        response: {
          200: ChatMessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.MESSAGE_DELETED),
          403: routeErrors(E.FORBIDDEN, E.USER_BLOCKED, E.ONLY_CREATORS),
          404: routeErrors(E.MESSAGE_NOT_FOUND, E.MEDIA_NOT_FOUND),
          409: routeErrors(E.INVALID_TRANSITION, E.CONFLICT),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
        },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      return moneyWork(ctx.db, request, reply, viewer.id, 200, async (tx) => ({
        message: await moveContentRequest(ctx, tx, viewer, request.params.id, request.body),
      }));
    },
  );
}
