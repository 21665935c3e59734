import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { dataUrl, jpegWithGps, pngImage, solidImage } from '../../../test/images.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';

let server: TestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await createTestServer();
  headers = bearer(await tokenFor(server.ctx, await createUser(server.ctx)));
});
afterAll(() => server.close());

const putImage = (kind: 'avatar' | 'banner', image: unknown, auth = headers) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/users/me/${kind}`,
    headers: auth,
    payload: { image } as Record<string, unknown>,
  });

async function storedImage(url: string) {
  const key = keyFromPublicUrl(url);
  expect(key).not.toBeNull();
  const bytes = await getFileStorage(server.ctx.config).get(key!);
  expect(bytes).not.toBeNull();
  return { key: key!, bytes: bytes!, metadata: await sharp(bytes!).metadata() };
}

describe('avatar and banner', () => {
  it('re-encodes an avatar to a 512×512 WebP without EXIF/GPS', async () => {
    const jpeg = await jpegWithGps(900, 600);
    const original = await sharp(jpeg).metadata();
    expect(original.exif?.length).toBeGreaterThan(0);
    expect(original.exif?.includes(Buffer.from('TestCam'))).toBe(true);

    const res = await putImage('avatar', dataUrl(jpeg));
    expect(res.statusCode).toBe(200);
    const { avatarUrl, avatar } = res.json();
    expect(avatarUrl).toMatch(/^\/api\/files\/public\/avatars\/.+\.webp$/);
    expect(avatar).toBe(avatarUrl);
    const { bytes, metadata } = await storedImage(avatarUrl);
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('makes a 1500×500 banner and serves it with long cache headers and nosniff', async () => {
    const res = await putImage('banner', dataUrl(await pngImage(400, 300), 'image/png'));
    expect(res.statusCode).toBe(200);
    const { bannerUrl } = res.json();
    const { metadata } = await storedImage(bannerUrl);
    expect(metadata).toMatchObject({ format: 'webp', width: 1500, height: 500 });

    const file = await server.app.inject(bannerUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('applies the EXIF orientation before stripping it', async () => {
    // 600×200 landscape pixels flagged "rotate 90°": a portrait photo as cameras store it
    const rotated = await solidImage(600, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await putImage('banner', dataUrl(rotated));
    const { metadata } = await storedImage(res.json().bannerUrl);
    expect(metadata.orientation).toBeUndefined();
  });

  it('replaces the previous file', async () => {
    const first = (await putImage('avatar', dataUrl(await pngImage(), 'image/png'))).json()
      .avatarUrl;
    const second = (await putImage('avatar', dataUrl(await pngImage(), 'image/png'))).json()
      .avatarUrl;
    expect(second).not.toBe(first);
    const storage = getFileStorage(server.ctx.config);
    await expect.poll(() => storage.exists(keyFromPublicUrl(first)!)).toBe(false);
    expect(await storage.exists(keyFromPublicUrl(second)!)).toBe(true);
  });

  it('takes the data URL as avatar/avatarUrl and banner/bannerUrl too, image winning', async () => {
    const put = (kind: 'avatar' | 'banner', payload: Record<string, unknown>) =>
      server.app.inject({ method: 'PUT', url: `/api/users/me/${kind}`, headers, payload });
    const png = dataUrl(await pngImage(), 'image/png');
    for (const [kind, field] of [
      ['avatar', 'avatar'],
      ['avatar', 'avatarUrl'],
      ['banner', 'banner'],
      ['banner', 'bannerUrl'],
    ] as const) {
      const res = await put(kind, { [field]: png });
      expect(res.statusCode, field).toBe(200);
      await storedImage(res.json()[`${kind}Url`]);
    }
    // `image` wins over the other names: a broken alias beside it is never read
    const both = await put('avatar', { image: png, avatar: 'data:image/png;base64,@@@' });
    expect(both.statusCode).toBe(200);
    // none of them, or another kind's name: a 400 naming the field
    for (const payload of [{}, { banner: png }]) {
      const res = await put('avatar', payload);
      expect(res.statusCode, JSON.stringify(Object.keys(payload))).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'image' });
    }
  });

  it('requires a data-URL image and checks the real type by content', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const truncated = (await jpegWithGps()).subarray(0, 200);
    const cases: Array<[unknown, string]> = [
      ['https://example.com/me.jpg', 'VALIDATION'],
      ['data:text/html;base64,' + html.toString('base64'), 'data URL'],
      [dataUrl(html, 'image/png'), 'not a supported image'],
      [dataUrl(svg, 'image/svg+xml'), 'not a supported image'],
      [dataUrl(truncated), 'image'],
      ['data:image/png;base64,@@@not-base64@@@', 'base64'],
      ['', 'image'],
    ];
    for (const [image, hint] of cases) {
      const res = await putImage('avatar', image);
      expect(res.statusCode, String(image).slice(0, 40)).toBe(400);
      if (hint !== 'VALIDATION') expect(res.json().message).toContain(hint);
    }
    expect((await putImage('avatar', 42)).statusCode).toBe(400);
  });

  it('caps the decoded size', async () => {
    const big = 'data:image/png;base64,' + 'A'.repeat(14 * 1024 * 1024);
    const res = await putImage('avatar', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    const tooBigBody = 'data:image/png;base64,' + 'A'.repeat(16 * 1024 * 1024);
    expect((await putImage('avatar', tooBigBody)).statusCode).toBe(413);
  });

  it('needs a session', async () => {
    expect((await putImage('avatar', dataUrl(await pngImage()), {})).statusCode).toBe(401);
  });
});

describe('GET /api/files/public/*', () => {
  it('never leaves the public namespace', async () => {
    const storage = getFileStorage(server.ctx.config);
    await storage.put(
      'private/verification/x/secret.webp',
      Buffer.from('classified-bytes'),
      'image/webp',
    );
    for (const url of [
      '/api/files/public/../private/verification/x/secret.webp',
      '/api/files/public/..%2fprivate/verification/x/secret.webp',
      '/api/files/public/%2e%2e/private/verification/x/secret.webp',
      '/api/files/public/avatars/..%2F..%2Fprivate%2Fverification%2Fx%2Fsecret.webp',
      '/api/files/public//etc/passwd',
      '/api/files/public/.hidden.webp',
      '/api/files/private/verification/x/secret.webp',
      '/api/files/public/avatars/none.webp',
      '/api/files/public/avatars/x.html',
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('classified-bytes');
    }
  });
});
