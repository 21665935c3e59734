import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  stream: Readable;
  /** size of the whole object, also when the stream carries a range */
  size: number;
  contentType: string;
  /** the bytes the stream carries when a range was asked for */
  range?: ByteRange;
}

export interface FileStat {
  size: number;
  contentType: string;
}

/** A browser PUTs the bytes straight to storage: the URL and the headers it must send. */
export interface PresignedUpload {
  url: string;
  headers: Record<string, string>;
}

/**
 * Media storage behind one small interface: local disk (`DATA_DIR/media`) by default,
 * S3-compatible storage when `S3_BUCKET` is set. Keys carry their namespace (see keys.ts); only
 * `public/…` keys ever get a URL, private ones are streamed by an authorising route.
 */
export interface FileStorage {
  /** Writes the object; the content type must match the key's extension. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Like put, streaming a local file (exports: never held in memory whole). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The object (or `range` of it; the caller checked the range against `stat`). */
  stream(key: string, range?: ByteRange): Promise<StoredFile | null>;
  stat(key: string): Promise<FileStat | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** URL a browser loads a `public/…` key from. */
  publicUrl(key: string): string;
  /**
   * A URL the browser PUTs exactly `size` bytes to, when the store takes uploads directly (S3).
   * Absent for local disk, where the API's own direct-upload route receives them.
   */
  presignUpload?(
    key: string,
    contentType: string,
    size: number,
    expiresInSeconds: number,
  ): Promise<PresignedUpload>;
}

type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

const instances = new WeakMap<object, FileStorage>();

/** The process's storage for a config (one instance per config, so tests stay isolated). */
export function getFileStorage(
  config: Pick<Config, 'dataDir'> & Partial<StorageConfig>,
): FileStorage {
  const cached = instances.get(config);
  if (cached) return cached;
  const storage = config.S3_BUCKET
    ? new S3Storage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE ?? false,
        publicBaseUrl: config.S3_PUBLIC_URL,
      })
    : new LocalDiskStorage(path.join(config.dataDir, 'media'));
  instances.set(config, storage);
  return storage;
}

/** Puts a given storage behind a config (tests: a stand-in for a bucket). */
export function useFileStorage(config: object, storage: FileStorage): void {
  instances.set(config, storage);
}
