import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl: string | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
    this.client =
      options.client ??
      new S3Client({
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
    await this.client.send(
      new PutObjectCommand({
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
    await this.client.send(
      new PutObjectCommand({
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
    try {
      const out = await this.client.send(
        new GetObjectCommand({
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
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: Number(out.ContentLength ?? 0),
        contentType: contentTypeForKey(key) ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
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
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    });
    // signing the type and the length means the browser cannot PUT anything bigger or other
    const url = await getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': contentType } };
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException)
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  return false;
}
