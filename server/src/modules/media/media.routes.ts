import {
  CreateMediaFolderBody,
  DuplicatesFindQuery,
  DuplicatesFindResponse,
  DuplicateStats,
  ErrorCodes,
  MediaFolder,
  MediaFoldersResponse,
  MediaIdParams,
  MediaListQuery,
  MediaListResponse,
  MoveMediaBody,
  MoveMediaResponse,
  OkResponse,
  routeErrors,
  UpdateMediaBody,
  UpdateMediaFolderBody,
  VaultMediaItem,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import type { MediaViewer } from './media.presenter.ts';
import { MediaLimits } from './media.limits.ts';
import * as vault from './media-vault.service.ts';

/** The signed-in owner of a vault route, with the session its URLs are signed for. */
export function mediaViewerOf(request: FastifyRequest): MediaViewer {
  if (!request.auth) throw new UnauthorizedError();
  return { userId: request.auth.user.id, sessionId: request.auth.session.id };
}

const tags = ['media'];
const E = ErrorCodes;
const notFound = routeErrors(E.MEDIA_NOT_FOUND);
const folderNotFound = routeErrors(E.MEDIA_FOLDER_NOT_FOUND);

/** The media vault (SPEC §7 Media and uploads): the owner's items, folders and duplicates. */
export async function mediaVaultRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/media',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The caller’s vault, newest first (folderId=root for items outside folders)',
        querystring: MediaListQuery,
        response: {
          200: MediaListResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: folderNotFound,
        },
      },
    },
    async (request) => vault.listVault(ctx, mediaViewerOf(request), request.query),
  );

  app.get(
    '/media/folders',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'The caller’s folders', response: { 200: MediaFoldersResponse } },
    },
    async (request) => ({ folders: await vault.listFolders(ctx, mediaViewerOf(request).userId) }),
  );

  app.post(
    '/media/folders',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Create a folder',
        body: CreateMediaFolderBody,
        response: { 201: MediaFolder, 400: routeErrors(E.VALIDATION_FAILED), 404: folderNotFound },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await vault.createFolder(ctx, mediaViewerOf(request).userId, request.body)),
  );

  app.get(
    '/media/folders/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One of the caller’s folders, with its item count',
        params: MediaIdParams,
        response: { 200: MediaFolder, 404: folderNotFound },
      },
    },
    async (request) => vault.getFolder(ctx, mediaViewerOf(request).userId, request.params.id),
  );

  app.put(
    '/media/folders/:id',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Rename or move a folder',
        params: MediaIdParams,
        body: UpdateMediaFolderBody,
        response: { 200: MediaFolder, 400: routeErrors(E.VALIDATION_FAILED), 404: folderNotFound },
      },
    },
    async (request) =>
      vault.updateFolder(ctx, mediaViewerOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/media/folders/:id',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Delete a folder; its items and sub-folders move to the root',
        params: MediaIdParams,
        response: { 200: OkResponse, 404: folderNotFound },
      },
    },
    async (request) => {
      await vault.deleteFolder(ctx, mediaViewerOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/media/move',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Move items into a folder (folderId null: the root)',
        body: MoveMediaBody,
        response: {
          200: MoveMediaResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.MEDIA_NOT_FOUND, E.MEDIA_FOLDER_NOT_FOUND),
        },
      },
    },
    async (request) => vault.moveVaultItems(ctx, mediaViewerOf(request).userId, request.body),
  );

  app.get(
    '/media/duplicates/stats',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'How many items share their content with another one',
        response: { 200: DuplicateStats },
      },
    },
    async (request) => vault.duplicateStats(ctx, mediaViewerOf(request).userId),
  );

  app.get(
    '/media/duplicates/find',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Groups of identical items, most wasted space first (limit 50)',
        querystring: DuplicatesFindQuery,
        response: { 200: DuplicatesFindResponse },
      },
    },
    async (request) => ({
      groups: await vault.findDuplicates(ctx, mediaViewerOf(request), request.query.limit),
    }),
  );

  app.get(
    '/media/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One vault item',
        params: MediaIdParams,
        response: { 200: VaultMediaItem, 404: notFound },
      },
    },
    async (request) => vault.getVaultItem(ctx, mediaViewerOf(request), request.params.id),
  );

  app.put(
    '/media/:id',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Edit title, description or folder',
        params: MediaIdParams,
        body: UpdateMediaBody,
        response: {
          200: VaultMediaItem,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.MEDIA_NOT_FOUND, E.MEDIA_FOLDER_NOT_FOUND),
        },
      },
    },
    async (request) =>
      vault.updateVaultItem(ctx, mediaViewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/media/:id',
    {
      config: { auth: 'user', rateLimit: MediaLimits.vaultWrite },
      schema: {
        tags,
        summary: 'Delete an item (gone at once; its files are removed by a job)',
        params: MediaIdParams,
        response: { 200: OkResponse, 404: notFound },
      },
    },
    async (request) => {
      await vault.deleteVaultItem(ctx, mediaViewerOf(request).userId, request.params.id);
      return { ok: true as const };
    },
  );
}
