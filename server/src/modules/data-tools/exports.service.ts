import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  DATA_TOOLS_MESSAGES,
  DataToolsLimits,
  ErrorCodes,
  type DataExportBody,
  type DataExportJob,
  type DataExportsPage,
  type DataJobsQuery,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { onCommit, withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { DataExportRow } from '../../platform/db/schema.ts';
import { AppError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { notify } from '../notifications/notify.ts';
import {
  claimJobRow,
  decodeCursor,
  failJobRow,
  listJobs,
  touchJobRow,
} from './data-tools.queries.ts';
import { ExportStoppedError, writeArchive } from './export-archive.ts';
import { iso } from './sections.ts';

/**
 * Data exports (SPEC §7 POST /data/export …): a request inserts a pending row and a job in one
 * transaction; the job writes the zip to a temp file and moves it into private storage; the
 * owner downloads it until it expires (7 days), when another job removes it. Every route
 * answers 404 for another user's export id.
 */
export type ExportsCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'bus'>;

export const DATA_EXPORT_JOB = 'data.export';
export const DATA_EXPORT_EXPIRE_JOB = 'data.export-expire';
const DAY_MS = 24 * 60 * 60_000;

const notFound = () =>
  new NotFoundError(DATA_TOOLS_MESSAGES.exportNotFound, ErrorCodes.DATA_EXPORT_NOT_FOUND);

export const exportKey = (userId: string, id: string) => `private/exports/${userId}/${id}.zip`;

/** `fanspace-export-<username>-<YYYY-MM-DD>.zip` (SPEC §9: export downloads are zip files). */
export function exportFilename(username: string, at: Date) {
  const safe = username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `fanspace-export-${safe}-${at.toISOString().slice(0, 10)}.zip`;
}

export function presentExport(row: DataExportRow): DataExportJob {
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    format: row.format,
    progress: row.status === 'completed' ? 100 : row.progress,
    filename: row.filename,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    fileCount: row.file_count,
    error: row.error,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
    expiresAt: iso(row.expires_at),
    downloadUrl: row.status === 'completed' ? `/api/data/export/${row.id}/download` : null,
  };
}

async function ownExport(db: DbHandle, userId: string, id: string) {
  const row = await db
    .selectFrom('data_exports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** POST /data/export: at most two exports waiting or running per account. */
export async function requestExport(
  ctx: ExportsCtx,
  userId: string,
  body: DataExportBody,
): Promise<DataExportJob> {
  const row = await withTransaction(ctx.db, async (tx) => {
    // serialise one account's requests so the limit holds under concurrency
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const { n } = await tx
      .selectFrom('data_exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    if (Number(n) >= DataToolsLimits.activeExportsMax)
      throw new AppError(429, ErrorCodes.LIMIT_REACHED, DATA_TOOLS_MESSAGES.tooManyExports);
    const inserted = await tx
      .insertInto('data_exports')
      .values({ user_id: userId, type: body.type ?? 'all', format: body.format ?? 'json' })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.jobs.enqueue(
      tx,
      DATA_EXPORT_JOB,
      { exportId: inserted.id },
      { dedupeKey: `data-export:${inserted.id}`, maxAttempts: 3 },
    );
    return inserted;
  });
  return { ...presentExport(row), message: DATA_TOOLS_MESSAGES.exportQueued };
}

export async function listExports(
  ctx: ExportsCtx,
  userId: string,
  query: DataJobsQuery,
): Promise<DataExportsPage> {
  const { rows, next } = await listJobs(
    ctx.db,
    'data_exports',
    userId,
    query.limit,
    decodeCursor(query.cursor),
  );
  return { exports: rows.map(presentExport), nextCursor: next };
}

export async function getExport(ctx: ExportsCtx, userId: string, id: string) {
  return presentExport(await ownExport(ctx.db, userId, id));
}

/** DELETE /data/export/{id}: the row and its file; a running export stops at its next step. */
export async function deleteExport(ctx: ExportsCtx, userId: string, id: string) {
  await withTransaction(ctx.db, async (tx) => {
    const row = await tx
      .deleteFrom('data_exports')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(['storage_key'])
      .executeTakeFirst();
    if (!row) throw notFound();
    const key = row.storage_key;
    if (key) onCommit(tx, () => getFileStorage(ctx.config).delete(key));
  });
  return { message: DATA_TOOLS_MESSAGES.exportDeleted };
}

/** GET /data/export/{id}/download: the owner's finished, unexpired zip as a stream. */
export async function openExportDownload(ctx: ExportsCtx, userId: string, id: string) {
  const row = await ownExport(ctx.db, userId, id);
  if (row.status !== 'completed' || !row.storage_key)
    throw new ConflictError(ErrorCodes.DATA_EXPORT_NOT_READY, DATA_TOOLS_MESSAGES.exportNotReady, {
      status: row.status,
    });
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw notFound();
  const file = await getFileStorage(ctx.config).stream(row.storage_key);
  if (!file) throw notFound();
  return { file, filename: row.filename ?? exportFilename('user', row.created_at) };
}

/** Deletes expired exports (and those of deleted accounts) with their files. */
export async function expireExport(ctx: ExportsCtx, id: string, now = new Date()) {
  const row = await ctx.db
    .deleteFrom('data_exports')
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb('user_id', 'in', eb.selectFrom('users').select('id').where('status', '=', 'deleted')),
      ]),
    )
    .returning(['storage_key'])
    .executeTakeFirst();
  if (row?.storage_key) await getFileStorage(ctx.config).delete(row.storage_key);
  return row !== undefined;
}

/**
 * The job: claim the row (a pending one, or a running one whose worker went silent), write the
 * zip to DATA_DIR/tmp, store it privately, then mark it completed, schedule its expiry and
 * notify the owner, in one transaction. An export deleted meanwhile stops and leaves nothing.
 */
export async function runExport(ctx: ExportsCtx, exportId: string): Promise<void> {
  const claimed = await claimJobRow(ctx.db, 'data_exports', exportId);
  if (!claimed) return;
  const row = await ownExport(ctx.db, claimed.user_id, exportId);
  const user = await ctx.db
    .selectFrom('users')
    .select(['username', 'status'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const storage = getFileStorage(ctx.config);
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await fsp.mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `export-${row.id}-${randomBytes(4).toString('hex')}.zip`);
  const key = exportKey(row.user_id, row.id);
  let lastWrite = 0;
  try {
    const { fileCount } = await writeArchive({
      db: ctx.db,
      storage,
      userId: row.user_id,
      username: user.username,
      type: row.type,
      format: row.format,
      file,
      onProgress: async (share) => {
        // the row is the heartbeat too; at most about one write a second
        if (Date.now() - lastWrite < 1000 && share < 1) return true;
        lastWrite = Date.now();
        return touchJobRow(ctx.db, 'data_exports', row.id, share * 100);
      },
    });
    const { size } = await fsp.stat(file);
    await storage.putFile(key, file, 'application/zip');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + DataToolsLimits.exportTtlDays * DAY_MS);
    const completed = await withTransaction(ctx.db, async (tx) => {
      const done = await tx
        .updateTable('data_exports')
        .set({
          status: 'completed',
          progress: 100,
          storage_key: key,
          filename: exportFilename(user.username, now),
          size_bytes: size,
          file_count: fileCount,
          completed_at: now,
          expires_at: expiresAt,
          error: null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'processing')
        .returning('id')
        .executeTakeFirst();
      if (!done) return false;
      await ctx.jobs.enqueue(
        tx,
        DATA_EXPORT_EXPIRE_JOB,
        { exportId: row.id },
        { runAt: expiresAt, dedupeKey: `data-export-expire:${row.id}` },
      );
      await notify(tx, {
        userId: row.user_id,
        type: 'system',
        relatedType: 'data_export',
        relatedId: row.id,
        data: {
          message: 'Your data export is ready to download',
          exportId: row.id,
          url: '/settings/data',
        },
      });
      return true;
    });
    // deleted while it ran: the file must not outlive the row
    if (!completed) await storage.delete(key);
  } catch (error) {
    if (!(error instanceof ExportStoppedError)) {
      ctx.log.warn({ err: error, exportId: row.id }, 'data export failed');
      await failJobRow(
        ctx.db,
        'data_exports',
        row.id,
        'The export could not be completed. Please try again.',
      );
    }
  } finally {
    await fsp.rm(file, { force: true });
  }
}
