import {
  ConsentSignedResponse,
  ConsentTokenParams,
  ConsentView,
  ErrorCodes,
  PendingReleaseBody,
  PendingReleaseResponse,
  RELEASE_FILE_FIELDS,
  RELEASE_FILE_MAX_BYTES,
  RELEASE_TEXT_FIELDS,
  ReleaseFileParams,
  ReleaseIdParams,
  ReleaseListResponse,
  ReleaseResponse,
  routeErrors,
  OkResponse,
  type ReleaseFileField,
} from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { fieldError, readMultipartForm } from '../../platform/http/multipart-form.ts';
import { authOf } from '../users/users.routes.ts';
import type { ReleaseFiles } from './releases.rules.ts';
import { ReleaseLimits } from './releases.limits.ts';
import {
  createPendingRelease,
  createRelease,
  getConsent,
  listReleases,
  openReleaseFile,
  revokeRelease,
  signConsent,
} from './releases.service.ts';

const FILE_FIELDS = new Set<string>(RELEASE_FILE_FIELDS);
const TEXT_FIELDS = new Set<string>(RELEASE_TEXT_FIELDS);

/** The release form: each ID image at most once, each text field's first value. */
async function readReleaseForm(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError(
      415,
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      'Send the release as multipart/form-data (text fields, idPhotoFront, idPhotoBack?, modelHoldingIdPhoto)',
    );
  const form = await readMultipartForm(request, {
    fileFields: FILE_FIELDS,
    knownFields: TEXT_FIELDS,
    maxFileBytes: RELEASE_FILE_MAX_BYTES,
    maxFiles: RELEASE_FILE_FIELDS.length,
    maxFields: 12,
  });
  const files: ReleaseFiles = {};
  for (const file of form.files) {
    const field = file.field as ReleaseFileField;
    if (files[field]) throw fieldError(field, `${field} was sent twice`);
    files[field] = file.bytes;
  }
  const fields = new Map<string, string>();
  for (const [name, values] of form.fields)
    if (values[0] !== undefined) fields.set(name, values[0]);
  return { fields, files };
}

const formErrors = {
  400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.INVALID_IMAGE),
  413: routeErrors(ErrorCodes.PAYLOAD_TOO_LARGE),
  415: routeErrors(ErrorCodes.UNSUPPORTED_MEDIA_TYPE),
};

export async function releasesRoutes(app: App) {
  const { ctx } = app;
  const tags = ['releases'];

  app.post(
    '/releases',
    {
      config: { auth: 'creator', rateLimit: ReleaseLimits.create },
      schema: {
        tags,
        summary:
          'Create a model release signed in person (multipart: modelName, modelDob, idType, idNumber, signatureDataUrl, creatorSignatureDataUrl, idPhotoFront, idPhotoBack?, modelHoldingIdPhoto)',
        consumes: ['multipart/form-data'],
        response: { 201: ReleaseResponse, ...formErrors },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { fields, files } = await readReleaseForm(request);
      return reply.status(201).send({ release: await createRelease(ctx, user, fields, files) });
    },
  );

  app.get(
    '/releases/list',
    {
      config: { auth: 'creator' },
      schema: {
        tags,
        summary: "The creator's model releases (pending and signed), newest first",
        response: { 200: ReleaseListResponse },
      },
    },
    async (request) => listReleases(ctx, authOf(request).user.id),
  );

  app.post(
    '/releases/pending',
    {
      config: { auth: 'creator', rateLimit: ReleaseLimits.create },
      schema: {
        tags,
        summary: 'Invite a co-performer to sign a release through a consent link',
        body: PendingReleaseBody,
        response: { 201: PendingReleaseResponse, ...formErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPendingRelease(ctx, authOf(request).user, request.body)),
  );

  app.delete(
    '/releases/:id',
    {
      config: { auth: 'creator' },
      schema: {
        tags,
        summary: 'Revoke a model release (posts can no longer name it)',
        params: ReleaseIdParams,
        response: { 200: OkResponse, 404: routeErrors(ErrorCodes.RELEASE_NOT_FOUND) },
      },
    },
    async (request) => revokeRelease(ctx, authOf(request).user.id, request.params.id),
  );

  app.get(
    '/releases/:id/files/:field',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A release's ID image (its creator and admins only)",
        params: ReleaseFileParams,
        response: {
          200: Type.Unknown({ description: 'the image (WebP)' }),
          404: routeErrors(ErrorCodes.RELEASE_NOT_FOUND, ErrorCodes.NOT_FOUND),
        },
      },
      onRequest: async (_request, reply) => {
        // set first, so refusals are not cached either
        reply.header('cache-control', 'private, no-store').header('vary', 'cookie, authorization');
      },
    },
    async (request, reply) => {
      const file = await openReleaseFile(
        ctx,
        authOf(request).user,
        request.params.id,
        request.params.field,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );

  app.get(
    '/releases/consent/:token',
    {
      config: { auth: 'public', rateLimit: ReleaseLimits.consent },
      schema: {
        tags,
        summary: 'What a co-performer is asked to sign (no account needed)',
        params: ConsentTokenParams,
        response: { 200: ConsentView, 404: routeErrors(ErrorCodes.CONSENT_LINK_INVALID) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getConsent(ctx, request.params.token);
    },
  );

  app.post(
    '/releases/consent/:token',
    {
      config: { auth: 'public', rateLimit: ReleaseLimits.consent },
      schema: {
        tags,
        summary:
          'Sign a release through its consent link (multipart: modelName, modelDob, idType, idNumber, signatureDataUrl, idPhotoFront, idPhotoBack?, modelHoldingIdPhoto)',
        consumes: ['multipart/form-data'],
        params: ConsentTokenParams,
        response: {
          200: ConsentSignedResponse,
          ...formErrors,
          404: routeErrors(ErrorCodes.CONSENT_LINK_INVALID),
          409: routeErrors(ErrorCodes.CONFLICT),
        },
      },
    },
    async (request) => {
      const { fields, files } = await readReleaseForm(request);
      return signConsent(ctx, request.params.token, fields, files);
    },
  );
}
