import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { DataExportFormat, DataExportType } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { csvRow } from '../../platform/csv.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { isValidKey } from '../../platform/storage/keys.ts';
import { lazyModule } from '../../platform/lazy-module.ts';

const loadYazl = lazyModule(() => import('yazl'));
import {
  accountSections,
  mediaPath,
  mediaSections,
  messageSections,
  moneySections,
  peopleSections,
  postSections,
} from './content-sections.ts';
import { familySections, taxDocumentPath } from './family-sections.ts';
import { personalSections } from './personal-sections.ts';
import {
  afterKey,
  keyColumns,
  keyset,
  ownedRows,
  PAGE,
  type DataSection,
  type Row,
} from './sections.ts';

/** The sections each export type holds; `all` is every one plus the personal records. */
export function sectionsFor(db: DbHandle, userId: string, type: DataExportType): DataSection[] {
  switch (type) {
    case 'profile':
      return accountSections(db, userId);
    case 'posts':
      return postSections(db, userId);
    case 'messages':
      return messageSections(db, userId);
    case 'media':
      return mediaSections(db, userId);
    case 'transactions':
      return moneySections(db, userId);
    case 'followers':
      return peopleSections(db, userId, 'followers');
    case 'subscribers':
      return peopleSections(db, userId, 'subscribers');
    case 'all':
      return [
        ...accountSections(db, userId),
        ...postSections(db, userId),
        ...messageSections(db, userId),
        ...mediaSections(db, userId),
        ...moneySections(db, userId),
        ...peopleSections(db, userId, 'followers'),
        ...peopleSections(db, userId, 'subscribers'),
        ...personalSections(db, userId),
        ...familySections(db, userId),
      ];
  }
}

/** The user's own live vault items an export type carries as files. */
function mediaQuery(db: DbHandle, userId: string, type: DataExportType) {
  let q = db
    .selectFrom('media_items as m')
    .where('m.owner_id', '=', userId)
    .where('m.deleted_at', 'is', null);
  if (type === 'posts')
    q = q.where('m.id', 'in', (eb) =>
      eb
        .selectFrom('post_media as pm')
        .innerJoin('posts as p', 'p.id', 'pm.post_id')
        .select('pm.media_id')
        .where('p.user_id', '=', userId)
        .where('p.deleted_at', 'is', null),
    );
  if (type === 'messages')
    q = q.where((eb) =>
      eb.or([
        eb(
          'm.id',
          'in',
          eb
            .selectFrom('message_media as mm')
            .innerJoin('messages as x', 'x.id', 'mm.message_id')
            .select('mm.media_id')
            .where('x.sender_id', '=', userId),
        ),
        ...(['image_media_id', 'video_media_id', 'voice_media_id', 'teaser_media_id'] as const).map(
          (column) =>
            eb(
              'm.id',
              'in',
              eb
                .selectFrom('messages as x')
                .select(`x.${column}`)
                .where('x.sender_id', '=', userId)
                .where(`x.${column}`, 'is not', null),
            ),
        ),
      ]),
    );
  return q;
}

export const typeCarriesMedia = (type: DataExportType) =>
  type === 'all' || type === 'media' || type === 'posts' || type === 'messages';

export async function countMedia(db: DbHandle, userId: string, type: DataExportType) {
  if (!typeCarriesMedia(type)) return 0;
  const { n } = await mediaQuery(db, userId, type)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function mediaFiles(db: DbHandle, userId: string, type: DataExportType) {
  return keyset((after) =>
    mediaQuery(db, userId, type)
      .select(['m.id', 'm.original_key', 'm.size_bytes'])
      .select(keyColumns('m.created_at', 'm.id'))
      .where(afterKey('m.created_at', 'm.id', after))
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(PAGE)
      .execute(),
  );
}

/** Tax documents the user uploaded travel with the `all` export (their data rows are there). */
const typeCarriesTaxDocuments = (type: DataExportType) => type === 'all';

export async function countTaxDocuments(db: DbHandle, userId: string, type: DataExportType) {
  if (!typeCarriesTaxDocuments(type)) return 0;
  const { n } = await db
    .selectFrom('tax_documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export const taxDocumentFiles = (db: DbHandle, userId: string) =>
  keyset(ownedRows(db, 'tax_documents', 'user_id', userId));

/** JSON array text of a section, produced row by row. */
export async function* jsonArray(rows: AsyncIterable<Row>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* csvText(section: DataSection): AsyncGenerator<string> {
  yield csvRow(section.columns);
  for await (const row of section.rows()) yield csvRow(section.columns.map((c) => row[c]));
}

export interface ArchiveInput {
  db: DbHandle;
  storage: FileStorage;
  userId: string;
  username: string;
  type: DataExportType;
  format: DataExportFormat;
  /** where the zip is written */
  file: string;
  /** called after each entry with the share done (0..1); false stops the export */
  onProgress: (done: number) => Promise<boolean>;
}

export class ExportStoppedError extends Error {
  constructor() {
    super('The export was stopped');
  }
}

const README = (username: string, type: string, format: string, at: string) =>
  [
    `Fanspace data export of @${username}`,
    `Type: ${type}. Data format: ${format}. Made: ${at}.`,
    '',
    `data/   one ${format.toUpperCase()} file per kind of data (see manifest.json)`,
    'media/  your own media files, as stored (named by media id; the data files refer to them)',
    'tax-documents/  tax documents you uploaded (named by document id; see data/tax_documents)',
    '',
    'Other people appear only by username, as you see them in the app.',
    '',
  ].join('\n');

/**
 * Writes the export zip to `file`, one entry at a time: each section streams from the database
 * through the zip into the file, each media file and uploaded tax document streams from
 * storage, so neither a big section nor a big video is ever held in memory. Returns the entry
 * count and files that were missing in storage (named in the manifest).
 */
export async function writeArchive(input: ArchiveInput) {
  const { db, storage, userId, type, format } = input;
  const sections = sectionsFor(db, userId, type);
  const mediaTotal = await countMedia(db, userId, type);
  const taxTotal = await countTaxDocuments(db, userId, type);
  const steps = sections.length + mediaTotal + taxTotal;
  let done = 0;
  const step = async () => {
    done += 1;
    if (!(await input.onProgress(done / Math.max(1, steps)))) throw new ExportStoppedError();
  };

  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  const out = fs.createWriteStream(input.file, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  zip.outputStream.pipe(out);
  const mtime = new Date();
  const add = async (stream: Readable, name: string, compress: boolean) => {
    const finished = new Promise<void>((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    zip.addReadStream(stream, name, { compress, mtime });
    await finished;
  };

  const entries: Array<{
    path: string;
    section?: string;
    mediaId?: string;
    taxDocumentId?: string;
  }> = [];
  const missing: string[] = [];
  try {
    for (const section of sections) {
      const path = `data/${section.name}.${format}`;
      const text = format === 'json' ? jsonArray(section.rows()) : csvText(section);
      await add(Readable.from(text), path, true);
      entries.push({ path, section: section.name });
      await step();
    }
    if (mediaTotal > 0)
      for await (const item of mediaFiles(db, userId, type)) {
        const file = await storage.stream(item.original_key);
        const path = mediaPath(item);
        if (file) {
          await add(file.stream, path, false);
          entries.push({ path, mediaId: item.id });
        } else missing.push(path);
        await step();
      }
    if (taxTotal > 0)
      for await (const doc of taxDocumentFiles(db, userId)) {
        // a row whose key storage cannot read is named missing, not the end of the export
        const file = isValidKey(doc.storage_key) ? await storage.stream(doc.storage_key) : null;
        const path = taxDocumentPath(doc);
        if (file) {
          await add(file.stream, path, false);
          entries.push({ path, taxDocumentId: doc.id });
        } else missing.push(path);
        await step();
      }
    const madeAt = mtime.toISOString();
    zip.addBuffer(
      Buffer.from(
        JSON.stringify(
          { username: input.username, type, format, createdAt: madeAt, entries, missing },
          null,
          2,
        ),
      ),
      'manifest.json',
      { mtime },
    );
    zip.addBuffer(Buffer.from(README(input.username, type, format, madeAt)), 'README.txt', {
      mtime,
    });
    zip.end();
    await written;
  } catch (error) {
    zip.outputStream.unpipe(out);
    out.destroy();
    throw error;
  }
  return { fileCount: entries.length + 2, missing };
}
