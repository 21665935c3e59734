import {
  ErrorCodes,
  MassMessage,
  MassMessageBody,
  MassMessageResponse,
  MessageIdParams,
  routeErrors,
} from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { ChatLimits } from './chats.limits.ts';
import { createMassMessage, getMassMessage, listMassMessages } from './mass-messages.service.ts';

const tags = ['chats'];
const E = ErrorCodes;

/**
 * Creator mass messages (issue 6): POST answers 202 with the job's id (`massMessage.id`, also
 * `jobId`); GET /chats/mass-messages/{id} reports its progress.
 */
export async function massMessagesRoutes(app: App) {
  const { ctx } = app;

  app.post(
    '/chats/mass-messages',
    {
      config: { auth: 'creator', rateLimit: ChatLimits.mass },
      schema: {
        tags,
        summary:
          'Creators: message a segment (subscribers, followers, a user group), optionally locked at a price; sent by a job',
        body: MassMessageBody,
        response: {
          202: MassMessageResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          403: routeErrors(E.ONLY_CREATORS),
          404: routeErrors(E.NOT_FOUND, E.MEDIA_NOT_FOUND),
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        massMessage: await createMassMessage(ctx, currentUser(request).id, request.body),
      }),
  );

  app.get(
    '/chats/mass-messages',
    {
      config: { auth: 'creator', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: "The caller's latest 50 mass messages, newest first",
        response: { 200: Type.Object({ massMessages: Type.Array(MassMessage) }) },
      },
    },
    async (request) => ({ massMessages: await listMassMessages(ctx.db, currentUser(request).id) }),
  );

  app.get(
    '/chats/mass-messages/:id',
    {
      config: { auth: 'creator', rateLimit: ChatLimits.read },
      schema: {
        tags,
        summary: 'Progress of one of the caller’s mass messages',
        params: MessageIdParams,
        response: { 200: MassMessageResponse, 404: routeErrors(E.MASS_MESSAGE_NOT_FOUND) },
      },
    },
    async (request) => ({
      massMessage: await getMassMessage(ctx.db, currentUser(request).id, request.params.id),
    }),
  );
}
