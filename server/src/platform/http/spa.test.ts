import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fanspace</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
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

  it('serves files added after start (a new build needs no restart)', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await server.app.inject('/assets/app-2.js')).statusCode).toBe(200);
  });

  it('keeps unknown /api paths as JSON 404s', async () => {
    const res = await server.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
