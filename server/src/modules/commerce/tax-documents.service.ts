import { COMMERCE_LIMITS, ErrorCodes, type TaxDocument } from '@fanspace/contracts';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { TaxDocumentRow, UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { fieldError, type MultipartForm } from '../../platform/http/multipart-form.ts';
import { isUuid } from '../../platform/ids.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { loadFileType } from '../../platform/storage/sniff.ts';

/**
 * Tax documents a creator uploads (PDF, JPEG or PNG, checked by their bytes), stored under
 * private/ keys and streamed only to their owner and admins. Anyone else gets 404.
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;

const ALLOWED: Record<string, string> = { pdf: 'pdf', jpg: 'jpg', png: 'png' };

export const taxDocNotFound = () =>
  new NotFoundError('Tax document not found', ErrorCodes.TAX_DOCUMENT_NOT_FOUND);

export function presentTaxDocument(row: TaxDocumentRow): TaxDocument {
  return {
    id: row.id,
    userId: row.user_id,
    year: row.year,
    title: row.title,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size_bytes,
    downloadUrl: `/api/tax-documents/${row.id}/file`,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listTaxDocuments(ctx: Ctx, viewer: UserRow, userId?: string) {
  const owner = userId && viewer.is_admin ? userId : viewer.id;
  const rows = await ctx.db
    .selectFrom('tax_documents')
    .selectAll()
    .where('user_id', '=', owner)
    .orderBy('year', 'desc')
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return { documents: rows.map(presentTaxDocument) };
}

function one(form: MultipartForm, field: string) {
  return form.fields.get(field)?.[0]?.trim() ?? '';
}

/** The filename as a user would want to see it: no path, no control characters, ≤ 120. */
const cleanName = (name: string) =>
  // eslint-disable-next-line no-control-regex
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f"]/g, '').slice(0, 120) || 'document';

export async function uploadTaxDocument(ctx: Ctx, user: UserRow, form: MultipartForm) {
  const file = form.files.find((f) => f.field === 'file');
  if (!file) throw fieldError('file', 'file is required (PDF, JPEG or PNG)');
  const yearText = one(form, 'year');
  const year = Number(yearText);
  const thisYear = new Date().getUTCFullYear();
  if (!/^\d{4}$/.test(yearText) || year < 2000 || year > thisYear + 1)
    throw fieldError('year', `year must be between 2000 and ${thisYear + 1}`);
  const title = one(form, 'title') || `Tax document ${year}`;
  if (title.length > 120) throw fieldError('title', 'title must be at most 120 characters');
  const detected = await (await loadFileType()).fileTypeFromBuffer(file.bytes);
  const ext = detected ? ALLOWED[detected.ext] : undefined;
  if (!detected || !ext) throw fieldError('file', 'file must be a PDF, JPEG or PNG document');

  const id = randomUUID();
  const key = `private/tax-documents/${user.id}/${id}.${ext}`;
  const storage = getFileStorage(ctx.config);
  await storage.put(key, file.bytes, detected.mime);
  try {
    const row = await ctx.db
      .insertInto('tax_documents')
      .values({
        id,
        user_id: user.id,
        year,
        title,
        filename: cleanName(file.filename),
        content_type: detected.mime,
        size_bytes: file.bytes.length,
        storage_key: key,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentTaxDocument(row);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

async function visibleDocument(ctx: Ctx, viewer: UserRow, id: string) {
  if (!isUuid(id)) throw taxDocNotFound();
  const row = await ctx.db
    .selectFrom('tax_documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.user_id !== viewer.id && !viewer.is_admin)) throw taxDocNotFound();
  return row;
}

/** One document's metadata, as the list shows it: its owner and admins only (else 404). */
export async function getTaxDocument(ctx: Ctx, viewer: UserRow, id: string) {
  return presentTaxDocument(await visibleDocument(ctx, viewer, id));
}

export async function openTaxDocument(ctx: Ctx, viewer: UserRow, id: string) {
  const row = await visibleDocument(ctx, viewer, id);
  const file = await getFileStorage(ctx.config).stream(row.storage_key);
  if (!file) throw taxDocNotFound();
  return { row, file };
}

/** Only the owner deletes (an admin reads, never removes, a creator's records). */
export async function deleteTaxDocument(ctx: Ctx, viewer: UserRow, id: string) {
  const row = await ctx.db
    .deleteFrom('tax_documents')
    .where('id', '=', id)
    .where('user_id', '=', viewer.id)
    .returning('storage_key')
    .executeTakeFirst();
  if (!row) throw taxDocNotFound();
  await getFileStorage(ctx.config).delete(row.storage_key);
  return { ok: true as const, message: 'Tax document deleted' };
}

export const TAX_UPLOAD = {
  fileFields: new Set(['file']),
  knownFields: new Set(['year', 'title']),
  maxFileBytes: COMMERCE_LIMITS.taxDocumentBytes,
  maxFiles: 1,
  maxFields: 4,
};
