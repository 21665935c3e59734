import { BOOT_DATA_ELEMENT_ID, type BootData } from '@fanspace/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, follow, type Actor } from '../../modules/posts/posts.test-kit.ts';
import { readOnlyUntilHydrated, withRenderedRoot } from './spa-html.ts';
import { writeWebDist } from './spa.test-kit.ts';
import { createSsr, displayIntlOf, MAX_WAITING, SSR_ENTRY, ssrDirOf, uiPrefsOf } from './ssr.ts';

/** index.html as the web build writes it: the splash, an empty #root, the deferred stylesheet */
const INDEX_HTML =
  '<!doctype html><html><head><title>Fanspace</title>' +
  '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-styles>' +
  '</head><body><div id="splash" role="status"><svg></svg><div class="spin"></div></div>' +
  '<div id="root"></div><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '</body></html>';

/**
 * A stand-in for web/dist-ssr/entry-server.js (the real one is web/src/entry-server.tsx, tested
 * there): it renders what it was given, so the tests see the server pass the page's boot
 * answers; `/u/boom` throws, `/u/slow` takes 1 s.
 */
const RENDERER = `
export async function renderPage({ pathname, responses, intl, ui, timeoutMs }) {
  if (pathname === '/u/boom') throw new Error('boom');
  if (pathname === '/u/slow') await new Promise((r) => setTimeout(r, 1000));
  const me = responses['/users/me'];
  return '<main data-rendered="' + pathname + '" data-sidebar="' + (ui?.sidebarCollapsed ?? '') +
    '" data-intl="' + (intl.locale ?? '') + ' ' +
    (intl.timeZone ?? '') + '">' + me.username + ':' + Object.keys(responses).sort().join(',') +
    ':' + timeoutMs + '</main>';
}
`;

let server: TestServer;
let webDist: string;
let fan: Actor;
let creator: Actor;

const log = pino({ level: 'silent' });

beforeAll(async () => {
  webDist = writeWebDist('fanspace-ssr-', INDEX_HTML);
  fs.mkdirSync(ssrDirOf(webDist));
  fs.writeFileSync(path.join(ssrDirOf(webDist), SSR_ENTRY), RENDERER);
  server = await createTestServer({
    env: { WEB_DIST: webDist, SPA_BOOT_DATA_MS: '2000', SPA_RENDER_MS: '2000' },
    serveWeb: true,
  });
  fan = await actor(server);
  creator = await actor(server, 'creator');
  await follow(server, fan, creator);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(ssrDirOf(webDist), { recursive: true, force: true });
});

async function page(
  url: string,
  token?: string,
  cookies: { fs_intl?: string; fs_ui?: string } = {},
): Promise<string> {
  const res = await server.app.inject({
    url,
    headers: { 'accept-encoding': 'br' },
    cookies: { ...(token ? { fs_session: token } : {}), ...cookies },
  });
  expect(res.statusCode, url).toBe(200);
  return res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString()
    : res.body;
}

const BLOCK = new RegExp(
  `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">([^<]*)</script>`,
);
const bootDataOf = (html: string) => JSON.parse(BLOCK.exec(html)![1]!) as BootData;

describe('server-rendered first view', () => {
  it('renders a signed-in / from its boot answers into #root, painted by the HTML alone', async () => {
    const html = await page('/', fan.token);
    const answers = Object.keys(bootDataOf(html).responses).sort();
    expect(html).toContain(
      `<div id="root" data-server-rendered data-preload="/assets/app-1.js /assets/feed-1.js">` +
        `<main data-rendered="/" data-sidebar="" data-intl=" ">${fan.user.username}:${answers.join(',')}:2000` +
        '</main></div><div id="ssr-shield" aria-hidden="true"></div>',
    );
    // no splash over it, the stylesheet applied by the HTML, the modules preloaded by the entry
    expect(html).not.toContain('id="splash"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).not.toContain('data-app-styles');
    expect(html).not.toContain('rel="modulepreload"');
    // the boot data is still there: the browser's queries are answered from it before it hydrates
    expect(answers).toContain('/users/me');
    expect(html.indexOf(BOOT_DATA_ELEMENT_ID)).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('renders in the locale and time zone the browser’s cookie names, when Intl knows them', async () => {
    expect(await page('/', fan.token, { fs_intl: 'de-DE|Europe/Berlin' })).toContain(
      'data-intl="de-DE Europe/Berlin"',
    );
    expect(await page('/', fan.token, { fs_intl: 'not a locale!|Mars/Olympus' })).toContain(
      'data-intl=" "',
    );
    expect(displayIntlOf('en-gb|Asia/Tokyo')).toEqual({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(displayIntlOf('fr')).toEqual({ locale: 'fr' });
    expect(displayIntlOf(undefined)).toEqual({});
  });

  it('paints in the member’s theme and layout (the fs_ui cookie), the default without it', async () => {
    const light = await page('/', fan.token, { fs_ui: 'light|teal|large|1|0|1' });
    expect(light).toContain(
      '<html lang="en" class="light reduce-motion" data-accent="teal" data-font-size="large">',
    );
    expect(light).toContain('data-sidebar="true"');
    for (const fs_ui of [
      'light|teal|large|1|0',
      'sepia|teal|large|1|0|1',
      'light|red|large|0|0|0',
    ]) {
      const html = await page('/', fan.token, { fs_ui });
      expect(html, fs_ui).toContain('<html><head>');
      expect(html, fs_ui).toContain('data-sidebar=""');
    }
    expect(uiPrefsOf('dark|purple|small|0|1|0')).toEqual({
      theme: 'dark',
      accent: 'purple',
      fontSize: 'small',
      reducedMotion: false,
      highContrast: true,
      sidebarCollapsed: false,
    });
    // a page the server did not render keeps index.html's own (the splash covers it)
    expect(await page('/discover', fan.token, { fs_ui: 'light|teal|large|1|0|1' })).toContain(
      '<html><head>',
    );
  });

  it('renders a profile with the answers its header waits for', async () => {
    const html = await page(`/u/${creator.user.username}`, fan.token);
    expect(html).toContain(`<main data-rendered="/u/${creator.user.username}"`);
    expect(html).toContain(`/widgets/user/${creator.user.id}`);
  });

  it('renders nothing for visitors, nor for pages with the session check alone', async () => {
    for (const [url, token] of [
      ['/', undefined],
      ['/u/anyone', undefined],
      ['/discover', fan.token],
      ['/messages', fan.token],
    ] as const) {
      const html = await page(url, token);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('id="splash"');
      expect(html, url).not.toContain('data-server-rendered');
    }
  });

  it('sends the page unrendered, with its boot data, when the render fails', async () => {
    const html = await page('/u/boom', fan.token);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('data-app-styles');
    expect(bootDataOf(html).userId).toBe(fan.user.id);
  });
});

describe('createSsr', () => {
  const answers = { '/users/me': JSON.stringify({ username: 'sam' }) };

  it('gives a slow render up after its budget, and refuses to queue beyond MAX_WAITING', async () => {
    const ssr = createSsr(webDist, 100, log);
    expect(await ssr.page('/', answers)).toContain('sam:/users/me:100');
    const started = Date.now();
    expect(await ssr.page('/u/slow', answers)).toBeNull();
    expect(Date.now() - started).toBeLessThan(900);
    // the slow one above still runs; fill the queue to the limit, then one more is refused at once
    const waiting = Array.from({ length: MAX_WAITING - 1 }, () => ssr.page('/u/slow', answers));
    expect(await ssr.page('/', answers)).toBeNull();
    await Promise.all(waiting);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await ssr.page('/', answers)).toContain('sam');
  });

  it('renders nothing when turned off or when the build has no renderer', async () => {
    expect(await createSsr(webDist, 0, log).page('/', answers)).toBeNull();
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-ssr-none-'));
    try {
      expect(await createSsr(bare, 1000, log).page('/', answers)).toBeNull();
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('withRenderedRoot', () => {
  it('is null for an index.html without the splash or the empty #root', () => {
    expect(withRenderedRoot('<html><body><div id="root"></div></body></html>', 'x')).toBeNull();
    expect(withRenderedRoot('<html><body><div id="splash"></div></body></html>', 'x')).toBeNull();
    expect(withRenderedRoot(INDEX_HTML, '<p>x</p>')).toContain(
      '<div id="root" data-server-rendered data-preload=""><p>x</p></div>',
    );
  });

  it('makes the page’s text fields read-only until the app has taken it over', () => {
    expect(
      readOnlyUntilHydrated(
        '<input type="search" value=""/><textarea rows="2"></textarea>' +
          '<input readOnly="" value="x"/><INPUT type="text"/>',
      ),
    ).toBe(
      '<input readOnly="" data-ssr-readonly="" type="search" value=""/>' +
        '<textarea readOnly="" data-ssr-readonly="" rows="2"></textarea>' +
        '<input readOnly="" value="x"/><INPUT readOnly="" data-ssr-readonly="" type="text"/>',
    );
  });
});
