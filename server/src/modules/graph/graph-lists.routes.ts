import {
  BlockedIdsResponse,
  ErrorCodes,
  RecentActivityQuery,
  RecentActivityResponse,
  RestrictedIdsResponse,
  routeErrors,
  UserListQuery,
  UserPage,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import * as service from './graph-lists.service.ts';
import { currentUser } from './route-helpers.ts';

/** The signed-in user's relation lists (SPEC §7 GET /users/me/…). */
export async function graphListRoutes(app: App) {
  const { db } = app.ctx;
  const pageSchema = (summary: string) => ({
    tags: ['graph'],
    summary,
    querystring: UserListQuery,
    response: { 200: UserPage, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) },
  });

  app.get(
    '/users/me/blocked',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['graph'],
        summary: 'Ids of blocked users',
        response: { 200: BlockedIdsResponse },
      },
    },
    async (request) => service.blockedIds(db, currentUser(request).id),
  );

  app.get(
    '/users/me/restricted',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['graph'],
        summary: 'Ids of restricted users',
        response: { 200: RestrictedIdsResponse },
      },
    },
    async (request) => service.restrictedIds(db, currentUser(request).id),
  );

  app.get(
    '/users/me/blocked-users',
    { config: { auth: 'user' }, schema: pageSchema('Blocked users, newest block first') },
    async (request) => service.listBlockedUsers(db, currentUser(request), request.query),
  );

  app.get(
    '/users/me/restricted-users',
    { config: { auth: 'user' }, schema: pageSchema('Restricted users, newest first') },
    async (request) => service.listRestrictedUsers(db, currentUser(request), request.query),
  );

  app.get(
    '/users/me/followers',
    { config: { auth: 'user' }, schema: pageSchema('Followers, newest first') },
    async (request) => service.listFollows(db, currentUser(request), 'followers', request.query),
  );

  app.get(
    '/users/me/following',
    { config: { auth: 'user' }, schema: pageSchema('Followed users, newest first') },
    async (request) => service.listFollows(db, currentUser(request), 'following', request.query),
  );

  app.get(
    '/users/me/recent-activity',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['graph'],
        summary: 'Recent follows made and received, newest first',
        querystring: RecentActivityQuery,
        response: { 200: RecentActivityResponse },
      },
    },
    async (request) => service.recentActivity(db, currentUser(request).id, request.query.limit),
  );
}
