import {
  ErrorCodes,
  RelationChangeResponse,
  routeErrors,
  UserLookupParams,
  type ErrorCode,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { discoveryRoutes } from './discovery.routes.ts';
import { graphListRoutes } from './graph-lists.routes.ts';
import * as service from './graph.service.ts';
import { currentUser, FOLLOW_LIMIT, SAFETY_LIMIT } from './route-helpers.ts';
import { userGroupRoutes } from './user-groups.routes.ts';

/** The social graph: relation changes here, lists, discovery and groups in their own files. */
export async function graphRoutes(app: App) {
  const { db } = app.ctx;
  const E = ErrorCodes;
  const changeSchema = (summary: string, forbiddenCodes: ErrorCode[] = []) => ({
    tags: ['graph'],
    summary,
    params: UserLookupParams,
    response: {
      200: RelationChangeResponse,
      400: routeErrors(E.VALIDATION_FAILED, E.CANNOT_TARGET_SELF),
      404: routeErrors(E.NOT_FOUND),
      ...(forbiddenCodes.length > 0 ? { 403: routeErrors(...forbiddenCodes) } : {}),
    },
  });

  app.post(
    '/users/:id/follow',
    {
      config: { auth: 'user', rateLimit: FOLLOW_LIMIT },
      schema: changeSchema('Follow a user (idempotent)', [E.USER_BLOCKED]),
    },
    async (request) => service.followUser(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/users/:id/follow',
    {
      config: { auth: 'user', rateLimit: FOLLOW_LIMIT },
      schema: changeSchema('Unfollow a user (idempotent)'),
    },
    async (request) => service.unfollowUser(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/users/me/followers/:id',
    {
      config: { auth: 'user', rateLimit: FOLLOW_LIMIT },
      schema: changeSchema('Remove a follower (idempotent)'),
    },
    async (request) => service.removeFollower(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/users/:id/block',
    {
      config: { auth: 'user', rateLimit: SAFETY_LIMIT },
      schema: changeSchema('Block a user: ends follows both ways and hides each from the other'),
    },
    async (request) => service.blockUser(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/users/:id/block',
    {
      config: { auth: 'user', rateLimit: SAFETY_LIMIT },
      schema: changeSchema('Unblock a user (idempotent)'),
    },
    async (request) => service.unblockUser(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/users/:id/restrict',
    {
      config: { auth: 'user', rateLimit: SAFETY_LIMIT },
      schema: changeSchema('Restrict a user: their comments and messages stay between the two'),
    },
    async (request) => service.restrictUser(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/users/:id/unrestrict',
    {
      config: { auth: 'user', rateLimit: SAFETY_LIMIT },
      schema: changeSchema('Lift a restriction (idempotent)'),
    },
    async (request) => service.unrestrictUser(db, currentUser(request).id, request.params.id),
  );

  await graphListRoutes(app);
  await discoveryRoutes(app);
  await userGroupRoutes(app);
}
