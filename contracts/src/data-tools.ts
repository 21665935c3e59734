import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Privacy and data tools (SPEC §1, §3 "Data tools", §4 "Data tools" and "Account deletion", §7
 * "Data tools" and the GDPR family, §9 "Export downloads are named as zip files"). Exports and
 * imports are jobs (id, status, type, format) run by the job runner; sync, storage usage,
 * cleanup, retention and the deletion request act on the caller's own data only.
 */

export const DATA_EXPORT_TYPES = [
  'all',
  'profile',
  'posts',
  'messages',
  'media',
  'transactions',
  'followers',
  'subscribers',
] as const;
export type DataExportType = (typeof DATA_EXPORT_TYPES)[number];
export const DATA_EXPORT_FORMATS = ['json', 'csv'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

export const DATA_IMPORT_TYPES = ['profile', 'social-links', 'media'] as const;
export type DataImportType = (typeof DATA_IMPORT_TYPES)[number];
export const DATA_IMPORT_FORMATS = ['zip', 'json', 'csv'] as const;
export type DataImportFormat = (typeof DATA_IMPORT_FORMATS)[number];

export const DATA_JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type DataJobStatus = (typeof DATA_JOB_STATUSES)[number];

/** §4 Sync status (the client animates it; the server answers with the outcome). */
export const SYNC_STATUSES = ['idle', 'syncing', 'error'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const CONSENT_TYPES = [
  'terms',
  'privacy',
  'marketing',
  'analytics',
  'personalization',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

export const STORAGE_CATEGORIES = [
  'posts',
  'vault',
  'messages',
  'profile',
  'documents',
  'exports',
  'imports',
] as const;
export type StorageCategory = (typeof STORAGE_CATEGORIES)[number];

export const DataToolsLimits = {
  /** a finished export can be downloaded this long, then it is deleted */
  exportTtlDays: 7,
  /** exports waiting or running per account at once */
  activeExportsMax: 2,
  /** an import upload (zip, csv or json) */
  importMaxBytes: 100 * 1024 * 1024,
  /** inside an import zip: entries, total uncompressed bytes, one entry, compression ratio */
  importZipMaxEntries: 1000,
  importZipMaxTotalBytes: 1024 * 1024 * 1024,
  importZipMaxEntryBytes: 200 * 1024 * 1024,
  importZipMaxRatio: 100,
  /** profile.json / csv files read into memory */
  importTextMaxBytes: 1024 * 1024,
  deletionGraceDays: 30,
  reasonMax: 1000,
  retentionMinDays: 7,
  retentionMaxDays: 3650,
  pageSize: 20,
  maxPageSize: 100,
  /** the current version of the terms and privacy policy a consent refers to */
  consentVersion: '2026-11',
} as const;

export const DATA_TOOLS_MESSAGES = {
  exportQueued: 'Your export is being prepared. You can download it here when it is ready.',
  exportNotFound: 'Export not found',
  exportNotReady: 'This export is not ready yet',
  exportDeleted: 'Export deleted',
  tooManyExports: 'You already have exports being prepared. Wait for them to finish.',
  importQueued: 'Your file was accepted and is being imported.',
  importNotFound: 'Import not found',
  importCancelled: 'Import cancelled',
  importCancelledError: 'Cancelled by user',
  importFinished: 'This import has already finished',
  syncDone: 'Your account data is in sync',
  cacheCleared: 'Cache cleared',
  storageOptimized: 'Storage optimized',
  cleanupDone: 'Old data cleaned up',
  deletionRequested:
    'Your account will be deleted after the grace period. You can cancel until then.',
  deletionCancelled: 'Your account deletion was cancelled',
  deletionNotFound: 'There is no pending deletion request',
  accountDeleted: 'Account deleted successfully',
  retentionSaved: 'Retention settings saved',
  consentSaved: 'Consent saved',
  notAuthenticated: 'Not authenticated',
  noCurrentUser: 'No current user found',
} as const;

/**
 * A string that is one of `values` (JSON schema enum), typed as their union. Free of side
 * effects (the spread would otherwise keep every schema using it in the web build).
 */
const oneOf = /* @__NO_SIDE_EFFECTS__ */ <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

const DataExportTypeSchema = oneOf(DATA_EXPORT_TYPES);
const DataExportFormatSchema = oneOf(DATA_EXPORT_FORMATS);
const DataImportTypeSchema = oneOf(DATA_IMPORT_TYPES);
const DataImportFormatSchema = oneOf(DATA_IMPORT_FORMATS);
const DataJobStatusSchema = oneOf(DATA_JOB_STATUSES);
const ConsentTypeSchema = oneOf(CONSENT_TYPES);

// ---- export ----

export const DataExportBody = Type.Object(
  {
    type: Type.Optional(DataExportTypeSchema),
    format: Type.Optional(DataExportFormatSchema),
  },
  { additionalProperties: false },
);
export type DataExportBody = Static<typeof DataExportBody>;

export const DataExportJob = Type.Object({
  id: Type.String(),
  status: DataJobStatusSchema,
  type: DataExportTypeSchema,
  format: DataExportFormatSchema,
  /** 0 to 100 */
  progress: Type.Integer(),
  /** `fanspace-export-<username>-<date>.zip` once completed */
  filename: Nullable(Type.String()),
  sizeBytes: Nullable(Type.Integer()),
  /** data files plus media files in the zip */
  fileCount: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
  /** GET this (signed-in) to download the zip; null until completed */
  downloadUrl: Nullable(Type.String()),
  message: Type.Optional(Type.String()),
});
export type DataExportJob = Static<typeof DataExportJob>;

export const DataJobParams = Type.Object({ id: Uuid });
export type DataJobParams = Static<typeof DataJobParams>;

export const DataJobsQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: DataToolsLimits.maxPageSize,
    default: DataToolsLimits.pageSize,
  }),
  /** nextCursor of the previous page */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DataJobsQuery = Static<typeof DataJobsQuery>;

export const DataExportsPage = Type.Object({
  exports: Type.Array(DataExportJob),
  nextCursor: Nullable(Type.String()),
});
export type DataExportsPage = Static<typeof DataExportsPage>;

// ---- import ----

export const DataImportResult = Type.Object({
  imported: Type.Integer(),
  skipped: Type.Integer(),
  failed: Type.Integer(),
  /** one line per skipped or failed entry (first 50) */
  notes: Type.Array(Type.String()),
});
export type DataImportResult = Static<typeof DataImportResult>;

export const DataImportJob = Type.Object({
  id: Type.String(),
  status: DataJobStatusSchema,
  type: DataImportTypeSchema,
  format: DataImportFormatSchema,
  progress: Type.Integer(),
  /** the uploaded file's name */
  filename: Type.String(),
  sizeBytes: Type.Integer(),
  error: Nullable(Type.String()),
  result: Nullable(DataImportResult),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  message: Type.Optional(Type.String()),
});
export type DataImportJob = Static<typeof DataImportJob>;

export const DataImportsPage = Type.Object({
  imports: Type.Array(DataImportJob),
  nextCursor: Nullable(Type.String()),
});
export type DataImportsPage = Static<typeof DataImportsPage>;

// ---- sync, cache, storage ----

export const DataSyncResponse = Type.Object({
  status: oneOf(SYNC_STATUSES),
  lastSync: Type.String(),
  progress: Type.Integer(),
  counters: Type.Object({
    followers: Type.Integer(),
    following: Type.Integer(),
    subscribers: Type.Integer(),
    posts: Type.Integer(),
  }),
  /** counters that were off and have been corrected: name → [stored, recomputed] */
  corrected: Type.Record(Type.String(), Type.Tuple([Type.Integer(), Type.Integer()])),
  /** media items whose stored size was measured during the sync */
  measuredMedia: Type.Integer(),
  message: Type.String(),
});
export type DataSyncResponse = Static<typeof DataSyncResponse>;

export const ClearCacheResponse = Type.Object({
  message: Type.String(),
  cleared: Type.Object({
    storageMeasurements: Type.Integer(),
    notificationCursor: Type.Integer(),
    idempotencyKeys: Type.Integer(),
    abandonedUploads: Type.Integer(),
  }),
});
export type ClearCacheResponse = Static<typeof ClearCacheResponse>;

export const OptimizeStorageResponse = Type.Object({
  message: Type.String(),
  bytesFreed: Type.Integer(),
  filesRemoved: Type.Integer(),
  /** unused redundant copies (same content) removed from the vault */
  duplicatesRemoved: Type.Integer(),
  /** leftover files of deleted vault items */
  orphanedFilesRemoved: Type.Integer(),
  expiredExportsRemoved: Type.Integer(),
});
export type OptimizeStorageResponse = Static<typeof OptimizeStorageResponse>;

export const StorageUsageCategory = Type.Object({
  key: oneOf(STORAGE_CATEGORIES),
  label: Type.String(),
  bytes: Type.Integer(),
  files: Type.Integer(),
});
export type StorageUsageCategory = Static<typeof StorageUsageCategory>;

export const StorageUsageResponse = Type.Object({
  totalBytes: Type.Integer(),
  totalFiles: Type.Integer(),
  categories: Type.Array(StorageUsageCategory),
  /** false while some media sizes are still being measured (their upload size is used) */
  exact: Type.Boolean(),
  measuredAt: Type.String(),
});
export type StorageUsageResponse = Static<typeof StorageUsageResponse>;

export const CleanupBody = Type.Object(
  {
    /**
     * an ISO date in the past, a duration back from now ('12h', '30d', '8w', '6m', '1y') or a
     * number of days (30 = '30d'); the number comes first so that a number is never read as text
     */
    olderThan: Type.Union([Type.Number(), Type.String({ minLength: 2, maxLength: 40 })]),
  },
  { additionalProperties: false },
);
export type CleanupBody = Static<typeof CleanupBody>;

export const CleanupResponse = Type.Object({
  message: Type.String(),
  olderThan: Type.String(),
  deleted: Type.Object({
    exports: Type.Integer(),
    imports: Type.Integer(),
    notifications: Type.Integer(),
  }),
});
export type CleanupResponse = Static<typeof CleanupResponse>;

// ---- retention ----

const RetentionDays = Nullable(
  Type.Integer({
    minimum: DataToolsLimits.retentionMinDays,
    maximum: DataToolsLimits.retentionMaxDays,
  }),
);

export const RetentionSettings = Type.Object({
  /** your own sent chat messages older than this many days are deleted; null keeps them */
  messagesDays: RetentionDays,
  /** notifications older than this many days are deleted; null keeps them */
  notificationsDays: RetentionDays,
  updatedAt: Nullable(Type.String()),
  /** when the retention job last ran for you */
  lastRunAt: Nullable(Type.String()),
  message: Type.Optional(Type.String()),
});
export type RetentionSettings = Static<typeof RetentionSettings>;

export const RetentionSettingsBody = Type.Object(
  {
    messagesDays: Type.Optional(RetentionDays),
    notificationsDays: Type.Optional(RetentionDays),
  },
  { additionalProperties: false },
);
export type RetentionSettingsBody = Static<typeof RetentionSettingsBody>;

// ---- deletion request ----

export const DeletionRequestBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: DataToolsLimits.reasonMax })) },
  { additionalProperties: false },
);
export type DeletionRequestBody = Static<typeof DeletionRequestBody>;

export const DeletionRequest = Type.Object({
  id: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('cancelled'),
    Type.Literal('completed'),
  ]),
  reason: Nullable(Type.String()),
  requestedAt: Type.String(),
  /** the account is anonymised at this time unless the request is cancelled */
  scheduledFor: Type.String(),
  cancelledAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
});
export type DeletionRequest = Static<typeof DeletionRequest>;

export const DeletionRequestResponse = Type.Object({
  request: Nullable(DeletionRequest),
  message: Type.Optional(Type.String()),
});
export type DeletionRequestResponse = Static<typeof DeletionRequestResponse>;

/** POST /gdpr/delete-account: erase now, confirmed like DELETE /users/me. */
export const GdprDeleteAccountBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 256 })),
    confirmation: Type.Optional(Type.String({ maxLength: 32 })),
    reason: Type.Optional(Type.String({ maxLength: DataToolsLimits.reasonMax })),
  },
  { additionalProperties: false },
);
export type GdprDeleteAccountBody = Static<typeof GdprDeleteAccountBody>;

// ---- consent ----

export const ConsentRecord = Type.Object({
  id: Type.String(),
  type: ConsentTypeSchema,
  granted: Type.Boolean(),
  version: Type.String(),
  timestamp: Type.String(),
});
export type ConsentRecord = Static<typeof ConsentRecord>;

export const ConsentBody = Type.Object(
  {
    /** one of type or consentType (its alias) is required; type wins */
    type: Type.Optional(ConsentTypeSchema),
    consentType: Type.Optional(ConsentTypeSchema),
    granted: Type.Boolean(),
    version: Type.Optional(
      Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9._-]+$' }),
    ),
  },
  { additionalProperties: false },
);
export type ConsentBody = Static<typeof ConsentBody>;

export const ConsentState = Type.Object({
  /** the latest record of each type (types never answered are absent) */
  current: Type.Array(ConsentRecord),
  /** every record, newest first (append-only) */
  history: Type.Array(ConsentRecord),
  currentVersion: Type.String(),
  message: Type.Optional(Type.String()),
});
export type ConsentState = Static<typeof ConsentState>;
