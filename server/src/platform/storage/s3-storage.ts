import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type {
  ByteRange,
  FileStat,
  FileStorage,
  PresignedUpload,
  StoredFile,
} from './file-storage.ts';
import { assertValidKey, contentTypeForKey, namespaceOf, PUBLIC_FILES_PREFIX } from './keys.ts';
import { lazyModule } from '../lazy-module.ts';

/** The AWS SDK (~30 MB resident) is loaded by the first storage call of a process using S3. */
const loadS3 = lazyModule(() => import('@aws-sdk/client-s3'));
const loadPresigner = lazyModule(() => import('@aws-sdk/s3-request-presigner'));

export interface S3StorageOptions {
  bucket: string;
  region?: string | undefined;
  /** S3-compatible endpoint (MinIO, R2, …); unset: AWS */
  endpoint?: string | undefined;
  /** unset: the SDK's default chain (environment, instance role) */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** CDN or bucket URL for public keys; unset: the API streams them at /api/files/public/… */
  publicBaseUrl?: string | undefined;
  /** tests pass a client of their own */
  client?: S3Client;
}

/**
 * One object per key in one bucket. The bucket can stay fully private: private keys are streamed
 * by the authorising media route and public ones by /api/files/public unless a public base URL
 * (a CDN in front of the `public/` prefix) is configured. Browsers upload straight to the bucket
 * with presigned PUT URLs whose content type and length are part of the signature.
 */
export class S3Storage implements FileStorage {
  /** the SDK and the client, made on first use */
  private readonly sdk: () => Promise<{ s3: typeof S3Sdk; client: S3Client }>;
  private readonly bucket: string;
  private readonly publicBaseUrl: string | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
    this.sdk = lazyModule(async () => {
      const s3 = await loadS3();
      return { s3, client: options.client ?? S3Storage.clientFor(s3, options) };
    });
  }

  private static clientFor(s3: typeof S3Sdk, options: S3StorageOptions) {
    return new s3.S3Client({
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle,
      // otherwise the SDK signs a CRC32 of the empty body into presigned PUT URLs, and every
      // real upload fails the checksum; S3-compatible stores often lack the newer checksums too
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    if (contentTypeForKey(key) !== contentType)
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    const { s3, client } = await this.sdk();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        // public keys are unique per upload, so a CDN may keep them forever
        ...(namespaceOf(key) === 'public'
          ? { CacheControl: 'public, max-age=31536000, immutable' }
          : { CacheControl: 'private, no-store' }),
      }),
    );
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    if (contentTypeForKey(key) !== contentType)
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    const { size } = await fsp.stat(filePath);
    const { s3, client } = await this.sdk();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: fs.createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
        CacheControl:
          namespaceOf(key) === 'public'
            ? 'public, max-age=31536000, immutable'
            : 'private, no-store',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.stream(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async stream(key: string, range?: ByteRange): Promise<StoredFile | null> {
    assertValidKey(key);
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      const total = range
        ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? out.ContentLength ?? 0)
        : Number(out.ContentLength ?? 0);
      return {
        stream: out.Body,
        size: total,
        contentType: contentTypeForKey(key) ?? 'application/octet-stream',
        ...(range ? { range } : {}),
      };
    } catch (error) {
      if (isMissing(s3.S3ServiceException, error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    assertValidKey(key);
    const { s3, client } = await this.sdk();
    try {
      const out = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: Number(out.ContentLength ?? 0),
        contentType: contentTypeForKey(key) ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(s3.S3ServiceException, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  publicUrl(key: string): string {
    if (namespaceOf(key) !== 'public') throw new Error(`No public URL for private key ${key}`);
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${key}` : `${PUBLIC_FILES_PREFIX}${key}`;
  }

  async presignUpload(
    key: string,
    contentType: string,
    size: number,
    expiresInSeconds: number,
  ): Promise<PresignedUpload> {
    assertValidKey(key);
    const [{ s3, client }, { getSignedUrl }] = await Promise.all([this.sdk(), loadPresigner()]);
    const command = new s3.PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    });
    // signing the type and the length means the browser cannot PUT anything bigger or other
    const url = await getSignedUrl(client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': contentType } };
  }
}

function isMissing(serviceException: typeof S3ServiceException, error: unknown): boolean {
  if (error instanceof serviceException)
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  return false;
}
