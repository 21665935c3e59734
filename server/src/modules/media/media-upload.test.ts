import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { jpegWithGps } from '../../../test/images.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import {
  actor,
  detailedImage,
  edgeEnergy,
  formBody,
  pngBomb,
  upload,
  type Actor,
} from './media.test-kit.ts';

let server: TestServer;
let creator: Actor;

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server);
});
afterAll(() => server.close());

const itemRow = (id: string) =>
  server.ctx.db
    .selectFrom('media_items')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function fetchUrl(url: string, who: Actor = creator) {
  return server.app.inject({ method: 'GET', url, headers: who.headers });
}

describe('image pipeline', () => {
  it('strips EXIF/GPS from every rendition and makes 1080/320 WebP renditions', async () => {
    const jpeg = await jpegWithGps(1600, 1200);
    expect((await sharp(jpeg).metadata()).exif?.includes(Buffer.from('TestCam'))).toBe(true);
    const res = await upload(server, creator, {
      bytes: jpeg,
      filename: 'beach.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ mediaType: 'image', title: 'beach', width: 1600, height: 1200 });
    expect(item.mimeType).toBe('image/webp');

    const row = await itemRow(item.id);
    const storage = getFileStorage(server.ctx.config);
    const widths: Record<string, number> = { original: 1600, large: 1080, small: 320, teaser: 320 };
    for (const [name, key] of Object.entries({
      original: row.original_key,
      large: row.large_key!,
      small: row.small_key!,
      teaser: row.teaser_key!,
    })) {
      const bytes = (await storage.get(key))!;
      const meta = await sharp(bytes).metadata();
      expect(meta.format, name).toBe('webp');
      expect(meta.width, name).toBe(widths[name]);
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestCam')), name).toBe(false);
    }
    expect(row.original_key.startsWith('private/')).toBe(true);
    expect(row.teaser_key!.startsWith('public/teasers/')).toBe(true);

    // and what the owner downloads through the signed URLs is the same clean file
    for (const url of [item.mediaUrl, item.thumbnailUrl, item.originalUrl]) {
      const file = await fetchUrl(url);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    }
  });

  it('keeps small images small and applies the EXIF orientation', async () => {
    // 600×200 pixels flagged "rotate 90°": a portrait photo as cameras store it
    const rotated = await sharp(await detailedImage(600, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(server, creator, { bytes: rotated, filename: 'p.jpg' });
    expect(res.json()).toMatchObject({ width: 200, height: 600 });
    const row = await itemRow(res.json().id);
    const large = await sharp(
      (await getFileStorage(server.ctx.config).get(row.large_key!))!,
    ).metadata();
    expect(large).toMatchObject({ width: 200, height: 600 });
    expect(large.orientation).toBeUndefined();
  });

  it('makes a public teaser that is blurred beyond recognition', async () => {
    const res = await upload(server, creator, { bytes: await detailedImage(640, 480, 'png') });
    const item = res.json();
    const row = await itemRow(item.id);
    const storage = getFileStorage(server.ctx.config);
    const small = (await storage.get(row.small_key!))!;
    const teaserFile = await server.app.inject({ method: 'GET', url: item.teaserUrl });
    expect(teaserFile.statusCode).toBe(200);
    expect(teaserFile.headers['cache-control']).toContain('public');
    const clear = await edgeEnergy(small);
    const blurred = await edgeEnergy(teaserFile.rawPayload);
    expect(clear).toBeGreaterThan(20);
    expect(blurred).toBeLessThan(clear / 10);
    // the teaser URL reveals neither the owner nor the item
    expect(item.teaserUrl).not.toContain(creator.user.id);
    expect(item.teaserUrl).not.toContain(item.id);
  });

  it('accepts PNG, WebP, GIF and AVIF by content whatever the name says', async () => {
    const base = sharp(await detailedImage(64, 48));
    for (const format of ['png', 'webp', 'gif', 'avif'] as const) {
      const bytes = await base.clone().toFormat(format).toBuffer();
      const res = await upload(server, creator, { bytes, filename: 'x.txt', type: 'text/plain' });
      expect(res.statusCode, format).toBe(201);
      expect(res.json().mediaType).toBe('image');
    }
  });
});

describe('refusals', () => {
  it('refuses HTML disguised as PNG and SVG with a script: 415 with a clear message', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [bytes, filename, type] of [
      [html, 'cat.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
    ] as const) {
      const res = await upload(server, creator, { bytes, filename, type });
      expect(res.statusCode, filename).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json().message).toContain('markup');
    }
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    const res = await upload(server, creator, {
      bytes: pdf,
      filename: 'a.jpg',
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('JPEG');
    const tiff = await sharp(await detailedImage(16, 16))
      .tiff()
      .toBuffer();
    expect((await upload(server, creator, { bytes: tiff })).statusCode).toBe(415);
    expect(
      await server.ctx.db
        .selectFrom('media_items')
        .select('id')
        .where('mime', 'like', '%xml%')
        .execute(),
    ).toEqual([]);
  });

  it('refuses a decompression bomb with a 4xx and keeps serving', async () => {
    // 20000×20000 pixels in ~50 KB: 400 megapixels once decoded
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20000,
      height: 20000,
    });
    const res = await upload(server, creator, { bytes: bomb, filename: 'bomb.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_IMAGE');
    expect(res.json().message).toContain('megapixels');
    const after = await upload(server, creator, { bytes: await detailedImage(32, 32) });
    expect(after.statusCode).toBe(201);
  });

  it('caps images at 25 MB (413) and refuses truncated or empty files', async () => {
    const jpeg = await detailedImage(64, 64);
    // a real JPEG header followed by padding past the image cap
    const big = Buffer.concat([jpeg, Buffer.alloc(25 * 1024 * 1024 + 1)]);
    const res = await upload(server, creator, { bytes: big, filename: 'big.jpg' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');

    const truncated = (await detailedImage(400, 300)).subarray(0, 600);
    const broken = await upload(server, creator, { bytes: truncated, filename: 't.jpg' });
    expect(broken.statusCode).toBe(400);
    expect((await upload(server, creator, { bytes: Buffer.alloc(0) })).statusCode).toBe(400);
  });

  it('needs multipart with a file field, a session, and the caller’s own folder', async () => {
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: creator.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await formBody('image', [{ bytes: await detailedImage(8, 8) }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...creator.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
    const anon = await server.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...wrongField,
    });
    expect(anon.statusCode).toBe(401);
    const stranger = await actor(server);
    const folder = await server.app.inject({
      method: 'POST',
      url: '/api/media/folders',
      headers: stranger.headers,
      payload: { name: 'theirs' },
    });
    const intoTheirs = await upload(
      server,
      creator,
      { bytes: await detailedImage(8, 8) },
      { folderId: folder.json().id },
    );
    expect(intoTheirs.statusCode).toBe(404);
  });
});

describe('bulk and /uploads/upload', () => {
  it('uploads several files, keeps the good ones and lists the refused ones', async () => {
    const good = await detailedImage(40, 30);
    const body = await formBody('files', [
      { bytes: good, filename: 'a.jpg' },
      { bytes: Buffer.from('<html></html>'), filename: 'b.png' },
      { bytes: await detailedImage(30, 40, 'png'), filename: 'c.png' },
    ]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/media/bulk-upload',
      headers: { ...creator.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().items.map((i: { title: string }) => i.title)).toEqual(['a', 'c']);
    expect(res.json().failed).toEqual([
      expect.objectContaining({ filename: 'b.png', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }),
    ]);

    const allBad = await formBody('files', [{ bytes: Buffer.from('<svg/>'), filename: 'x.svg' }]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/media/bulk-upload',
      headers: { ...creator.headers, ...allBad.headers },
      payload: allBad.payload,
    });
    expect(refused.statusCode).toBe(415);
  });

  it('refuses more than 20 files', async () => {
    const tiny = await detailedImage(4, 4);
    const body = await formBody(
      'files',
      Array.from({ length: 21 }, () => ({ bytes: tiny })),
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/media/bulk-upload',
      headers: { ...creator.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers /uploads/upload with the item and its url', async () => {
    const res = await upload(
      server,
      creator,
      { bytes: await detailedImage(50, 50) },
      { title: 'Mine' },
      '/api/uploads/upload',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Mine', mediaType: 'image' });
    expect(res.json().url).toBe(res.json().mediaUrl);
    expect(res.json().url).toMatch(
      /^\/api\/media\/[0-9a-f-]+\/content\?variant=large&exp=\d+&sig=/,
    );
  });
});
