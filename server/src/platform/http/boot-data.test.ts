import {
  BOOT_DATA_ELEMENT_ID,
  leadImageOf,
  type BootData,
  type PostPage,
} from '@fanspace/contracts';
import fs from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  actor,
  block,
  call,
  follow,
  jpeg,
  postMultipart,
  type Actor,
} from '../../modules/posts/posts.test-kit.ts';
import { scriptSafeJson, sessionTagOf } from './boot-data.ts';
import { writeWebDist } from './spa.test-kit.ts';

let server: TestServer;
let webDist: string;
let fan: Actor;
let creator: Actor;
let leadImage: string;
/** the app's own inject, for the page requests of the tests that replace it for the boot data */
let inject: TestServer['app']['inject'];

const BUDGET_MS = 2_000;
const HOME_PATHS = [
  '/users/me',
  '/posts?limit=20&offset=0&discoverMode=false',
  '/onboarding',
  '/stories?page=1&limit=30',
];

beforeAll(async () => {
  webDist = writeWebDist(
    'fanspace-boot-',
    '<!doctype html><html><head><title>Fanspace</title></head><body><div id="root"></div></body></html>',
  );
  // a generous budget: a loaded test run must not time the data out (the last test checks it)
  server = await createTestServer({
    env: { WEB_DIST: webDist, SPA_BOOT_DATA_MS: String(BUDGET_MS) },
    serveWeb: true,
  });
  inject = server.app.inject.bind(server.app);
  fan = await actor(server);
  creator = await actor(server, 'creator');
  await follow(server, fan, creator);
  const post = await postMultipart(
    server,
    creator,
    { caption: 'Golden hour' },
    { image: await jpeg() },
  );
  expect(post.status).toBe(201);
  leadImage = post.body.media[0].mediaUrl;
  expect(leadImage).toMatch(/^\/api\//);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

function page(url: string, token?: string) {
  return inject({
    url,
    headers: { 'accept-encoding': 'br' },
    ...(token ? { cookies: { fs_session: token } } : {}),
  });
}

const htmlOf = (res: Awaited<ReturnType<typeof page>>) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString()
    : res.body;

const BLOCK = new RegExp(
  `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">([^<]*)</script>`,
);

function bootDataOf(html: string): BootData | null {
  const match = BLOCK.exec(html);
  return match ? (JSON.parse(match[1]!) as BootData) : null;
}

/** Every embedded answer equals what the API answers the same user for that URL now. */
async function expectApiAnswers(data: BootData, who: Actor) {
  for (const [url, body] of Object.entries(data.responses)) {
    const api = await call(server, who, 'GET', url);
    expect(api.status, url).toBe(200);
    expect(body, url).toEqual(api.body);
  }
}

describe('boot data in index.html', () => {
  it('embeds the home feed’s first answers for a session, with the lead image preloaded', async () => {
    const res = await page('/', fan.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
    const html = htmlOf(res);
    const data = bootDataOf(html);
    expect(data?.userId).toBe(fan.user.id);
    // names the session (the app compares it with its own token's) without giving the token away
    expect(data?.sessionTag).toBe(sessionTagOf(fan.token));
    expect(data?.sessionTag).toMatch(/^[0-9a-f]{32}$/);
    expect(html).not.toContain(fan.token);
    expect(Object.keys(data!.responses).sort()).toEqual([...HOME_PATHS].sort());
    expect(data!.responses['/users/me']).toMatchObject({ id: fan.user.id });
    await expectApiAnswers(data!, fan);
    // the card's own choice (an unlocked image: its media URL, signed for this viewer)
    const feed = data!.responses['/posts?limit=20&offset=0&discoverMode=false'] as PostPage;
    const image = leadImageOf(feed.posts[0]!);
    expect(image?.startsWith(`${leadImage.split('?')[0]}?`)).toBe(true);
    const href = image!.replace(/&/g, '&amp;');
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${href}">`;
    expect(html.indexOf(preload)).toBeGreaterThan(0);
    expect(html.indexOf(preload)).toBeLessThan(html.indexOf('</head>'));
    // the member's preloads still, and the block at the end of the body
    expect(html).toContain('href="/assets/feed-1.js"');
    expect(html.indexOf(BOOT_DATA_ELEMENT_ID)).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('embeds someone else’s profile with the answers its header waits for', async () => {
    const res = await page(`/u/${creator.user.username}`, fan.token);
    const data = bootDataOf(htmlOf(res));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const id = creator.user.id;
    expect(Object.keys(data!.responses).sort()).toEqual(
      [
        '/users/me',
        `/users/username/${creator.user.username}`,
        '/users/me/subscriptions',
        `/discounts?creatorId=${id}`,
        `/widgets/user/${id}`,
        `/posts/user/${id}?limit=50&offset=0`,
      ].sort(),
    );
    await expectApiAnswers(data!, fan);
  });

  it('asks for no offers or subscriptions on your own profile, nothing more than the profile when blocked', async () => {
    const own = bootDataOf(
      htmlOf(await page(`/u/${creator.user.username.toUpperCase()}`, creator.token)),
    );
    expect(own?.userId).toBe(creator.user.id);
    expect(Object.keys(own!.responses).sort()).toEqual(
      [
        '/users/me',
        `/users/username/${creator.user.username.toUpperCase()}`,
        `/widgets/user/${creator.user.id}`,
        `/posts/user/${creator.user.id}?limit=50&offset=0`,
      ].sort(),
    );
    const blocker = await actor(server);
    const blocked = await actor(server, 'creator');
    await block(server, blocker, blocked);
    const data = bootDataOf(htmlOf(await page(`/u/${blocked.user.username}`, blocker.token)));
    expect(Object.keys(data!.responses).sort()).toEqual(
      ['/users/me', `/users/username/${blocked.user.username}`, '/users/me/subscriptions'].sort(),
    );
    // a profile that does not exist: the session check and the subscriptions, no 404 body
    const missing = bootDataOf(htmlOf(await page('/u/nobody.here', fan.token)));
    expect(Object.keys(missing!.responses).sort()).toEqual([
      '/users/me',
      '/users/me/subscriptions',
    ]);
  });

  it('embeds the session check alone in any other signed-in page', async () => {
    for (const url of ['/discover', '/messages', '/settings/privacy', '/u/a/b', '/login']) {
      const res = await page(url, fan.token);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      const data = bootDataOf(htmlOf(res));
      expect(data?.userId, url).toBe(fan.user.id);
      expect(Object.keys(data!.responses), url).toEqual(['/users/me']);
      await expectApiAnswers(data!, fan);
    }
  });

  it('embeds nothing for visitors or unknown or revoked sessions', async () => {
    const visitor = await page('/');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toContain('Cookie');
    expect(htmlOf(visitor)).not.toContain(BOOT_DATA_ELEMENT_ID);
    expect(htmlOf(visitor)).toContain('landing-1.js');

    for (const token of ['not-a-session', `${fan.token}x`, '']) {
      const res = await page('/', token);
      expect(res.statusCode, token).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(htmlOf(res)).not.toContain(BOOT_DATA_ELEMENT_ID);
    }
    for (const url of ['/discover', '/login', '/settings']) {
      const res = await page(url, 'not-a-session');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(htmlOf(res), url).not.toContain(BOOT_DATA_ELEMENT_ID);
    }

    const gone = await actor(server);
    expect(bootDataOf(htmlOf(await page('/', gone.token)))?.userId).toBe(gone.user.id);
    expect((await call(server, gone, 'POST', '/auth/logout')).status).toBe(200);
    const after = await page('/', gone.token);
    expect(after.statusCode).toBe(200);
    expect(htmlOf(after)).not.toContain(BOOT_DATA_ELEMENT_ID);
  });

  it('keeps data out of the markup: no "<" inside the block, the caption intact', async () => {
    const writer = await actor(server, 'creator');
    const reader = await actor(server);
    await follow(server, reader, writer);
    const caption = '</script><script>alert(1)</script><!-- x';
    const made = await call(server, writer, 'POST', '/posts', { caption });
    expect(made.status).toBe(201);
    const html = htmlOf(await page('/', reader.token));
    expect(html).not.toContain('<script>alert(1)');
    const data = bootDataOf(html);
    const feed = data!.responses['/posts?limit=20&offset=0&discoverMode=false'] as {
      posts: Array<{ caption: string }>;
    };
    expect(feed.posts[0]?.caption).toBe(caption);
    expect(scriptSafeJson('{"a":"</script>"}')).toBe('{"a":"\\u003c/script>"}');
  });

  it('serves the plain page when building the data fails or takes too long', async () => {
    vi.spyOn(server.app, 'inject').mockRejectedValue(new Error('database down'));
    const failed = await page('/', fan.token);
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['cache-control']).toBe('no-cache');
    expect(htmlOf(failed)).not.toContain(BOOT_DATA_ELEMENT_ID);
    expect(htmlOf(failed)).toContain('feed-1.js');

    vi.spyOn(server.app, 'inject').mockReturnValue(new Promise(() => undefined) as never);
    const started = Date.now();
    const slow = await page(`/u/${creator.user.username}`, fan.token);
    expect(slow.statusCode).toBe(200);
    expect(htmlOf(slow)).not.toContain(BOOT_DATA_ELEMENT_ID);
    // SPA_BOOT_DATA_MS
    expect(Date.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 10);
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 3_000);
  });
});
