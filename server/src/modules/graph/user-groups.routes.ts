import {
  CreateUserGroupBody,
  ErrorCodes,
  IdParams,
  OkResponse,
  routeErrors,
  UpdateUserGroupBody,
  UserGroupListResponse,
  UserGroupResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, GROUP_WRITE_LIMIT } from './route-helpers.ts';
import * as service from './user-groups.service.ts';

/** User groups CRUD (SPEC §7 /user-groups), owner only. */
export async function userGroupRoutes(app: App) {
  const { db } = app.ctx;
  const invalid = routeErrors(ErrorCodes.VALIDATION_FAILED);
  const notFound = routeErrors(ErrorCodes.NOT_FOUND);

  app.get(
    '/user-groups',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['graph'],
        summary: "The caller's user groups, oldest first",
        response: { 200: UserGroupListResponse },
      },
    },
    async (request) => service.listGroups(db, currentUser(request).id),
  );

  app.post(
    '/user-groups',
    {
      config: { auth: 'user', rateLimit: GROUP_WRITE_LIMIT },
      schema: {
        tags: ['graph'],
        summary: 'Create a user group',
        body: CreateUserGroupBody,
        response: { 201: UserGroupResponse, 400: invalid },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(db, currentUser(request).id, request.body)),
  );

  app.put(
    '/user-groups/:id',
    {
      config: { auth: 'user', rateLimit: GROUP_WRITE_LIMIT },
      schema: {
        tags: ['graph'],
        summary: 'Rename a group and/or replace its members',
        params: IdParams,
        body: UpdateUserGroupBody,
        response: { 200: UserGroupResponse, 400: invalid, 404: notFound },
      },
    },
    async (request) =>
      service.updateGroup(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/user-groups/:id',
    {
      config: { auth: 'user', rateLimit: GROUP_WRITE_LIMIT },
      schema: {
        tags: ['graph'],
        summary: 'Delete a user group',
        params: IdParams,
        response: { 200: OkResponse, 400: invalid, 404: notFound },
      },
    },
    async (request) => service.deleteGroup(db, currentUser(request).id, request.params.id),
  );
}
