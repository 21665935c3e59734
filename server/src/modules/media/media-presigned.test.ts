import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { jpegWithGps } from '../../../test/images.ts';
import { startFakeS3, type FakeS3 } from '../../platform/storage/fake-s3.test-kit.ts';
import { S3Storage } from '../../platform/storage/s3-storage.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { directUploadSignature } from './media-uploads.service.ts';
import { actor, call, detailedImage, tamperSig, upload, type Actor } from './media.test-kit.ts';

const presign = (server: TestServer, who: Actor, body: Record<string, unknown>) =>
  call(server, who, 'POST', '/uploads/presigned-url', body);

describe('presigned uploads on local storage (direct PUT)', () => {
  let server: TestServer;
  let owner: Actor;
  beforeAll(async () => {
    server = await createTestServer();
    owner = await actor(server);
  });
  afterAll(() => server.close());

  const put = (url: string, bytes: Buffer, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'image/jpeg', ...headers },
      payload: bytes,
    });

  it('round trip: URL, raw PUT without credentials, then the item through /uploads/complete', async () => {
    const jpeg = await jpegWithGps(500, 400);
    const signed = await presign(server, owner, {
      filename: 'holiday.jpg',
      contentType: 'image/jpeg',
      size: jpeg.length,
      title: 'Holiday',
    });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      requiresComplete: false,
    });
    expect(signed.body.uploadUrl).toMatch(
      new RegExp(`^/api/uploads/direct/${signed.body.uploadId}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    expect(Date.parse(signed.body.expiresAt)).toBeGreaterThan(Date.now());

    const res = await put(signed.body.uploadUrl, jpeg);
    expect(res.statusCode).toBe(201);
    // no session on the PUT: the answer shows only what is public
    expect(res.json()).toMatchObject({
      title: 'Holiday',
      mediaType: 'image',
      mediaUrl: null,
      width: 500,
    });
    const row = await server.ctx.db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(owner.user.id);
    const stored = (await getFileStorage(server.ctx.config).get(row.original_key))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();

    // single use
    expect((await put(signed.body.uploadUrl, jpeg)).statusCode).toBe(404);
    // complete answers with the owner's view (signed URLs for this session), idempotently
    const done = await call(server, owner, 'POST', '/uploads/complete', {
      uploadId: signed.body.uploadId,
    });
    expect(done.status).toBe(200);
    expect(done.body.id).toBe(row.id);
    expect(done.body.url).toContain(`/api/media/${row.id}/content`);
    const stranger = await actor(server);
    const theirs = await call(server, stranger, 'POST', '/uploads/complete', {
      uploadId: signed.body.uploadId,
    });
    expect(theirs.status).toBe(404);
  });

  it('answers the owner view when the PUT carries the owner’s bearer token', async () => {
    const png = await detailedImage(40, 40, 'png');
    const signed = await presign(server, owner, {
      filename: 'a.png',
      contentType: 'image/png',
      size: png.length,
    });
    const res = await put(signed.body.uploadUrl, png, {
      ...owner.headers,
      'content-type': 'image/png',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().mediaUrl).toContain('/content?variant=large');
  });

  it('refuses bad signatures, expired links, oversized bodies and disguised content', async () => {
    const jpeg = await detailedImage(60, 40);
    const signed = (
      await presign(server, owner, {
        filename: 'x.jpg',
        contentType: 'image/jpeg',
        size: jpeg.length,
      })
    ).body;
    const tampered = tamperSig(signed.uploadUrl);
    expect((await put(tampered, jpeg)).statusCode).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 5;
    const expiredUrl = `/api/uploads/direct/${signed.uploadId}?exp=${past}&sig=${directUploadSignature(server.ctx, signed.uploadId, past)}`;
    const expired = await put(expiredUrl, jpeg);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('MEDIA_URL_EXPIRED');
    const tooBig = await put(signed.uploadUrl, Buffer.concat([jpeg, Buffer.alloc(10)]));
    expect(tooBig.statusCode).toBe(413);
    // the refusals did not use the upload up
    expect((await put(signed.uploadUrl, jpeg)).statusCode).toBe(201);

    const html = Buffer.from('<html><body onload="alert(1)"></body></html>');
    const disguised = (
      await presign(server, owner, {
        filename: 'y.png',
        contentType: 'image/png',
        size: html.length,
      })
    ).body;
    const refused = await put(disguised.uploadUrl, html, { 'content-type': 'image/png' });
    expect(refused.statusCode).toBe(415);
    expect((await put(disguised.uploadUrl, html)).statusCode).toBe(404);
  });

  it('validates what is announced: type, size cap, folder, and completion before the PUT', async () => {
    const html = await presign(server, owner, {
      filename: 'a.html',
      contentType: 'text/html',
      size: 10,
    });
    expect(html.status).toBe(415);
    const svg = await presign(server, owner, {
      filename: 'a.svg',
      contentType: 'image/svg+xml',
      size: 10,
    });
    expect(svg.status).toBe(415);
    const big = await presign(server, owner, {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      size: 26 * 1024 * 1024,
    });
    expect(big.status).toBe(413);
    const video = await presign(server, owner, {
      filename: 'v.mp4',
      contentType: 'video/mp4',
      size: 150 * 1024 * 1024,
    });
    expect(video.status).toBe(200);
    const huge = await presign(server, owner, {
      filename: 'v.mp4',
      contentType: 'video/mp4',
      size: 201 * 1024 * 1024,
    });
    expect(huge.status).toBe(400);
    const folder = await presign(server, owner, {
      filename: 'a.jpg',
      contentType: 'image/jpeg',
      size: 10,
      folderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(folder.status).toBe(404);
    const early = await call(server, owner, 'POST', '/uploads/complete', {
      uploadId: video.body.uploadId,
    });
    expect(early.status).toBe(400);
    expect(early.body.code).toBe('UPLOAD_NOT_RECEIVED');
    expect(
      (
        await call(server, null, 'POST', '/uploads/presigned-url', {
          filename: 'a',
          contentType: 'image/png',
          size: 1,
        })
      ).status,
    ).toBe(401);
  });

  it('hands out a batch of URLs', async () => {
    const res = await call(server, owner, 'POST', '/uploads/batch-presigned-urls', {
      files: [
        { filename: 'a.jpg', contentType: 'image/jpeg', size: 100 },
        { filename: 'b.webm', contentType: 'audio/webm;codecs=opus', size: 100 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.uploads).toHaveLength(2);
    expect(res.body.uploads[1].headers).toEqual({ 'Content-Type': 'audio/webm' });
    expect(new Set(res.body.uploads.map((u: { uploadId: string }) => u.uploadId)).size).toBe(2);
    const tooMany = await call(server, owner, 'POST', '/uploads/batch-presigned-urls', {
      files: Array.from({ length: 21 }, () => ({
        filename: 'a.jpg',
        contentType: 'image/jpeg',
        size: 1,
      })),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('S3-compatible storage', () => {
  let s3: FakeS3;
  let server: TestServer;
  let owner: Actor;
  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await createTestServer({
      env: {
        S3_BUCKET: 'media',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
      },
    });
    owner = await actor(server);
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it('presigns a bucket PUT, ingests it on complete, and streams private files through the API', async () => {
    expect(getFileStorage(server.ctx.config)).toBeInstanceOf(S3Storage);
    const jpeg = await jpegWithGps(300, 200);
    const signed = await presign(server, owner, {
      filename: 'cam.jpg',
      contentType: 'image/jpeg',
      size: jpeg.length,
    });
    expect(signed.status).toBe(200);
    expect(signed.body.requiresComplete).toBe(true);
    const url = new URL(signed.body.uploadUrl);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(
      `/media/private/uploads/${owner.user.id}/${signed.body.uploadId}.bin`,
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);

    const early = await call(server, owner, 'POST', '/uploads/complete', {
      uploadId: signed.body.uploadId,
    });
    expect(early.body.code).toBe('UPLOAD_NOT_RECEIVED');
    const put = await fetch(signed.body.uploadUrl, {
      method: 'PUT',
      headers: signed.body.headers,
      body: jpeg,
    });
    expect(put.status).toBe(200);

    const done = await call(server, owner, 'POST', '/uploads/complete', {
      uploadId: signed.body.uploadId,
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ mediaType: 'image', width: 300, height: 200 });
    // the staged object is gone; the renditions are in the bucket
    expect(s3.keys().some((k) => k.startsWith('private/uploads/'))).toBe(false);
    expect(s3.keys().filter((k) => k.startsWith(`private/media/${owner.user.id}/`))).toHaveLength(
      3,
    );

    const file = await server.app.inject({
      method: 'GET',
      url: done.body.mediaUrl,
      headers: owner.headers,
    });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const teaser = await server.app.inject({ method: 'GET', url: done.body.teaserUrl });
    expect(teaser.statusCode).toBe(200);
    expect(teaser.headers['content-type']).toBe('image/webp');
    const again = await call(server, owner, 'POST', '/uploads/complete', {
      uploadId: signed.body.uploadId,
    });
    expect(again.body.id).toBe(done.body.id);
  });

  it('takes multipart uploads into the bucket too', async () => {
    const res = await upload(server, owner, { bytes: await detailedImage(20, 20, 'png') });
    expect(res.statusCode).toBe(201);
    const small = await server.app.inject({
      method: 'GET',
      url: res.json().thumbnailUrl,
      headers: owner.headers,
    });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(20);
  });
});
