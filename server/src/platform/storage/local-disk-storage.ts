import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ByteRange, FileStat, FileStorage, StoredFile } from './file-storage.ts';
import {
  assertValidKey,
  contentTypeForKey,
  InvalidStorageKeyError,
  namespaceOf,
  PUBLIC_FILES_PREFIX,
} from './keys.ts';

/** Files under one root directory, one file per key; writes are atomic (temp file + rename). */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Key → absolute path, refusing anything that would resolve outside the root. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (contentTypeForKey(key) !== contentType)
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    // private documents are readable by the server user only
    await fsp.writeFile(temp, bytes, { mode: namespaceOf(key) === 'private' ? 0o600 : 0o644 });
    await fsp.rename(temp, file);
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    if (contentTypeForKey(key) !== contentType)
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fsp.copyFile(filePath, temp);
    await fsp.chmod(temp, namespaceOf(key) === 'private' ? 0o600 : 0o644);
    await fsp.rename(temp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const stat = await fsp.stat(file);
      if (!stat.isFile()) return null;
      return {
        stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}),
        size: stat.size,
        contentType: contentTypeForKey(key) ?? 'application/octet-stream',
        ...(range ? { range } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      if (!stat.isFile()) return null;
      return { size: stat.size, contentType: contentTypeForKey(key) ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  publicUrl(key: string): string {
    if (namespaceOf(key) !== 'public') throw new Error(`No public URL for private key ${key}`);
    return `${PUBLIC_FILES_PREFIX}${key}`;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
