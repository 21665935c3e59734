import {
  Collaboration,
  CollaborationsResponse,
  CreateCollaborationBody,
  ErrorCodes,
  KitIdParams,
  KitLookupParams,
  KitOk,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import {
  answerInvite,
  endCollaboration,
  getCollaboration,
  inviteCollaborator,
  listCollaborations,
} from './collaborations.service.ts';

const E = ErrorCodes;
const READ = perUserLimit(240, '1 minute');
const WRITE = perUserLimit(60, '1 minute');
const tags = ['collaborations'];
const invalid = routeErrors(E.VALIDATION_FAILED, E.CANNOT_TARGET_SELF);
const missing = routeErrors(E.COLLABORATION_NOT_FOUND);

/** Post collaborations between creators, with a revenue split through the ledger. */
export async function collaborationsRoutes(app: App) {
  const { ctx } = app;
  app.get(
    '/collaborations',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'Invites I sent and received, newest first',
        response: { 200: CollaborationsResponse },
      },
    },
    async (request) => listCollaborations(ctx, currentUser(request).id),
  );
  app.get(
    '/collaborations/:id',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'One invite I sent or received (direction from my side)',
        params: KitLookupParams,
        response: { 200: Collaboration, 404: missing },
      },
    },
    async (request) => getCollaboration(ctx, currentUser(request).id, request.params.id),
  );
  app.post(
    '/collaborations',
    {
      config: { auth: 'creator', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'Invite a creator to one of my posts with a revenue split (1–90 %)',
        body: CreateCollaborationBody,
        response: {
          201: Collaboration,
          400: invalid,
          403: routeErrors(E.ONLY_CREATORS),
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.COLLABORATION_EXISTS),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteCollaborator(ctx, currentUser(request).id, request.body)),
  );
  for (const [path, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const)
    app.post(
      `/collaborations/:id/${path}`,
      {
        config: { auth: 'user', rateLimit: WRITE },
        schema: {
          tags,
          summary: `${path === 'accept' ? 'Accept' : 'Decline'} an invite I received`,
          params: KitIdParams,
          response: {
            200: Collaboration,
            400: invalid,
            404: missing,
            409: routeErrors(E.INVALID_TRANSITION),
          },
        },
      },
      async (request) => answerInvite(ctx, currentUser(request).id, request.params.id, answer),
    );
  app.delete(
    '/collaborations/:id',
    {
      config: { auth: 'user', rateLimit: WRITE },
      schema: {
        tags,
        summary: 'End a collaboration: the owner withdraws it, the collaborator leaves',
        params: KitIdParams,
        response: { 200: KitOk, 400: invalid, 404: missing },
      },
    },
    async (request) => endCollaboration(ctx, currentUser(request).id, request.params.id),
  );
}
