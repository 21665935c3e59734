import sharp from 'sharp';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3.test-kit.ts';
import { pngBomb } from './image-fixtures.test-kit.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { blurredTeaser, checkImageHeader, renderImage } from './renditions.ts';
import { S3Storage } from './s3-storage.ts';
import { expiryFor, signFields, verifyFields } from './signed-urls.ts';
import { looksLikeMarkup, sniffMedia } from './sniff.ts';

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff', width = 12, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('sniffMedia', () => {
  it('names the accepted image formats by their bytes', async () => {
    expect(await sniffMedia(await image('jpeg'))).toMatchObject({ kind: 'image', format: 'jpeg' });
    expect(await sniffMedia(await image('png'))).toMatchObject({ kind: 'image', format: 'png' });
    expect(await sniffMedia(await image('webp'))).toMatchObject({ kind: 'image', format: 'webp' });
    expect(await sniffMedia(await image('gif'))).toMatchObject({ kind: 'image', format: 'gif' });
    expect(await sniffMedia(await image('avif'))).toMatchObject({ kind: 'image', format: 'heif' });
  });

  it('returns null for markup, documents, TIFF and nothing', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const xmlSvg = Buffer.concat([Buffer.from('<?xml version="1.0"?>'), svg]);
    const html = Buffer.from('\uFEFF  <!DOCTYPE html><html></html>');
    for (const bytes of [
      svg,
      xmlSvg,
      html,
      Buffer.from('%PDF-1.7'),
      await image('tiff'),
      Buffer.alloc(0),
    ])
      expect(await sniffMedia(bytes)).toBeNull();
    expect(looksLikeMarkup(html)).toBe(true);
    expect(looksLikeMarkup(xmlSvg)).toBe(true);
    expect(looksLikeMarkup(await image('png'))).toBe(false);
  });

  it('recognises HEIC by its brand', async () => {
    // an ISO-BMFF header with the `heic` brand: what an iPhone photo starts with
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from('mif1heic'),
      Buffer.alloc(64),
    ]);
    expect(await sniffMedia(heic)).toMatchObject({ kind: 'image', format: 'heif' });
  });
});

describe('renditions', () => {
  it('refuses images above 50 megapixels from the header alone', async () => {
    // 7071² is just under 50 MP, 7072² just over
    await expect(checkImageHeader(pngBomb(7071), 'png')).resolves.toMatchObject({ width: 7071 });
    await expect(checkImageHeader(pngBomb(7072), 'png')).rejects.toMatchObject({
      statusCode: 400,
      code: 'INVALID_IMAGE',
    });
    await expect(checkImageHeader(await image('png'), 'jpeg')).rejects.toMatchObject({
      statusCode: 415,
    });
  });

  it('renders WebP without metadata at the right widths and keeps animation', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const animated = await renderImage(gif, await checkImageHeader(gif, 'gif'));
    expect(await sharp(animated.original.bytes).metadata()).toMatchObject({ pages: 2, width: 40 });
    expect(animated.original.height).toBe(30);

    const jpeg = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: '#123456' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'Leaky' } })
      .toBuffer();
    const out = await renderImage(jpeg, await checkImageHeader(jpeg, 'jpeg'));
    expect([out.original.width, out.large.width, out.small.width]).toEqual([2000, 1080, 320]);
    expect([out.large.height, out.small.height]).toEqual([540, 160]);
    for (const r of [out.original, out.large, out.small])
      expect((await sharp(r.bytes).metadata()).exif).toBeUndefined();
    expect((await sharp(out.teaser).metadata()).width).toBe(320);
    expect((await blurredTeaser(jpeg)).subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('signed URLs', () => {
  const config = { DATA_ENCRYPTION_KEY: 'x'.repeat(40), dataDir: '/nonexistent' };

  it('verifies only the exact fields, purpose and key', () => {
    const sig = signFields(config, 'media', ['id', 'large', 'session', '100']);
    expect(verifyFields(config, 'media', ['id', 'large', 'session', '100'], sig)).toBe(true);
    expect(verifyFields(config, 'media', ['id', 'small', 'session', '100'], sig)).toBe(false);
    expect(verifyFields(config, 'upload', ['id', 'large', 'session', '100'], sig)).toBe(false);
    // fields are length-prefixed: moving a boundary is a different message
    expect(verifyFields(config, 'media', ['idl', 'arge', 'session', '100'], sig)).toBe(false);
    expect(verifyFields(config, 'media', ['id', 'large', 'session', '100'], sig.slice(1))).toBe(
      false,
    );
    const otherKey = { DATA_ENCRYPTION_KEY: 'y'.repeat(40), dataDir: '/nonexistent' };
    expect(verifyFields(otherKey, 'media', ['id', 'large', 'session', '100'], sig)).toBe(false);
  });

  it('keeps a key file when DATA_ENCRYPTION_KEY is unset', () => {
    const dataDir = fs.mkdtempSync('/tmp/fanspace-sign-');
    const sig = signFields({ dataDir }, 'p', ['a']);
    expect(fs.statSync(`${dataDir}/secrets/media-signing.key`).mode & 0o777).toBe(0o600);
    // a new process (new config object) reads the same secret
    expect(verifyFields({ dataDir }, 'p', ['a'], sig)).toBe(true);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('rounds expiries up to 5-minute steps at least the TTL ahead', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 1);
    const exp = expiryFor(900, now);
    expect(exp % 300).toBe(0);
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(900_000);
    expect(exp * 1000 - now).toBeLessThan(1_200_000);
  });
});

describe('LocalDiskStorage ranges', () => {
  it('streams a byte range and stats files', async () => {
    const root = fs.mkdtempSync('/tmp/fanspace-range-');
    const storage = new LocalDiskStorage(root);
    await storage.put('private/a/b.mp4', Buffer.from('0123456789'), 'video/mp4');
    expect(await storage.stat('private/a/b.mp4')).toEqual({ size: 10, contentType: 'video/mp4' });
    expect(await storage.stat('private/a/none.mp4')).toBeNull();
    const file = (await storage.stream('private/a/b.mp4', { start: 2, end: 4 }))!;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('234');
    expect(file).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('S3Storage', () => {
  let s3: FakeS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await startFakeS3('bucket');
    storage = new S3Storage({
      bucket: 'bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });
  afterAll(() => s3.close());

  it('puts, gets, streams ranges, stats and deletes objects', async () => {
    const key = 'private/media/u/i/original.mp4';
    await storage.put(key, Buffer.from('abcdefghij'), 'video/mp4');
    expect((await storage.get(key))?.toString()).toBe('abcdefghij');
    expect(await storage.stat(key)).toEqual({ size: 10, contentType: 'video/mp4' });
    const part = (await storage.stream(key, { start: 3, end: 5 }))!;
    const chunks: Buffer[] = [];
    for await (const chunk of part.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('def');
    expect(part.size).toBe(10);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.stream(key)).toBeNull();
    await expect(storage.put('private/../x.mp4', Buffer.from('x'), 'video/mp4')).rejects.toThrow();
    await expect(storage.put('public/x.mp4', Buffer.from('x'), 'text/html')).rejects.toThrow();
  });

  it('gives public URLs for public keys only, through the API or a CDN base', () => {
    expect(storage.publicUrl('public/teasers/a.webp')).toBe('/api/files/public/teasers/a.webp');
    expect(() => storage.publicUrl('private/media/a.webp')).toThrow();
    const cdn = new S3Storage({
      bucket: 'b',
      forcePathStyle: false,
      publicBaseUrl: 'https://cdn.example.test/',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(cdn.publicUrl('public/teasers/a.webp')).toBe(
      'https://cdn.example.test/public/teasers/a.webp',
    );
  });

  it('presigns a PUT whose type and length are signed', async () => {
    const signed = await storage.presignUpload('private/uploads/u/x.bin', 'image/png', 42, 600);
    const url = new URL(signed.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
  });
});
