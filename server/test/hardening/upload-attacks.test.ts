import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChat } from '../../src/modules/chats/chats.test-kit.ts';
import { formBody, pngBomb } from '../../src/modules/media/media.test-kit.ts';
import { actor, call, type Actor } from '../../src/modules/posts/posts.test-kit.ts';
import { getFileStorage } from '../../src/platform/storage/file-storage.ts';
import { keyFromPublicUrl } from '../../src/platform/storage/keys.ts';
import { createTestServer, type TestServer } from '../harness.ts';
import { dataUrl, jpegWithGps } from '../images.ts';

/**
 * Hostile files at every door that takes one: the vault upload, a post, a chat message, the
 * presigned direct PUT and the profile avatar. Each attack is refused with a 4xx and a message
 * (and nothing is stored), or cleaned (GPS EXIF gone from every stored rendition).
 */

let server: TestServer;
let creator: Actor;
let fan: Actor;
let chatId: string;

const svgScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><image href="x" onerror="alert(1)"/></svg>',
);
const htmlAsPng = Buffer.from(
  '<!doctype html><html><body><img src=x onerror=alert(1)><script>alert(1)</script></body></html>',
);

interface Attack {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
}

const attacks = (): Attack[] => [
  { name: 'svg with a script', bytes: svgScript, filename: 'logo.svg', type: 'image/svg+xml' },
  { name: 'svg named .png', bytes: svgScript, filename: 'logo.png', type: 'image/png' },
  { name: 'html named .png', bytes: htmlAsPng, filename: 'cat.png', type: 'image/png' },
  { name: 'decompression bomb', bytes: pngBomb(), filename: 'bomb.png', type: 'image/png' },
];

async function multipart(url: string, who: Actor, field: string, file: Attack, fields = {}) {
  const body = await formBody(field, [file], fields);
  return server.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

type Door = (file: Attack) => Promise<{ statusCode: number; json: () => unknown }>;

const doors: Record<string, Door> = {
  vault: (file) => multipart('/api/media/upload', creator, 'file', file),
  post: (file) => multipart('/api/posts', creator, 'image', file, { caption: 'hostile' }),
  chat: (file) => multipart(`/api/chats/${chatId}/messages`, fan, 'image', file, { text: 'x' }),
  'presigned PUT': async (file) => {
    const signed = await call(server, creator, 'POST', '/uploads/presigned-url', {
      filename: file.filename,
      contentType: 'image/png',
      size: file.bytes.length,
    });
    expect(signed.status).toBe(200);
    return server.app.inject({
      method: 'PUT',
      url: signed.body.uploadUrl as string,
      headers: { 'content-type': 'image/png' },
      payload: file.bytes,
    });
  },
  avatar: (file) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: fan.headers,
      payload: { image: dataUrl(file.bytes, 'image/png') },
    }),
};

async function counts() {
  const db = server.ctx.db;
  const [media, posts, messages, user] = await Promise.all([
    db
      .selectFrom('media_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    media: Number(media.n),
    posts: Number(posts.n),
    messages: Number(messages.n),
    avatar: user.avatar_url,
  };
}

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  fan = await actor(server, 'fan');
  chatId = (await openChat(server, fan, creator)).id;
});
afterAll(() => server.close());

describe('hostile uploads', () => {
  it('refuses script-bearing SVG, HTML posing as PNG and decompression bombs at every door', async () => {
    const before = await counts();
    for (const [door, send] of Object.entries(doors)) {
      for (const attack of attacks()) {
        const res = await send(attack);
        const body = res.json() as { message?: string; code?: string };
        expect(res.statusCode, `${door}: ${attack.name}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${door}: ${attack.name}`).toBeLessThan(500);
        expect(body.message, `${door}: ${attack.name}`).toMatch(/\w{3,}/);
        expect(['UNSUPPORTED_MEDIA_TYPE', 'INVALID_IMAGE']).toContain(body.code);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses oversized files with 413 before storing anything', async () => {
    const before = await counts();
    const jpeg = await jpegWithGps(64, 64);
    const big: Attack = {
      name: 'oversized',
      bytes: Buffer.concat([jpeg, Buffer.alloc(25 * 1024 * 1024 + 1)]),
      filename: 'big.jpg',
      type: 'image/jpeg',
    };
    expect((await doors.vault!(big)).statusCode).toBe(413);
    const presign = await call(server, creator, 'POST', '/uploads/presigned-url', {
      filename: 'huge.jpg',
      contentType: 'image/jpeg',
      size: 201 * 1024 * 1024,
    });
    expect(presign.status).toBeGreaterThanOrEqual(400);
    expect(presign.status).toBeLessThan(500);
    const avatar = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: fan.headers,
      payload: { image: dataUrl(Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)])) },
    });
    expect(avatar.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('strips GPS EXIF from every stored file of a vault upload, a post, a chat photo and an avatar', async () => {
    const photo: Attack = {
      name: 'gps',
      bytes: await jpegWithGps(400, 300),
      filename: 'holiday.jpg',
      type: 'image/jpeg',
    };
    expect((await sharp(photo.bytes).metadata()).exif).toBeDefined();
    const storage = getFileStorage(server.ctx.config);
    const before = await counts();
    for (const door of ['vault', 'post', 'chat', 'avatar'] as const) {
      const res = await doors[door]!(photo);
      expect(res.statusCode, door).toBeLessThan(300);
    }
    const items = await server.ctx.db
      .selectFrom('media_items')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit((await counts()).media - before.media)
      .execute();
    expect(items.length).toBe(3);
    const keys = items.flatMap((i) => [i.original_key, i.large_key, i.small_key]);
    const avatarKey = keyFromPublicUrl((await counts()).avatar);
    expect(avatarKey).not.toBeNull();
    for (const key of [...keys, avatarKey]) {
      if (!key) continue;
      const stored = await storage.get(key);
      expect(stored, key).not.toBeNull();
      const meta = await sharp(stored!).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(stored!.includes(Buffer.from('Leaky 1')), key).toBe(false);
    }
  });
});
