import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpaHtml, matchesPattern } from './spa-html.ts';

let dist: string;
const INDEX = '<!doctype html><html><head><title>Fanspace</title></head><body></body></html>';
const MANIFEST = {
  always: ['/assets/app-1.js', '/assets/query-1.js'],
  routes: [
    { path: '/login', files: ['/assets/login-1.js'] },
    { path: '/u/:username', files: ['/assets/shell-1.js', '/assets/profile-1.js'] },
    {
      path: '/',
      files: ['/assets/shell-1.js', '/assets/feed-1.js'],
      visitorFiles: ['/assets/landing-1.js'],
    },
    // never echoed into the HTML: not a plain asset path
    { path: '/evil', files: ['"><script>alert(1)</script>', 'https://example.com/x.js'] },
  ],
};
const links = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-spa-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(MANIFEST));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('index.html with the route’s preloads', () => {
  it('lists the app chunks everywhere and the route’s chunks on a match', () => {
    const html = createSpaHtml(dist);
    const profile = html.page('/u/maya.lens', undefined)!;
    expect(profile.encoding).toBeUndefined();
    const body = profile.body.toString();
    expect(links(body)).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
      '/assets/shell-1.js',
      '/assets/profile-1.js',
    ]);
    expect(body.indexOf('modulepreload')).toBeLessThan(body.indexOf('</head>'));
    expect(links(html.page('/login', undefined)!.body.toString())).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
      '/assets/login-1.js',
    ]);
    expect(links(html.page('/settings/security', undefined)!.body.toString())).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
    ]);
    expect(links(html.page('/evil', undefined)!.body.toString())).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
    ]);
  });

  it('gives a visitor the route’s visitor chunks where it has them', () => {
    const html = createSpaHtml(dist);
    const plain = (signedIn: boolean) =>
      links(html.page('/', undefined, signedIn)!.body.toString());
    expect(plain(false)).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
      '/assets/landing-1.js',
    ]);
    expect(plain(true)).toEqual([
      '/assets/app-1.js',
      '/assets/query-1.js',
      '/assets/shell-1.js',
      '/assets/feed-1.js',
    ]);
    // a route without visitor chunks is the same for both
    expect(links(html.page('/login', undefined, false)!.body.toString())).toContain(
      '/assets/login-1.js',
    );
  });

  it('sends brotli or gzip to browsers that take it', () => {
    const html = createSpaHtml(dist);
    const plain = html.page('/login', undefined)!.body.toString();
    const br = html.page('/login', 'gzip, deflate, br')!;
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    const gz = html.page('/login', 'gzip')!;
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain);
  });

  it('picks up a new build and leaves a build without the manifest to the caller', () => {
    const html = createSpaHtml(dist);
    expect(links(html.page('/login', undefined)!.body.toString())).toContain('/assets/login-1.js');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({ always: [], routes: [{ path: '/login', files: ['/assets/login-2.js'] }] }),
    );
    expect(links(html.page('/login', undefined)!.body.toString())).toEqual(['/assets/login-2.js']);
    fs.rmSync(path.join(dist, 'route-preloads.json'));
    expect(html.page('/login', undefined)).toBeNull();
    fs.writeFileSync(path.join(dist, 'route-preloads.json'), '{ not json');
    expect(html.page('/login', undefined)).toBeNull();
    fs.rmSync(path.join(dist, 'index.html'));
    expect(html.page('/login', undefined)).toBeNull();
  });
});

describe('matchesPattern', () => {
  it('matches literal segments and one segment per parameter', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/', '/login')).toBe(false);
    expect(matchesPattern('/u/:username', '/u/maya.lens')).toBe(true);
    expect(matchesPattern('/u/:username', '/u/maya.lens/')).toBe(true);
    expect(matchesPattern('/u/:username', '/u/maya.lens/followers')).toBe(false);
    expect(matchesPattern('/u/:username', '/u')).toBe(false);
    expect(matchesPattern('/messages', '/messages/1')).toBe(false);
  });
});
