import {
  ErrorCodes,
  routeErrors,
  VERIFICATION_FILE_FIELDS,
  VERIFICATION_FILE_MAX_BYTES,
  VerificationStatusResponse,
  type VerificationFileField,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { authOf } from '../users/users.routes.ts';
import { assertCanSubmit } from './verification.policy.ts';
import {
  getVerificationStatus,
  submitVerification,
  type VerificationFiles,
} from './verification.service.ts';
import { AccountLimits } from '../users/users.limits.ts';

const isFileField = (name: string): name is VerificationFileField =>
  (VERIFICATION_FILE_FIELDS as readonly string[]).includes(name);

/** Buffers the three known file fields; text fields are ignored, anything else is refused. */
async function readVerificationFiles(request: FastifyRequest): Promise<VerificationFiles> {
  if (!request.isMultipart())
    throw new AppError(
      415,
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      'Send the documents as multipart/form-data (idFront, optional idBack, selfieWithId)',
    );
  const files: VerificationFiles = {};
  const parts = request.parts({
    limits: { fileSize: VERIFICATION_FILE_MAX_BYTES, files: 3, fields: 10, parts: 20 },
  });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (!isFileField(part.fieldname))
      throw new BadRequestError(
        `Unexpected file field ${part.fieldname}`,
        ErrorCodes.VALIDATION_FAILED,
        {
          field: part.fieldname,
        },
      );
    if (files[part.fieldname])
      throw new BadRequestError(`${part.fieldname} was sent twice`, ErrorCodes.VALIDATION_FAILED, {
        field: part.fieldname,
      });
    // throws a 413 (RequestFileTooLargeError) past the per-file limit
    files[part.fieldname] = await part.toBuffer();
  }
  return files;
}

export async function verificationRoutes(app: App) {
  const { ctx } = app;
  const tags = ['verification'];

  app.get(
    '/users/me/verification',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Identity verification status and the latest submission',
        response: { 200: VerificationStatusResponse },
      },
    },
    async (request) => getVerificationStatus(ctx, authOf(request).user),
  );

  app.post(
    '/users/me/verification',
    {
      config: { auth: 'user', rateLimit: AccountLimits.verificationSubmit },
      schema: {
        tags,
        summary:
          'Submit identity documents to become a creator (multipart: idFront, idBack?, selfieWithId)',
        consumes: ['multipart/form-data'],
        response: {
          201: VerificationStatusResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.INVALID_IMAGE),
          409: routeErrors(ErrorCodes.VERIFICATION_PENDING, ErrorCodes.ALREADY_VERIFIED),
          413: routeErrors(ErrorCodes.PAYLOAD_TOO_LARGE),
          415: routeErrors(ErrorCodes.UNSUPPORTED_MEDIA_TYPE),
        },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      // refuse before buffering up to 30 MB of images that would be thrown away
      assertCanSubmit(user);
      const files = await readVerificationFiles(request);
      return reply.status(201).send(await submitVerification(ctx, user, files));
    },
  );
}
