import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let webDist: string;
const BIG_JS = `export const words = ${JSON.stringify('fanspace '.repeat(500))};\n`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Fanspace</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  // what the web build writes beside a text asset (web/vite.config.ts, precompress)
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js'), BIG_JS);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.br'), brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-1.js.gz'), gzipSync(BIG_JS));
  server = await createTestServer({ env: { WEB_DIST: webDist }, serveWeb: true });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('falls back to index.html for client routes, including dotted usernames', async () => {
    for (const url of ['/', '/login', '/u/maya.lens', '/settings/security?tab=2fa']) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s missing ones', async () => {
    const asset = await server.app.inject('/assets/app-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await server.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await server.app.inject('/favicon.ico')).statusCode).toBe(404);
  });

  it('sends the precompressed brotli or gzip file to browsers that accept it', async () => {
    const br = await server.app.inject({
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await server.app.inject({
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await server.app.inject('/assets/big-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    // a file without compressed siblings is sent as it is, whatever the browser accepts
    const small = await server.app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('serves files added after start (a new build needs no restart)', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await server.app.inject('/assets/app-2.js')).statusCode).toBe(200);
  });

  it('preloads the chunks of the URL once the build lists them (route-preloads.json)', async () => {
    fs.writeFileSync(
      path.join(webDist, 'route-preloads.json'),
      JSON.stringify({
        always: ['/assets/app-1.js'],
        routes: [
          { path: '/u/:username', files: ['/assets/big-1.js'] },
          { path: '/', files: ['/assets/feed-1.js'], visitorFiles: ['/assets/landing-1.js'] },
        ],
      }),
    );
    try {
      const profile = await server.app.inject({
        url: '/u/maya.lens?tab=media',
        headers: { 'accept-encoding': 'br' },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.headers['content-type']).toContain('text/html');
      expect(profile.headers['cache-control']).toBe('no-cache');
      expect(profile.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(profile.rawPayload).toString();
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/big-1.js">');
      expect(html).toContain('<title>Fanspace</title>');
      const home = await server.app.inject('/');
      expect(home.headers['content-encoding']).toBeUndefined();
      expect(home.body).toContain('href="/assets/app-1.js"');
      expect(home.body).not.toContain('big-1.js');
      // no session cookie: the landing page's chunks, not the signed-in feed's
      expect(home.body).toContain('href="/assets/landing-1.js"');
      expect(home.body).not.toContain('feed-1.js');
      const member = await server.app.inject({ url: '/', cookies: { fs_session: 'any' } });
      expect(member.body).toContain('href="/assets/feed-1.js"');
      expect(member.body).not.toContain('landing-1.js');
    } finally {
      fs.rmSync(path.join(webDist, 'route-preloads.json'));
    }
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await server.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
