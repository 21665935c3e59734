import type { Readable } from 'node:stream';
import type { Entry } from 'yauzl';
import { lazyModule } from '../../platform/lazy-module.ts';
import { DataToolsLimits, ErrorCodes } from '@fanspace/contracts';
import { BadRequestError } from '../../platform/errors.ts';

/**
 * Reading import zips defensively. Before anything is extracted the central directory is
 * checked: entry count, names (no absolute paths, no `..`, no backslashes or drive letters, no
 * symlinks), declared sizes and compression ratios (zip bombs), encryption. While reading,
 * yauzl checks that each entry inflates to exactly its declared size, so a header that lies
 * about its size fails instead of filling the disk.
 */
export const invalidImport = (message: string, details: Record<string, unknown> = {}) =>
  new BadRequestError(message, ErrorCodes.DATA_IMPORT_INVALID, { field: 'file', ...details });

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry name is unsafe, or null when it is fine. */
export function unsafeEntryName(name: string): string | null {
  if (name.length === 0 || name.length > 255) return 'a file name is empty or too long';
  if (name.includes('\0')) return 'a file name contains a NUL byte';
  if (name.includes('\\')) return 'a file name contains a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'a file name is an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'a file name climbs out of the archive';
  return null;
}

export interface ZipEntryInfo {
  name: string;
  size: number;
  isDirectory: boolean;
}

export interface ZipScan {
  entries: ZipEntryInfo[];
  totalBytes: number;
}

const loadYauzl = lazyModule(async () => (await import('yauzl')).default);

async function open(file: string) {
  const yauzl = await loadYauzl();
  return yauzl
    .openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: true,
    })
    .catch((error: unknown) => {
      throw invalidImport(`The zip file cannot be read: ${messageOf(error)}`);
    });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Checks one central-directory entry against the limits; returns its size. */
function checkEntry(entry: Entry, state: { count: number; total: number }) {
  state.count += 1;
  if (state.count > DataToolsLimits.importZipMaxEntries)
    throw invalidImport(
      `The zip file holds more than ${DataToolsLimits.importZipMaxEntries} entries`,
    );
  const reason = unsafeEntryName(entry.fileName);
  if (reason) throw invalidImport(`The zip file is unsafe: ${reason}`, { entry: entry.fileName });
  if (entry.isEncrypted()) throw invalidImport('Encrypted zip files cannot be imported');
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK)
    throw invalidImport('The zip file is unsafe: it contains a symbolic link', {
      entry: entry.fileName,
    });
  const size = entry.uncompressedSize;
  if (size > DataToolsLimits.importZipMaxEntryBytes)
    throw invalidImport('A file in the zip is too large to import', { entry: entry.fileName });
  state.total += size;
  if (state.total > DataToolsLimits.importZipMaxTotalBytes)
    throw invalidImport('The zip file unpacks to more than we accept');
  // a tiny archive that inflates enormously is a zip bomb, whatever the totals say
  if (
    size > 1024 * 1024 &&
    size / Math.max(1, entry.compressedSize) > DataToolsLimits.importZipMaxRatio
  )
    throw invalidImport('The zip file is compressed suspiciously well (a zip bomb?)', {
      entry: entry.fileName,
    });
  return size;
}

/** Walks the entries; `visit` may read an entry with `read()`. The file is closed after. */
export async function walkZip(
  file: string,
  visit?: (entry: ZipEntryInfo, read: () => Promise<Readable>) => Promise<void>,
): Promise<ZipScan> {
  const zip = await open(file);
  const state = { count: 0, total: 0 };
  const entries: ZipEntryInfo[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (error: unknown) =>
        reject(invalidImport(`The zip file cannot be read: ${messageOf(error)}`)),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const size = checkEntry(entry, state);
          const info = {
            name: entry.fileName,
            size,
            isDirectory: entry.fileName.endsWith('/'),
          };
          entries.push(info);
          if (visit && !info.isDirectory) await visit(info, () => zip.openReadStreamPromise(entry));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { entries, totalBytes: state.total };
}

/** Reads a whole stream into memory, refusing more than `max` bytes. */
export async function readLimited(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > max) {
        stream.destroy();
        throw invalidImport('A file in the import is too large');
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof BadRequestError) throw error;
    // yauzl: an entry that inflates to more (or less) than its header says, a bad checksum
    throw invalidImport(`A file in the zip is damaged or not what it claims: ${messageOf(error)}`);
  }
  return Buffer.concat(chunks);
}

export const isZip = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** Extensions a media import takes (the media pipeline decides by content in the end). */
export const MEDIA_EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

export function mediaMimeOf(name: string): string | null {
  // a Fanspace export's uploaded tax documents (scans, PDFs) are not vault media
  if (name.startsWith('tax-documents/')) return null;
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base.startsWith('.')) return null; // __MACOSX/._x and other hidden files
  const ext = base.slice(base.lastIndexOf('.') + 1).toLowerCase();
  return MEDIA_EXTENSIONS[ext] ?? null;
}

/** The profile files a Fanspace export carries (JSON format). */
export const PROFILE_FILES = ['data/account.json', 'data/settings.json', 'data/social_links.json'];
