import { ErrorCodes, type MediaVariant } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { AppError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import {
  getFileStorage,
  type ByteRange,
  type StoredFile,
} from '../../platform/storage/file-storage.ts';
import { verifyFields } from '../../platform/storage/signed-urls.ts';
import { mayFetchMedia } from './media-access.ts';
import { processMedia, type IngestInput } from './media.pipeline.ts';
import { isUuid } from '../../platform/ids.ts';
import {
  ANONYMOUS_BINDING,
  CONTENT_URL_PURPOSE,
  contentSignatureFields,
  variantKey,
} from './media.presenter.ts';
import { findFolder, findLiveMedia, findOwnedMedia, insertMediaItem } from './media.queries.ts';

/**
 * The media module's API for its own routes and for other modules (posts, chats, stories):
 * ingest an upload, look up a creator's own items, present an item to a viewer, and let other
 * modules say who may fetch a private original. Signatures here are relied on elsewhere: keep
 * them stable.
 */
export type { IngestInput } from './media.pipeline.ts';
export { presentMedia, type MediaAccess, type MediaViewer } from './media.presenter.ts';
export { registerMediaAccessResolver, type MediaAccessResolver } from './media-access.ts';
export type { PresentedMedia } from '@fanspace/contracts';

export const mediaNotFound = () => new NotFoundError('Media not found', ErrorCodes.MEDIA_NOT_FOUND);
export const folderNotFound = () =>
  new NotFoundError('Folder not found', ErrorCodes.MEDIA_FOLDER_NOT_FOUND);

/** 404 unless the folder exists and is the owner's (null/undefined: the root, always fine). */
export async function assertOwnFolder(
  db: DbHandle,
  ownerId: string,
  folderId: string | null | undefined,
): Promise<void> {
  if (folderId === null || folderId === undefined) return;
  if (!isUuid(folderId) || !(await findFolder(db, ownerId, folderId))) throw folderNotFound();
}

/**
 * Sniff, validate, re-encode, make renditions and the teaser, store the files and insert the
 * item. 415 for types we do not take, 413 above the type's cap, 400 for broken or oversized
 * images; files of a failed insert are removed again.
 */
export async function ingestMedia(
  ctx: AppContext,
  ownerId: string,
  input: IngestInput,
  options: { folderId?: string | null; title?: string } = {},
): Promise<MediaItemRow> {
  // refuse a stranger's folder before spending seconds on the file
  await assertOwnFolder(ctx.db, ownerId, options.folderId);
  const processed = await processMedia(ctx, ownerId, input, options);
  try {
    return await withTransaction(ctx.db, async (tx) => {
      // the folder may have been deleted meanwhile: then the item lands in the root
      const folderId = options.folderId ?? null;
      const folder = folderId ? await findFolder(tx, ownerId, folderId) : undefined;
      return insertMediaItem(tx, { ...processed.values, folder_id: folder ? folderId : null });
    });
  } catch (error) {
    const storage = getFileStorage(ctx.config);
    await Promise.allSettled(processed.keys.map((key) => storage.delete(key)));
    throw error;
  }
}

/**
 * The owner's live items in the order asked for; 404 MEDIA_NOT_FOUND naming the ids that are
 * missing, deleted or someone else's (a stranger's item is indistinguishable from none).
 */
export async function getOwnedMedia(
  db: DbHandle,
  ownerId: string,
  ids: string[],
): Promise<MediaItemRow[]> {
  const unique = [...new Set(ids)];
  const valid = unique.filter(isUuid);
  const rows = await findOwnedMedia(db, ownerId, valid);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length > 0)
    throw new NotFoundError('Media not found', ErrorCodes.MEDIA_NOT_FOUND, { missingIds: missing });
  return unique.map((id) => byId.get(id)!);
}

export interface ContentRequest {
  mediaId: string;
  variant: MediaVariant;
  exp: number;
  sig: string;
  /** the requesting session, from the cookie or bearer token; null when there is none */
  session: { id: string; userId: string } | null;
  range?: { start: number; end?: number } | { suffix: number };
}

const invalidUrl = () =>
  new ForbiddenError(ErrorCodes.MEDIA_URL_INVALID, 'This media link is not valid for this session');

/**
 * Checks a signed content URL and opens the file. The signature must be ours, unexpired and
 * made for the requesting session; then the item must exist and the viewer may fetch it now
 * (owner, or a registered resolver). Every refusal happens before a byte is read.
 */
export async function openMediaContent(
  ctx: AppContext,
  request: ContentRequest,
): Promise<StoredFile & { status: 200 | 206 }> {
  const { mediaId, variant, exp, sig, session } = request;
  if (!isUuid(mediaId)) throw invalidUrl();
  // a URL is bound to the session it was signed for, or to no session (a visitor's URL)
  const bindings = session ? [session.id, ANONYMOUS_BINDING] : [ANONYMOUS_BINDING];
  const binding = bindings.find((b) =>
    verifyFields(
      ctx.config,
      CONTENT_URL_PURPOSE,
      contentSignatureFields(mediaId, variant, b, exp),
      sig,
    ),
  );
  if (!binding) throw invalidUrl();
  const viewer = binding === ANONYMOUS_BINDING || !session ? null : { userId: session.userId };
  if (exp * 1000 < Date.now())
    throw new ForbiddenError(ErrorCodes.MEDIA_URL_EXPIRED, 'This media link has expired');
  const [item] = await findLiveMedia(ctx.db, [mediaId]);
  const key = item ? variantKey(item, variant) : null;
  if (!item || !key) throw mediaNotFound();
  if (!(await mayFetchMedia(ctx, viewer, item)))
    throw new ForbiddenError(
      ErrorCodes.MEDIA_ACCESS_DENIED,
      'You do not have access to this media',
    );
  const storage = getFileStorage(ctx.config);
  const stat = await storage.stat(key);
  if (!stat) throw mediaNotFound();
  const range = request.range ? resolveRange(request.range, stat.size) : undefined;
  const file = await storage.stream(key, range);
  if (!file) throw mediaNotFound();
  return { ...file, status: range ? 206 : 200 };
}

/** An HTTP byte range against the file size; 416 when it cannot be satisfied. */
function resolveRange(
  range: NonNullable<ContentRequest['range']>,
  size: number,
): ByteRange | undefined {
  if (size === 0) return undefined;
  const resolved =
    'suffix' in range
      ? { start: Math.max(0, size - range.suffix), end: size - 1 }
      : { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
  if (resolved.start > resolved.end || resolved.start >= size)
    throw new RangeNotSatisfiableError(size);
  return resolved;
}

/** 416; the route adds the `Content-Range` with the size so the player can ask again. */
export class RangeNotSatisfiableError extends AppError {
  constructor(readonly size: number) {
    super(416, ErrorCodes.VALIDATION_FAILED, 'Requested range not satisfiable');
  }
}
