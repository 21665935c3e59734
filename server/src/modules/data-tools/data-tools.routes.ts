import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import {
  CleanupBody,
  CleanupResponse,
  ClearCacheResponse,
  ConsentBody,
  ConsentState,
  DATA_TOOLS_MESSAGES,
  DataExportBody,
  DataExportJob,
  DataExportsPage,
  DataImportJob,
  DataImportsPage,
  DataJobParams,
  DataJobsQuery,
  DataSyncResponse,
  DeletionRequestBody,
  DeletionRequestResponse,
  ErrorCodes,
  GdprDeleteAccountBody,
  MessageResponse,
  OptimizeStorageResponse,
  RetentionSettings,
  RetentionSettingsBody,
  routeErrors,
  StorageUsageResponse,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { clearSessionCookie } from '../../platform/http/auth-plugin.ts';
import { deleteAccount } from '../users/account-deletion.service.ts';
import { authOf } from '../users/users.routes.ts';
import {
  cleanupOldData,
  clearCache,
  getRetention,
  saveRetention,
  syncAccount,
} from './account-data.service.ts';
import { consentState, recordConsent } from './consent.service.ts';
import { DataToolsRateLimits as Limits } from './data-tools.limits.ts';
import {
  cancelDeletion,
  currentDeletion,
  removeDataFiles,
  requestDeletion,
} from './deletion.service.ts';
import { jsonArray, sectionsFor } from './export-archive.ts';
import {
  deleteExport,
  getExport,
  listExports,
  openExportDownload,
  requestExport,
} from './exports.service.ts';
import { readImportUpload } from './import-upload.ts';
import { acceptImport, cancelImport, getImport, listImports } from './imports.service.ts';
import { storageUsage, optimizeStorage } from './storage.service.ts';

const E = ErrorCodes;
const tags = ['data-tools'];
const me = (request: FastifyRequest) => authOf(request).user.id;
const exportNotFound = routeErrors(E.DATA_EXPORT_NOT_FOUND);
const importNotFound = routeErrors(E.DATA_IMPORT_NOT_FOUND);

/** A user's own JSON document of everything we hold, section by section (streamed). */
async function* personalDocument(
  db: App['ctx']['db'],
  userId: string,
  username: string,
): AsyncGenerator<string> {
  yield `{\n"generatedAt": ${JSON.stringify(new Date().toISOString())},\n"username": ${JSON.stringify(username)}`;
  for (const section of sectionsFor(db, userId, 'all')) {
    yield `,\n${JSON.stringify(section.name)}: `;
    yield* jsonArray(section.rows());
  }
  yield '}\n';
}

const attachment = (filename: string) => `attachment; filename="${filename}"`;

/** SPEC §7 Data tools and the GDPR family: the caller's own data, never anyone else's. */
export async function dataToolsRoutes(app: App) {
  const { ctx } = app;
  const user = { auth: 'user' as const };

  // ---- exports ----
  const exportRoute = {
    config: { ...user, rateLimit: Limits.export },
    schema: {
      tags,
      summary: 'Request an export (zip of JSON or CSV files plus your media), run as a job',
      body: DataExportBody,
      response: { 202: DataExportJob, 429: routeErrors(E.LIMIT_REACHED, E.RATE_LIMITED) },
    },
  };
  for (const path of ['/data/export', '/gdpr/export'])
    app.post(path, exportRoute, async (request, reply) =>
      reply
        .status(202)
        .send(await requestExport(ctx, me(request), (request.body ?? {}) as DataExportBody)),
    );

  app.get(
    '/data/exports',
    {
      config: user,
      schema: {
        tags,
        summary: 'My exports, newest first',
        querystring: DataJobsQuery,
        response: { 200: DataExportsPage },
      },
    },
    async (request) => listExports(ctx, me(request), request.query),
  );

  app.get(
    '/data/export/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'One of my exports (status and progress)',
        params: DataJobParams,
        response: { 200: DataExportJob, 404: exportNotFound },
      },
    },
    async (request) => getExport(ctx, me(request), request.params.id),
  );

  app.get(
    '/data/export/:id/download',
    {
      config: { ...user, rateLimit: Limits.download },
      schema: {
        tags,
        summary: 'Download a finished export (fanspace-export-<username>-<date>.zip)',
        params: DataJobParams,
        response: {
          200: Type.Unknown({ description: 'the zip file' }),
          404: exportNotFound,
          409: routeErrors(E.DATA_EXPORT_NOT_READY),
        },
      },
    },
    async (request, reply) => {
      const { file, filename } = await openExportDownload(ctx, me(request), request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.delete(
    '/data/export/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'Delete an export and its file',
        params: DataJobParams,
        response: { 200: MessageResponse, 404: exportNotFound },
      },
    },
    async (request) => deleteExport(ctx, me(request), request.params.id),
  );

  // ---- imports ----
  app.post(
    '/data/import',
    {
      config: { ...user, rateLimit: Limits.import },
      schema: {
        tags,
        summary: 'Import a file (multipart: file, type = profile | social-links | media)',
        response: {
          202: DataImportJob,
          400: routeErrors(E.VALIDATION_FAILED, E.DATA_IMPORT_INVALID),
          413: routeErrors(E.PAYLOAD_TOO_LARGE),
          415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      const upload = await readImportUpload(request, ctx.config.dataDir);
      return reply.status(202).send(await acceptImport(ctx, me(request), upload));
    },
  );

  app.get(
    '/data/imports',
    {
      config: user,
      schema: {
        tags,
        summary: 'My imports, newest first',
        querystring: DataJobsQuery,
        response: { 200: DataImportsPage },
      },
    },
    async (request) => listImports(ctx, me(request), request.query),
  );

  app.get(
    '/data/import/:id',
    {
      config: user,
      schema: {
        tags,
        summary: 'One of my imports (status, progress, result)',
        params: DataJobParams,
        response: { 200: DataImportJob, 404: importNotFound },
      },
    },
    async (request) => getImport(ctx, me(request), request.params.id),
  );

  app.post(
    '/data/import/:id/cancel',
    {
      config: user,
      schema: {
        tags,
        summary: 'Cancel an import (status failed); a finished one cannot be cancelled',
        params: DataJobParams,
        response: {
          200: DataImportJob,
          404: importNotFound,
          409: routeErrors(E.DATA_IMPORT_FINISHED),
        },
      },
    },
    async (request) => cancelImport(ctx, me(request), request.params.id),
  );

  // ---- sync, cache, storage, cleanup ----
  app.post(
    '/data/sync',
    {
      config: { ...user, rateLimit: Limits.sync },
      schema: {
        tags,
        summary: 'Recompute my cached counters and storage measurements',
        response: { 200: DataSyncResponse },
      },
    },
    async (request) => syncAccount(ctx, me(request)),
  );

  app.post(
    '/data/clear-cache',
    {
      config: { ...user, rateLimit: Limits.maintenance },
      schema: {
        tags,
        summary: 'Clear what the server caches for me',
        response: { 200: ClearCacheResponse },
      },
    },
    async (request) => clearCache(ctx, me(request)),
  );

  app.post(
    '/data/optimize-storage',
    {
      config: { ...user, rateLimit: Limits.maintenance },
      schema: {
        tags,
        summary: 'Remove leftover files, unused duplicate copies and expired exports',
        response: { 200: OptimizeStorageResponse },
      },
    },
    async (request) => optimizeStorage(ctx, me(request)),
  );

  app.get(
    '/data/storage-usage',
    {
      config: user,
      schema: {
        tags,
        summary: 'Stored bytes per category',
        response: { 200: StorageUsageResponse },
      },
    },
    async (request) => storageUsage(ctx, me(request)),
  );

  app.post(
    '/data/cleanup',
    {
      config: { ...user, rateLimit: Limits.maintenance },
      schema: {
        tags,
        summary: 'Delete my exports, finished imports and notifications older than a date',
        body: CleanupBody,
        response: { 200: CleanupResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => cleanupOldData(ctx, me(request), request.body.olderThan),
  );

  // ---- retention ----
  app.get(
    '/data/retention-settings',
    {
      config: user,
      schema: { tags, summary: 'My retention settings', response: { 200: RetentionSettings } },
    },
    async (request) => getRetention(ctx, me(request)),
  );

  app.put(
    '/data/retention-settings',
    {
      config: { ...user, rateLimit: Limits.maintenance },
      schema: {
        tags,
        summary: 'Auto-delete my notifications and sent messages older than N days (null: keep)',
        body: RetentionSettingsBody,
        response: { 200: RetentionSettings, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => saveRetention(ctx, me(request), request.body),
  );

  // ---- personal data ----
  app.get(
    '/data/personal-data',
    {
      config: { ...user, rateLimit: Limits.personalData },
      schema: {
        tags,
        summary: 'Download everything held about me as one JSON file',
        response: { 200: Type.Unknown({ description: 'the JSON document' }) },
      },
    },
    async (request, reply) => {
      const { id, username } = authOf(request).user;
      const filename = `fanspace-personal-data-${username.replace(/[^A-Za-z0-9._-]/g, '_')}-${new Date().toISOString().slice(0, 10)}.json`;
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(personalDocument(ctx.db, id, username)));
    },
  );

  // ---- deletion ----
  app.get(
    '/data/deletion-request',
    {
      config: user,
      schema: {
        tags,
        summary: 'My pending deletion request, if any',
        response: { 200: DeletionRequestResponse },
      },
    },
    async (request) => currentDeletion(ctx, me(request)),
  );

  app.post(
    '/data/deletion-request',
    {
      config: { ...user, rateLimit: Limits.deletion },
      schema: {
        tags,
        summary: 'Ask for my account to be deleted after a 30-day grace period',
        body: DeletionRequestBody,
        response: { 200: DeletionRequestResponse, 201: DeletionRequestResponse },
      },
    },
    async (request, reply) => {
      const { created, response } = await requestDeletion(ctx, me(request), request.body?.reason);
      return reply.status(created ? 201 : 200).send(response);
    },
  );

  app.delete(
    '/data/deletion-request',
    {
      config: user,
      schema: {
        tags,
        summary: 'Cancel my deletion request during the grace period',
        response: {
          200: DeletionRequestResponse,
          404: routeErrors(E.DELETION_REQUEST_NOT_FOUND),
        },
      },
    },
    async (request) => cancelDeletion(ctx, me(request)),
  );

  // ---- GDPR family ----
  for (const method of ['POST', 'DELETE'] as const)
    app.route({
      method,
      url: '/gdpr/delete-account',
      config: { ...user, rateLimit: Limits.deletion },
      schema: {
        tags,
        summary: 'Erase my account now (password or confirmation "DELETE")',
        body: GdprDeleteAccountBody,
        response: {
          200: MessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_CREDENTIALS),
        },
      },
      handler: async (request, reply) => {
        const userId = me(request);
        const body = (request.body ?? {}) as GdprDeleteAccountBody;
        await deleteAccount(ctx, userId, {
          ...(body.password !== undefined ? { password: body.password } : {}),
          ...(body.confirmation !== undefined ? { confirmation: body.confirmation } : {}),
        });
        await removeDataFiles(ctx, userId);
        clearSessionCookie(reply);
        return { message: DATA_TOOLS_MESSAGES.accountDeleted };
      },
    });

  app.get(
    '/gdpr/consent',
    {
      config: user,
      schema: { tags, summary: 'My consents and their history', response: { 200: ConsentState } },
    },
    async (request) => consentState(ctx, me(request)),
  );

  app.post(
    '/gdpr/consent',
    {
      config: { ...user, rateLimit: Limits.consent },
      schema: {
        tags,
        summary: 'Give or withdraw a consent (a new record; history is kept)',
        body: ConsentBody,
        response: { 201: ConsentState, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await recordConsent(ctx, me(request), request.body as ConsentBody, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        }),
      ),
  );
}
