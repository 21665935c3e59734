import {
  BatchPresignedUrlsBody,
  BatchPresignedUrlsResponse,
  BulkUploadResponse,
  CompleteUploadBody,
  DirectUploadParams,
  DirectUploadQuery,
  ErrorCodes,
  MEDIA_BULK_MAX_FILES,
  PresignedUrl,
  PresignedUrlBody,
  routeErrors,
  UPLOAD_MAX_BYTES,
  UploadResponse,
  VaultMediaItem,
  type FailedUpload,
  type VaultMediaItem as VaultMediaItemType,
} from '@fanspace/contracts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import type { MediaItemRow, MediaUploadRow } from '../../platform/db/schema.ts';
import { presentMedia, presentVaultItem } from './media.presenter.ts';
import { MediaLimits } from './media.limits.ts';
import { readUploadForm } from './media-multipart.ts';
import { mediaViewerOf } from './media.routes.ts';
import { ingestMedia } from './media.service.ts';
import {
  checkDirectUpload,
  completeUpload,
  createPresignedUpload,
  receiveDirectUpload,
} from './media-uploads.service.ts';

const tags = ['media'];
const E = ErrorCodes;
const uploadErrors = {
  400: routeErrors(E.VALIDATION_FAILED, E.INVALID_IMAGE),
  404: routeErrors(E.MEDIA_FOLDER_NOT_FOUND),
  413: routeErrors(E.PAYLOAD_TOO_LARGE),
  415: routeErrors(E.UNSUPPORTED_MEDIA_TYPE),
};

declare module 'fastify' {
  interface FastifyRequest {
    /** the pending upload a direct PUT was checked against before its body was read */
    mediaUpload?: MediaUploadRow;
  }
}

/** Uploads (SPEC §7): multipart, bulk, and presigned (local direct PUT or S3 + complete). */
export async function mediaUploadRoutes(app: App) {
  const { ctx } = app;

  async function uploadOne(request: Parameters<typeof mediaViewerOf>[0]) {
    const viewer = mediaViewerOf(request);
    const form = await readUploadForm(request, { fileFields: ['file'], maxFiles: 1 });
    const item = await ingestMedia(ctx, viewer.userId, form.files[0]!, {
      ...(form.folderId !== undefined ? { folderId: form.folderId } : {}),
      ...(form.title ? { title: form.title } : {}),
    });
    return presentVaultItem(ctx, item, viewer);
  }

  app.post(
    '/media/upload',
    {
      config: { auth: 'user', rateLimit: MediaLimits.upload },
      schema: {
        tags,
        summary: 'Upload one file to the vault (multipart: file, title?, folderId?)',
        consumes: ['multipart/form-data'],
        response: { 201: VaultMediaItem, ...uploadErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await uploadOne(request)),
  );

  app.post(
    '/uploads/upload',
    {
      config: { auth: 'user', rateLimit: MediaLimits.upload },
      schema: {
        tags,
        summary: 'Upload one file (multipart: file); answers with the item and its url',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResponse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const item = await uploadOne(request);
      return reply.status(201).send({ ...item, url: item.mediaUrl });
    },
  );

  app.post(
    '/media/bulk-upload',
    {
      config: { auth: 'user', rateLimit: MediaLimits.bulkUpload },
      schema: {
        tags,
        summary: `Upload up to ${MEDIA_BULK_MAX_FILES} files (multipart: files, folderId?)`,
        description:
          'Files that pass are kept and listed in `items`; the others are listed in `failed` with their error. When none passes, the first error is the response.',
        consumes: ['multipart/form-data'],
        response: { 201: BulkUploadResponse, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const viewer = mediaViewerOf(request);
      const form = await readUploadForm(request, {
        fileFields: ['files', 'files[]', 'file'],
        maxFiles: MEDIA_BULK_MAX_FILES,
      });
      const items: VaultMediaItemType[] = [];
      const failed: FailedUpload[] = [];
      let firstError: AppError | undefined;
      // one at a time: image decoding and ffmpeg are heavy, and order is kept
      for (const file of form.files) {
        try {
          const item = await ingestMedia(ctx, viewer.userId, file, {
            ...(form.folderId !== undefined ? { folderId: form.folderId } : {}),
          });
          items.push(presentVaultItem(ctx, item, viewer));
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          firstError ??= error;
          failed.push({
            filename: file.filename,
            status: error.statusCode,
            code: error.code,
            message: error.message,
          });
        }
      }
      if (items.length === 0 && firstError) throw firstError;
      return reply.status(201).send({ items, failed });
    },
  );

  app.post(
    '/uploads/presigned-url',
    {
      config: { auth: 'user', rateLimit: MediaLimits.presign },
      schema: {
        tags,
        summary: 'A URL to PUT one file to (local: our direct route; S3: the bucket)',
        body: PresignedUrlBody,
        response: { 200: PresignedUrl, ...uploadErrors },
      },
    },
    async (request) => createPresignedUpload(ctx, mediaViewerOf(request).userId, request.body),
  );

  app.post(
    '/uploads/batch-presigned-urls',
    {
      config: { auth: 'user', rateLimit: MediaLimits.presign },
      schema: {
        tags,
        summary: `Presigned URLs for up to ${MEDIA_BULK_MAX_FILES} files`,
        body: BatchPresignedUrlsBody,
        response: { 200: BatchPresignedUrlsResponse, ...uploadErrors },
      },
    },
    async (request) => {
      const { userId } = mediaViewerOf(request);
      const uploads = [];
      for (const file of request.body.files)
        uploads.push(await createPresignedUpload(ctx, userId, file));
      return { uploads };
    },
  );

  app.post(
    '/uploads/complete',
    {
      config: { auth: 'user', rateLimit: MediaLimits.complete },
      schema: {
        tags,
        summary: 'Process a file PUT to a presigned S3 URL (idempotent)',
        body: CompleteUploadBody,
        response: {
          200: UploadResponse,
          ...uploadErrors,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_IMAGE, E.UPLOAD_NOT_RECEIVED),
          404: routeErrors(E.UPLOAD_NOT_FOUND, E.MEDIA_FOLDER_NOT_FOUND),
        },
      },
    },
    async (request) => {
      const viewer = mediaViewerOf(request);
      const item = presentVaultItem(
        ctx,
        await completeUpload(ctx, viewer.userId, request.body.uploadId),
        viewer,
      );
      return { ...item, url: item.mediaUrl };
    },
  );

  // The direct PUT takes raw bytes of any declared type (the content decides), so it lives in
  // a scope of its own where no other route gets that parser.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put(
      '/uploads/direct/:uploadId',
      {
        // the signed URL is the credential, like a presigned bucket URL
        config: { auth: 'public', rateLimit: MediaLimits.directUpload },
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          tags,
          summary: 'The presigned direct PUT of local storage: raw bytes in, the item out',
          params: DirectUploadParams,
          querystring: DirectUploadQuery,
          response: {
            201: UploadResponse,
            ...uploadErrors,
            403: routeErrors(E.MEDIA_URL_INVALID, E.MEDIA_URL_EXPIRED),
            404: routeErrors(E.UPLOAD_NOT_FOUND, E.MEDIA_FOLDER_NOT_FOUND),
          },
        },
        // refuse before reading up to 200 MB: bad signature, used upload, oversized body
        onRequest: async (request) => {
          const { uploadId } = request.params as { uploadId: string };
          const query = request.query as { exp?: string; sig?: string };
          const length = Number(request.headers['content-length']);
          request.mediaUpload = await checkDirectUpload(
            ctx,
            uploadId,
            Number(query.exp),
            String(query.sig ?? ''),
            Number.isFinite(length) ? length : null,
          );
        },
      },
      async (request, reply) => {
        const upload = request.mediaUpload!;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const item = await receiveDirectUpload(ctx, upload, bytes);
        return reply
          .status(201)
          .send(
            presentUpload(
              item,
              request.auth?.user.id === upload.owner_id ? mediaViewerOf(request) : null,
            ),
          );
      },
    );
  });

  /** The owner's view when the PUT carried their session; else only what is public. */
  function presentUpload(item: MediaItemRow, viewer: ReturnType<typeof mediaViewerOf> | null) {
    const view = viewer
      ? presentVaultItem(ctx, item, viewer)
      : {
          ...presentMedia(ctx, item, { unlocked: false, viewer: null }),
          folderId: item.folder_id,
          mimeType: item.mime,
          sizeBytes: item.size_bytes,
          originalUrl: null,
          createdAt: item.created_at.toISOString(),
        };
    return { ...view, url: view.mediaUrl };
  }
}
