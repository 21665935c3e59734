import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Media vault and uploads (SPEC §3 Media item and Upload, §7 Media and uploads). Every uploaded
 * item is private: its original and clear renditions are served only through short-lived URLs
 * signed for one session; the blurred teaser is public.
 */

export const MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export const MediaType = Type.Union([
  Type.Literal('image'),
  Type.Literal('video'),
  Type.Literal('audio'),
]);
export type MediaType = Static<typeof MediaType>;

const MB = 1024 * 1024;
/** Byte caps by type, checked after the type was read from the content (413 above). */
export const MEDIA_MAX_BYTES: Record<MediaType, number> = {
  image: 25 * MB,
  video: 200 * MB,
  audio: 25 * MB,
};
/** The largest file any upload route reads (the video cap). */
export const UPLOAD_MAX_BYTES = 200 * MB;
/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
export const MEDIA_BULK_MAX_FILES = 20;
/** SPEC §9: duplicates find 50. */
export const DUPLICATES_FIND_LIMIT = 50;
export const MEDIA_TITLE_MAX = 200;
export const MEDIA_DESCRIPTION_MAX = 2000;

/** What `GET /media/{id}/content` can serve; which exist depends on the item's type. */
export const MEDIA_VARIANTS = ['original', 'large', 'small', 'poster'] as const;
export const MediaVariant = Type.Union([
  Type.Literal('original'),
  Type.Literal('large'),
  Type.Literal('small'),
  Type.Literal('poster'),
]);
export type MediaVariant = Static<typeof MediaVariant>;

const strict = { additionalProperties: false } as const;

/**
 * SPEC §3 Media item as any viewer sees it. Locked: `mediaUrl` null and `thumbnailUrl` the
 * blurred teaser, so no clear pixel is reachable. Unlocked: URLs signed for the viewer's session.
 */
export const PresentedMedia = Type.Object({
  id: Type.String(),
  mediaType: MediaType,
  title: Type.String(),
  description: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  durationSeconds: Nullable(Type.Number()),
  /** public blurred preview; null for audio */
  teaserUrl: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  mediaUrl: Nullable(Type.String()),
});
export type PresentedMedia = Static<typeof PresentedMedia>;

/** A vault item as its owner sees it: the presented item plus file facts and the original. */
export const VaultMediaItem = Type.Object({
  ...PresentedMedia.properties,
  folderId: Nullable(Type.String()),
  mimeType: Type.String(),
  sizeBytes: Type.Integer(),
  /** full-resolution file (re-encoded without metadata for images) */
  originalUrl: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type VaultMediaItem = Static<typeof VaultMediaItem>;

export const MediaIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type MediaIdParams = Static<typeof MediaIdParams>;

/** `folderId=root` lists items outside any folder; without it every item is listed. */
export const MediaListQuery = Type.Object({
  folderId: Type.Optional(Type.String({ maxLength: 64 })),
  mediaType: Type.Optional(MediaType),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type MediaListQuery = Static<typeof MediaListQuery>;

export const MediaListResponse = Type.Object({
  items: Type.Array(VaultMediaItem),
  hasMore: Type.Boolean(),
  /** opaque keyset cursor for the next page; null on the last page */
  nextCursor: Nullable(Type.String()),
});
export type MediaListResponse = Static<typeof MediaListResponse>;

export const UpdateMediaBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MEDIA_TITLE_MAX })),
    description: Type.Optional(Type.String({ maxLength: MEDIA_DESCRIPTION_MAX })),
    /** null moves the item to the root */
    folderId: Type.Optional(Nullable(Uuid)),
  },
  strict,
);
export type UpdateMediaBody = Static<typeof UpdateMediaBody>;

export const MediaFolder = Type.Object({
  id: Type.String(),
  name: Type.String(),
  parentId: Nullable(Type.String()),
  itemCount: Type.Integer(),
  createdAt: Type.String(),
});
export type MediaFolder = Static<typeof MediaFolder>;

export const MediaFoldersResponse = Type.Object({ folders: Type.Array(MediaFolder) });
export type MediaFoldersResponse = Static<typeof MediaFoldersResponse>;

export const CreateMediaFolderBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    parentId: Type.Optional(Nullable(Uuid)),
  },
  strict,
);
export type CreateMediaFolderBody = Static<typeof CreateMediaFolderBody>;

export const UpdateMediaFolderBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    parentId: Type.Optional(Nullable(Uuid)),
  },
  strict,
);
export type UpdateMediaFolderBody = Static<typeof UpdateMediaFolderBody>;

export const MoveMediaBody = Type.Object(
  {
    mediaIds: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true }),
    /** null moves the items to the root */
    folderId: Nullable(Uuid),
  },
  strict,
);
export type MoveMediaBody = Static<typeof MoveMediaBody>;

export const MoveMediaResponse = Type.Object({ moved: Type.Integer() });
export type MoveMediaResponse = Static<typeof MoveMediaResponse>;

/**
 * Items with the same content hash (sha256 of the uploaded bytes). `duplicateItems` counts the
 * redundant copies (every item of a group but one); `wastedBytes` is their size.
 */
export const DuplicateStats = Type.Object({
  duplicateGroups: Type.Integer(),
  duplicateItems: Type.Integer(),
  wastedBytes: Type.Integer(),
});
export type DuplicateStats = Static<typeof DuplicateStats>;

export const DuplicatesFindQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: DUPLICATES_FIND_LIMIT }),
});
export type DuplicatesFindQuery = Static<typeof DuplicatesFindQuery>;

export const DuplicateGroup = Type.Object({
  contentHash: Type.String(),
  count: Type.Integer(),
  sizeBytes: Type.Integer(),
  wastedBytes: Type.Integer(),
  /** oldest first: the first one is the copy to keep */
  items: Type.Array(VaultMediaItem),
});
export type DuplicateGroup = Static<typeof DuplicateGroup>;

export const DuplicatesFindResponse = Type.Object({ groups: Type.Array(DuplicateGroup) });
export type DuplicatesFindResponse = Static<typeof DuplicatesFindResponse>;

/** POST /uploads/upload: the vault item plus `url` (its mediaUrl) for simple clients. */
export const UploadResponse = Type.Object({
  ...VaultMediaItem.properties,
  url: Nullable(Type.String()),
});
export type UploadResponse = Static<typeof UploadResponse>;

export const FailedUpload = Type.Object({
  filename: Type.String(),
  status: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});
export type FailedUpload = Static<typeof FailedUpload>;

/** Bulk upload keeps the files that passed; the others are listed with their error. */
export const BulkUploadResponse = Type.Object({
  items: Type.Array(VaultMediaItem),
  failed: Type.Array(FailedUpload),
});
export type BulkUploadResponse = Static<typeof BulkUploadResponse>;

export const PresignedUrlBody = Type.Object(
  {
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    contentType: Type.String({ minLength: 3, maxLength: 100 }),
    size: Type.Integer({ minimum: 1, maximum: UPLOAD_MAX_BYTES }),
    folderId: Type.Optional(Nullable(Uuid)),
    title: Type.Optional(Type.String({ maxLength: MEDIA_TITLE_MAX })),
  },
  strict,
);
export type PresignedUrlBody = Static<typeof PresignedUrlBody>;

/**
 * Where to PUT the raw bytes (with `headers`). Local storage: our direct route, which answers
 * with the vault item (`requiresComplete` false). S3: a presigned bucket URL, then
 * `POST /uploads/complete {uploadId}`. Send the PUT without cookies (`credentials: 'omit'`).
 */
export const PresignedUrl = Type.Object({
  uploadId: Type.String(),
  uploadUrl: Type.String(),
  method: Type.Literal('PUT'),
  headers: Type.Record(Type.String(), Type.String()),
  expiresAt: Type.String(),
  requiresComplete: Type.Boolean(),
});
export type PresignedUrl = Static<typeof PresignedUrl>;

export const BatchPresignedUrlsBody = Type.Object(
  { files: Type.Array(PresignedUrlBody, { minItems: 1, maxItems: MEDIA_BULK_MAX_FILES }) },
  strict,
);
export type BatchPresignedUrlsBody = Static<typeof BatchPresignedUrlsBody>;

export const BatchPresignedUrlsResponse = Type.Object({ uploads: Type.Array(PresignedUrl) });
export type BatchPresignedUrlsResponse = Static<typeof BatchPresignedUrlsResponse>;

export const CompleteUploadBody = Type.Object({ uploadId: Uuid }, strict);
export type CompleteUploadBody = Static<typeof CompleteUploadBody>;

export const DirectUploadParams = Type.Object({ uploadId: Type.String({ maxLength: 64 }) });
export type DirectUploadParams = Static<typeof DirectUploadParams>;

export const DirectUploadQuery = Type.Object({
  exp: Type.Integer({ minimum: 0 }),
  sig: Type.String({ maxLength: 128 }),
});
export type DirectUploadQuery = Static<typeof DirectUploadQuery>;

export const MediaContentQuery = Type.Object({
  variant: MediaVariant,
  exp: Type.Integer({ minimum: 0 }),
  sig: Type.String({ maxLength: 128 }),
});
export type MediaContentQuery = Static<typeof MediaContentQuery>;
