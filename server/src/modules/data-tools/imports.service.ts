import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  DATA_IMPORT_TYPES,
  DATA_TOOLS_MESSAGES,
  DataToolsLimits,
  ErrorCodes,
  type DataImportFormat,
  type DataImportJob,
  type DataImportResult,
  type DataImportsPage,
  type DataImportType,
  type DataJobsQuery,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { onCommit, withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { DataImportRow } from '../../platform/db/schema.ts';
import { parseCsv } from '../../platform/csv.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { PayloadTooLargeError } from '../../platform/storage/images.ts';
import { ingestMedia } from '../media/media.service.ts';
import {
  claimJobRow,
  decodeCursor,
  failJobRow,
  listJobs,
  touchJobRow,
} from './data-tools.queries.ts';
import {
  invalidImport,
  isZip,
  mediaMimeOf,
  PROFILE_FILES,
  readLimited,
  walkZip,
} from './import-archive.ts';
import type { ImportUpload } from './import-upload.ts';
import { applyProfileImport, applySocialLinks, type ImportTally } from './import-apply.ts';
import { iso } from './sections.ts';

/**
 * Imports (SPEC §7 POST /data/import, multipart file + type). What makes sense to bring in:
 * `profile` (a Fanspace export zip's data/account.json, settings.json, social_links.json, or one
 * JSON object), `social-links` (a CSV with platform and url columns) and `media` (a zip of
 * photos, videos and audio, e.g. an export's media/ folder, into the vault). The upload is
 * checked completely before it is accepted (type, size, zip names, sizes and ratios); the job
 * applies it with progress and can be cancelled (status failed, SPEC §4).
 */
export type ImportsCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

export const DATA_IMPORT_JOB = 'data.import';

const notFound = () =>
  new NotFoundError(DATA_TOOLS_MESSAGES.importNotFound, ErrorCodes.DATA_IMPORT_NOT_FOUND);
const CONTENT_TYPES: Record<DataImportFormat, string> = {
  zip: 'application/zip',
  json: 'application/json',
  csv: 'text/csv',
};
const importKey = (userId: string, id: string, format: DataImportFormat) =>
  `private/imports/${userId}/${id}.${format}`;

export function presentImport(row: DataImportRow): DataImportJob {
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    format: row.format,
    progress: row.status === 'completed' ? 100 : row.progress,
    filename: row.filename,
    sizeBytes: Number(row.size_bytes),
    error: row.error,
    result: (row.result as DataImportResult | null) ?? null,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
  };
}

async function head(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readText(file: string, size: number): Promise<string> {
  if (size > DataToolsLimits.importTextMaxBytes)
    throw new PayloadTooLargeError('A JSON or CSV import can be at most 1 MB');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await fsp.readFile(file));
  } catch {
    throw invalidImport('The file is not UTF-8 text');
  }
}

const wrongKind = (message: string) =>
  new AppError(415, ErrorCodes.UNSUPPORTED_MEDIA_TYPE, message, { field: 'file' });

/** Everything we can check before accepting: returns the detected format. */
async function checkUpload(type: DataImportType, upload: ImportUpload): Promise<DataImportFormat> {
  if (isZip(await head(upload.file))) {
    if (type === 'social-links')
      throw wrongKind('Social links are imported from a CSV file with platform and url columns');
    const scan = await walkZip(upload.file);
    const files = scan.entries.filter((e) => !e.isDirectory);
    if (type === 'profile' && !files.some((e) => PROFILE_FILES.includes(e.name)))
      throw invalidImport(
        'This zip is not a Fanspace export with profile data (data/account.json, data/settings.json or data/social_links.json)',
      );
    if (type === 'media' && !files.some((e) => mediaMimeOf(e.name)))
      throw invalidImport('This zip holds no photos, videos or audio files');
    return 'zip';
  }
  if (type === 'media')
    throw wrongKind('A media import is a zip file of photos, videos or audio files');
  const text = await readText(upload.file, upload.size);
  if (type === 'profile') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidImport('The profile file is not valid JSON');
    }
    if (typeof value !== 'object' || value === null)
      throw invalidImport('The profile file must hold a JSON object');
    return 'json';
  }
  const [header] = parseCsv(text);
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  if (!columns.includes('platform') || !columns.includes('url'))
    throw invalidImport('The CSV needs a header row with "platform" and "url" columns');
  return 'csv';
}

/** POST /data/import: validates the upload completely, stores it privately, queues the job. */
export async function acceptImport(
  ctx: ImportsCtx,
  userId: string,
  upload: ImportUpload,
): Promise<DataImportJob> {
  try {
    const type = upload.type as DataImportType | null;
    if (!type || !DATA_IMPORT_TYPES.includes(type))
      throw new BadRequestError(
        `Choose what the file holds: type must be one of ${DATA_IMPORT_TYPES.join(', ')}`,
        ErrorCodes.VALIDATION_FAILED,
        { field: 'type' },
      );
    const format = await checkUpload(type, upload);
    const id = randomUUID();
    const key = importKey(userId, id, format);
    const storage = getFileStorage(ctx.config);
    await storage.putFile(key, upload.file, CONTENT_TYPES[format]);
    try {
      const row = await withTransaction(ctx.db, async (tx) => {
        const inserted = await tx
          .insertInto('data_imports')
          .values({
            id,
            user_id: userId,
            type,
            format,
            storage_key: key,
            filename: upload.filename.slice(0, 255),
            size_bytes: upload.size,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ctx.jobs.enqueue(
          tx,
          DATA_IMPORT_JOB,
          { importId: id },
          { dedupeKey: `data-import:${id}`, maxAttempts: 3 },
        );
        return inserted;
      });
      return { ...presentImport(row), message: DATA_TOOLS_MESSAGES.importQueued };
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  } finally {
    await fsp.rm(upload.file, { force: true });
  }
}

async function ownImport(db: DbHandle, userId: string, id: string) {
  const row = await db
    .selectFrom('data_imports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getImport(ctx: ImportsCtx, userId: string, id: string) {
  return presentImport(await ownImport(ctx.db, userId, id));
}

export async function listImports(
  ctx: ImportsCtx,
  userId: string,
  query: DataJobsQuery,
): Promise<DataImportsPage> {
  const { rows, next } = await listJobs(
    ctx.db,
    'data_imports',
    userId,
    query.limit,
    decodeCursor(query.cursor),
  );
  return { imports: rows.map(presentImport), nextCursor: next };
}

/**
 * POST /data/import/{id}/cancel (SPEC §4: cancel sets status failed). A running import stops
 * before its next entry; what it already imported stays. A cancelled one answers as is; a
 * completed one cannot be cancelled (409).
 */
export async function cancelImport(
  ctx: ImportsCtx,
  userId: string,
  id: string,
): Promise<DataImportJob> {
  const row = await withTransaction(ctx.db, async (tx) => {
    const current = await tx
      .selectFrom('data_imports')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound();
    if (current.status === 'completed')
      throw new ConflictError(ErrorCodes.DATA_IMPORT_FINISHED, DATA_TOOLS_MESSAGES.importFinished);
    if (current.status === 'failed') return current;
    const updated = await tx
      .updateTable('data_imports')
      .set({
        status: 'failed',
        error: DATA_TOOLS_MESSAGES.importCancelledError,
        completed_at: new Date(),
        storage_key: null,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const key = current.storage_key;
    if (key && current.status === 'pending')
      onCommit(tx, () => getFileStorage(ctx.config).delete(key));
    return updated;
  });
  return { ...presentImport(row), message: DATA_TOOLS_MESSAGES.importCancelled };
}

class ImportStoppedError extends Error {}

/** Copies the stored upload to a temp file (zips need random access). */
async function localCopy(ctx: ImportsCtx, key: string): Promise<string> {
  const stored = await getFileStorage(ctx.config).stream(key);
  if (!stored) throw new Error('The uploaded file is gone');
  const dir = path.join(ctx.config.dataDir, 'tmp');
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `import-run-${randomBytes(8).toString('hex')}`);
  await pipeline(stored.stream, fs.createWriteStream(file, { mode: 0o600 }));
  return file;
}

async function importMedia(
  ctx: AppContext,
  row: DataImportRow,
  file: string,
  tally: ImportTally,
  keepGoing: (share: number) => Promise<boolean>,
) {
  const scan = await walkZip(file);
  const total = scan.entries.filter((e) => !e.isDirectory && mediaMimeOf(e.name)).length;
  let done = 0;
  await walkZip(file, async (entry, read) => {
    const mimetype = mediaMimeOf(entry.name);
    if (!mimetype) {
      if (!/^(data\/|manifest\.json$|README\.txt$)/.test(entry.name))
        tally.skip(`${entry.name}: not a photo, video or audio file`);
      return;
    }
    if (!(await keepGoing(done / Math.max(1, total)))) throw new ImportStoppedError();
    const bytes = await readLimited(await read(), DataToolsLimits.importZipMaxEntryBytes);
    const base = entry.name.slice(entry.name.lastIndexOf('/') + 1);
    try {
      await ingestMedia(
        ctx,
        row.user_id,
        { filename: base, mimetype, bytes },
        {
          title: base.replace(/\.[^.]+$/, '').slice(0, 100),
        },
      );
      tally.ok();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      tally.fail(`${entry.name}: ${error.message}`);
    }
    done += 1;
  });
}

/** Reads the profile files out of an export zip (each at most 1 MB). */
async function profileFilesOf(file: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  await walkZip(file, async (entry, read) => {
    if (!PROFILE_FILES.includes(entry.name)) return;
    const text = (await readLimited(await read(), DataToolsLimits.importTextMaxBytes)).toString();
    try {
      const value = JSON.parse(text) as unknown;
      found[entry.name.slice(5, -5)] =
        Array.isArray(value) && entry.name !== PROFILE_FILES[2] ? value[0] : value;
    } catch {
      throw invalidImport(`${entry.name} is not valid JSON`);
    }
  });
  return found;
}

/**
 * The job: claim the row, apply the file, record the tally. A cancel (row no longer
 * processing) stops it between entries; an invalid file fails it with the reason.
 */
export async function runImport(ctx: AppContext, importId: string): Promise<void> {
  const claimed = await claimJobRow(ctx.db, 'data_imports', importId);
  if (!claimed) return;
  const row = await ownImport(ctx.db, claimed.user_id, importId);
  let file: string | null = null;
  const notes: string[] = [];
  const result: DataImportResult = { imported: 0, skipped: 0, failed: 0, notes };
  const note = (text: string) => {
    if (notes.length < 50) notes.push(text);
  };
  const tally: ImportTally = {
    ok: () => void (result.imported += 1),
    skip: (text) => {
      result.skipped += 1;
      note(text);
    },
    fail: (text) => {
      result.failed += 1;
      note(text);
    },
  };
  const keepGoing = (share: number) => touchJobRow(ctx.db, 'data_imports', row.id, share * 100);
  try {
    if (!row.storage_key) throw invalidImport('The uploaded file is gone');
    file = await localCopy(ctx, row.storage_key);
    if (row.type === 'media') await importMedia(ctx, row, file, tally, keepGoing);
    else if (row.type === 'profile') {
      const data =
        row.format === 'zip'
          ? await profileFilesOf(file)
          : { file: JSON.parse(await fsp.readFile(file, 'utf8')) as unknown };
      await applyProfileImport(ctx, row.user_id, data, tally);
    } else
      await applySocialLinks(ctx, row.user_id, parseCsv(await fsp.readFile(file, 'utf8')), tally);
    const finished = await ctx.db
      .updateTable('data_imports')
      .set({
        status: 'completed',
        progress: 100,
        result: JSON.stringify(result),
        completed_at: new Date(),
        storage_key: null,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .returning('id')
      .executeTakeFirst();
    if (finished) await getFileStorage(ctx.config).delete(row.storage_key);
  } catch (error) {
    if (error instanceof ImportStoppedError) {
      // cancelled: the tally below keeps what got in before the stop
    } else {
      if (!(error instanceof AppError))
        ctx.log.warn({ err: error, importId }, 'data import failed');
      await failJobRow(
        ctx.db,
        'data_imports',
        row.id,
        error instanceof AppError ? error.message : 'The import could not be completed',
      );
    }
    await ctx.db
      .updateTable('data_imports')
      .set({ result: JSON.stringify(result), storage_key: null })
      .where('id', '=', row.id)
      .execute();
    if (row.storage_key) await getFileStorage(ctx.config).delete(row.storage_key);
  } finally {
    if (file) await fsp.rm(file, { force: true });
  }
}
