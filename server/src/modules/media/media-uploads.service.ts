import {
  ErrorCodes,
  MEDIA_MAX_BYTES,
  type MediaType,
  type PresignedUrl,
  type PresignedUrlBody,
} from '@fanspace/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { MediaItemRow, MediaUploadRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { PayloadTooLargeError } from '../../platform/storage/images.ts';
import { signFields, verifyFields } from '../../platform/storage/signed-urls.ts';
import { cleanLine } from './media.pipeline.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  claimUpload,
  findLiveMedia,
  findUpload,
  finishUpload,
  insertUpload,
} from './media.queries.ts';
import { assertOwnFolder, ingestMedia } from './media.service.ts';

/**
 * Presigned uploads (SPEC §7): the client asks for a URL, PUTs the raw bytes there, and the
 * pipeline runs on them. Local storage: the URL is our own direct-upload route, signed, single
 * use, answering with the item. S3: a presigned bucket URL (type and length signed), then
 * `POST /uploads/complete`, which reads the staged object, ingests it and removes it.
 */

const DIRECT_UPLOAD_PURPOSE = 'direct-upload';

/** Declared types a presigned upload may announce; the content is still sniffed on arrival. */
const DECLARED_KINDS: Record<string, MediaType> = {
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/avif': 'image',
  'image/heic': 'image',
  'image/heif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
  'audio/mpeg': 'audio',
  'audio/mp3': 'audio',
  'audio/mp4': 'audio',
  'audio/m4a': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/webm': 'audio',
  'audio/wav': 'audio',
  'audio/wave': 'audio',
  'audio/x-wav': 'audio',
};

const uploadNotFound = () =>
  new NotFoundError('Upload not found, expired or already used', ErrorCodes.UPLOAD_NOT_FOUND);

function declaredKind(contentType: string): MediaType {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  const kind = DECLARED_KINDS[base];
  if (!kind)
    throw new AppError(
      415,
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      `Content type ${base || '(none)'} is not accepted. Upload a JPEG, PNG, WebP, GIF, AVIF or HEIC image, an MP4, WebM or MOV video, or MP3, M4A, OGG, WebM or WAV audio.`,
    );
  return kind;
}

export function directUploadSignature(ctx: Pick<AppContext, 'config'>, id: string, exp: number) {
  return signFields(ctx.config, DIRECT_UPLOAD_PURPOSE, [id, String(exp)]);
}

export async function createPresignedUpload(
  ctx: AppContext,
  ownerId: string,
  body: PresignedUrlBody,
): Promise<PresignedUrl> {
  const kind = declaredKind(body.contentType);
  if (body.size > MEDIA_MAX_BYTES[kind])
    throw new PayloadTooLargeError(
      `${kind} files can be at most ${Math.round(MEDIA_MAX_BYTES[kind] / 1048576)} MB`,
    );
  await assertOwnFolder(ctx.db, ownerId, body.folderId);
  const storage = getFileStorage(ctx.config);
  const id = randomUUID();
  const ttl = ctx.config.UPLOAD_URL_TTL_SECONDS;
  const exp = Math.floor(Date.now() / 1000) + ttl;
  const contentType = body.contentType.split(';')[0]!.trim().toLowerCase();
  const stagingKey = storage.presignUpload ? `private/uploads/${ownerId}/${id}.bin` : null;
  await insertUpload(ctx.db, {
    id,
    owner_id: ownerId,
    filename: cleanLine(body.filename) || 'upload',
    content_type: contentType,
    size_bytes: body.size,
    folder_id: body.folderId ?? null,
    title: body.title ? cleanLine(body.title) : null,
    staging_key: stagingKey,
    expires_at: new Date(exp * 1000),
  });
  const expiresAt = new Date(exp * 1000).toISOString();
  if (stagingKey && storage.presignUpload) {
    const signed = await storage.presignUpload(stagingKey, contentType, body.size, ttl);
    return {
      uploadId: id,
      uploadUrl: signed.url,
      method: 'PUT',
      headers: signed.headers,
      expiresAt,
      requiresComplete: true,
    };
  }
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  return {
    uploadId: id,
    uploadUrl: `${base}/api/uploads/direct/${id}?exp=${exp}&sig=${directUploadSignature(ctx, id, exp)}`,
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    expiresAt,
    requiresComplete: false,
  };
}

/**
 * The checks a direct PUT passes before its body is read: our signature, not expired, a pending
 * upload, and a Content-Length within what was announced.
 */
export async function checkDirectUpload(
  ctx: AppContext,
  id: string,
  exp: number,
  sig: string,
  contentLength: number | null,
): Promise<MediaUploadRow> {
  if (!isUuid(id) || !verifyFields(ctx.config, DIRECT_UPLOAD_PURPOSE, [id, String(exp)], sig))
    throw new ForbiddenError(ErrorCodes.MEDIA_URL_INVALID, 'This upload link is not valid');
  if (exp * 1000 < Date.now())
    throw new ForbiddenError(ErrorCodes.MEDIA_URL_EXPIRED, 'This upload link has expired');
  const upload = await findUpload(ctx.db, id);
  if (!upload || upload.status !== 'pending' || upload.staging_key) throw uploadNotFound();
  if (contentLength !== null && contentLength > upload.size_bytes)
    throw new PayloadTooLargeError(`The upload was announced with ${upload.size_bytes} bytes`);
  return upload;
}

/** Runs the pipeline on claimed bytes; the claim is released for a retry after a server fault. */
async function ingestClaimed(
  ctx: AppContext,
  upload: MediaUploadRow,
  bytes: Buffer,
): Promise<MediaItemRow> {
  try {
    if (bytes.length > upload.size_bytes)
      throw new PayloadTooLargeError(`The upload was announced with ${upload.size_bytes} bytes`);
    const item = await ingestMedia(
      ctx,
      upload.owner_id,
      { filename: upload.filename, mimetype: upload.content_type, bytes },
      { folderId: upload.folder_id, ...(upload.title ? { title: upload.title } : {}) },
    );
    await finishUpload(ctx.db, upload.id, { status: 'completed', mediaId: item.id });
    return item;
  } catch (error) {
    const clientFault = error instanceof AppError && error.statusCode < 500;
    await finishUpload(ctx.db, upload.id, { status: clientFault ? 'failed' : 'pending' });
    throw error;
  }
}

export async function receiveDirectUpload(
  ctx: AppContext,
  upload: MediaUploadRow,
  bytes: Buffer,
): Promise<MediaItemRow> {
  // single use: of two PUTs racing with the same URL one wins, the other is a 404
  const claimed = await claimUpload(ctx.db, upload.id, upload.owner_id);
  if (!claimed) throw uploadNotFound();
  return ingestClaimed(ctx, claimed, bytes);
}

/**
 * POST /uploads/complete: ingests the staged S3 object. Idempotent: a completed upload answers
 * with its item again (also for local direct uploads, whose PUT already ran the pipeline).
 */
export async function completeUpload(
  ctx: AppContext,
  ownerId: string,
  uploadId: string,
): Promise<MediaItemRow> {
  const upload = await findUpload(ctx.db, uploadId);
  if (!upload || upload.owner_id !== ownerId) throw uploadNotFound();
  if (upload.status === 'completed' && upload.media_id) {
    const [item] = await findLiveMedia(ctx.db, [upload.media_id]);
    if (item) return item;
  }
  const notReceived = () =>
    new BadRequestError(
      'The file has not been uploaded yet: PUT it to the upload URL first',
      ErrorCodes.UPLOAD_NOT_RECEIVED,
    );
  if (!upload.staging_key) {
    if (upload.status === 'pending') throw notReceived();
    throw uploadNotFound();
  }
  const storage = getFileStorage(ctx.config);
  const staged = await storage.stat(upload.staging_key);
  if (!staged) throw notReceived();
  const claimed = await claimUpload(ctx.db, upload.id, ownerId);
  if (!claimed) throw uploadNotFound();
  const bytes = await storage.get(upload.staging_key);
  if (!bytes) {
    await finishUpload(ctx.db, upload.id, { status: 'pending' });
    throw notReceived();
  }
  const dropStaged = () => storage.delete(upload.staging_key!).catch(() => undefined);
  try {
    const item = await ingestClaimed(ctx, claimed, bytes);
    await dropStaged();
    return item;
  } catch (error) {
    // refused content goes; after a server fault it stays for the retry
    if (error instanceof AppError && error.statusCode < 500) await dropStaged();
    throw error;
  }
}
