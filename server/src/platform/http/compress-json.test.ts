import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  COMPRESS_MIN_BYTES,
  COMPRESS_SYNC_MAX_BYTES,
  compressJson,
  pickEncoding,
} from './compress-json.ts';

let server: TestServer;
const BIG = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, caption: `post ${i}` })) };

beforeAll(async () => {
  server = await createTestServer({
    extraRoutes: (api) => {
      api.get('/_test/big', { config: { auth: 'public' } }, async () => BIG);
      api.get('/_test/small', { config: { auth: 'public' } }, async () => ({ ok: true }));
      api.get('/_test/text', { config: { auth: 'public' } }, async (_request, reply) =>
        reply.type('text/plain').send('x'.repeat(COMPRESS_MIN_BYTES * 4)),
      );
    },
  });
});
afterAll(async () => {
  await server.close();
});

describe('JSON response compression', () => {
  it('sends brotli, or gzip, to clients that accept it', async () => {
    const br = await server.app.inject({
      url: '/api/_test/big',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);

    const gz = await server.app.inject({
      url: '/api/_test/big',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(BIG);
  });

  it('leaves plain clients, small bodies and other types alone', async () => {
    const plain = await server.app.inject('/api/_test/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.json()).toEqual(BIG);

    const small = await server.app.inject({
      url: '/api/_test/small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const text = await server.app.inject({
      url: '/api/_test/text',
      headers: { 'accept-encoding': 'br' },
    });
    expect(text.headers['content-encoding']).toBeUndefined();
  });

  it('compresses error bodies like any JSON and keeps their status', async () => {
    const missing = await server.app.inject({
      url: `/api/${'x'.repeat(COMPRESS_MIN_BYTES)}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(missing.rawPayload).toString())).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
    });
  });
});

describe('pickEncoding', () => {
  it('compresses pages at once and only large bodies on the thread pool (argon2 runs there)', async () => {
    const page = JSON.stringify(BIG);
    expect(page.length).toBeLessThanOrEqual(COMPRESS_SYNC_MAX_BYTES);
    for (const encoding of ['br', 'gzip'] as const) {
      const small = compressJson(page, encoding);
      expect(Buffer.isBuffer(small)).toBe(true);
      const large = compressJson('x'.repeat(COMPRESS_SYNC_MAX_BYTES + 1), encoding);
      expect(large).toBeInstanceOf(Promise);
      const unpack = encoding === 'br' ? brotliDecompressSync : gunzipSync;
      expect(unpack(small as Buffer).toString()).toBe(page);
      expect(unpack(await large).length).toBe(COMPRESS_SYNC_MAX_BYTES + 1);
    }
  });

  it('prefers brotli and honours q=0 and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip;q=abc')).toBeNull();
  });
});
