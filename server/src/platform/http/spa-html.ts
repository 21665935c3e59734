import {
  SERVER_READONLY_ATTRIBUTE,
  SERVER_RENDERED_ATTRIBUTE,
  SSR_SHIELD_ID,
} from '@fanspace/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { BootMarkup } from './boot-data.ts';
import { compressJson, pickEncoding } from './compress-json.ts';
import type { UiPrefs } from './ssr.ts';

/**
 * index.html for one URL, with a <link rel="modulepreload"> for every chunk that page load will
 * need (dist/route-preloads.json, written by the web build from web/src/app/route-preloads.ts):
 * the browser then fetches the app chunk, the shell and the page in parallel with the entry
 * instead of discovering them one round trip after another. Built once per route pattern and
 * build (the two files' mtimes: a new build is picked up without a restart, like the assets),
 * compressed once, kept in memory.
 */
interface PreloadManifest {
  always: string[];
  /** visitorFiles: what a visitor needs there instead (`/`: the landing page, not the feed) */
  routes: Array<{ path: string; files: string[]; visitorFiles?: string[] }>;
}

export interface SpaPage {
  body: Buffer;
  /** absent when the client accepts neither brotli nor gzip */
  encoding?: 'br' | 'gzip';
}

interface Variant {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const SAFE_FILE = /^\/[\w./-]+\.js$/;

const SPLASH = '<div id="splash"';
const EMPTY_ROOT = '<div id="root"></div>';
/** the stylesheet index.html only preloads (web/vite.config.ts `deferStylesheet`) */
const DEFERRED_STYLESHEET =
  /<link rel="preload" as="style"((?: crossorigin)?) href="([^"]+\.css)" data-app-styles>/g;

const HTML_TAG = /<html\b[^>]*>/;
const THEME_COLOR = /<meta name="theme-color" content="[^"]*"/;

/**
 * The member's theme, accent, font size, motion and contrast on <html>, as the web app would set
 * them (web/src/features/settings/apply-ui-settings.ts): a server-rendered page paints in them
 * instead of flashing the default theme until the app starts. Unchanged without the cookie.
 */
function withUiPrefs(head: string, ui: UiPrefs | null): string {
  if (!ui) return head;
  const classes = [
    ui.theme,
    ...(ui.reducedMotion ? ['reduce-motion'] : []),
    ...(ui.highContrast ? ['high-contrast'] : []),
  ].join(' ');
  return head
    .replace(
      HTML_TAG,
      `<html lang="en" class="${classes}" data-accent="${ui.accent}" data-font-size="${ui.fontSize}">`,
    )
    .replace(
      THEME_COLOR,
      `<meta name="theme-color" content="${ui.theme === 'dark' ? '#0b0a10' : '#f6f5fa'}"`,
    );
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html with the server's render of the page in #root (ssr.ts), marked for the browser to
 * hydrate (web/src/app/startup/server-rendered.ts): without the splash, which would cover it,
 * and with the stylesheet applied by the HTML itself, so the page paints styled before any
 * script runs; a transparent layer over it takes taps until the app has taken the page over
 * (web/src/app/startup/server-rendered.ts). The page's modulepreload links move into #root's
 * `data-preload`: the entry adds them once the page has been painted (web/src/main.tsx), so
 * ~200 KB of script does not compete with the HTML, the stylesheet and the lead image for the
 * first paint. null when index.html is not the one expected (no splash or empty #root).
 */
export function withRenderedRoot(
  html: string,
  rendered: string,
  ui: UiPrefs | null = null,
): string | null {
  const from = html.indexOf(SPLASH);
  const root = html.indexOf(EMPTY_ROOT);
  if (from < 0 || root < from) return null;
  const preloads: string[] = [];
  const head = withUiPrefs(html.slice(0, from), ui)
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(DEFERRED_STYLESHEET, '<link rel="stylesheet"$1 href="$2">');
  return (
    head +
    `<div id="root" ${SERVER_RENDERED_ATTRIBUTE} data-preload="${preloads.join(' ')}">` +
    `${readOnlyUntilHydrated(rendered)}</div><div id="${SSR_SHIELD_ID}" aria-hidden="true"></div>` +
    html.slice(root + EMPTY_ROOT.length)
  );
}

const EDITABLE = /<(input|textarea)\b(?![^>]*\breadOnly\b)/gi;

/**
 * The page's text fields are read-only until the app has taken the page over
 * (web/src/app/startup/server-rendered.ts removes what is marked here): text typed before React
 * runs would be in the field but not in the app's state – a search for "" on Enter.
 */
export function readOnlyUntilHydrated(rendered: string): string {
  return rendered.replace(EDITABLE, `<$1 readOnly="" ${SERVER_READONLY_ATTRIBUTE}=""`);
}

/** Does a route pattern (`/u/:username`) match a path? `:name` is one non-empty segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => segment.startsWith(':') || segment === have[i]);
}

function readManifest(file: string): PreloadManifest | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PreloadManifest>;
    if (!Array.isArray(parsed.always) || !Array.isArray(parsed.routes)) return null;
    const files = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
    return {
      always: files(parsed.always),
      routes: parsed.routes
        .filter((r) => typeof r?.path === 'string')
        .map((r) => ({
          path: r.path,
          files: files(r.files),
          ...(Array.isArray(r.visitorFiles) ? { visitorFiles: files(r.visitorFiles) } : {}),
        })),
    };
  } catch {
    // an older build without the file (or a broken one): serve index.html as it is
    return null;
  }
}

export function createSpaHtml(webDist: string) {
  const indexPath = path.join(webDist, 'index.html');
  const manifestPath = path.join(webDist, 'route-preloads.json');
  let builtAt = '';
  let manifest: PreloadManifest | null = null;
  let template = '';
  const variants = new Map<string, Variant>();

  const mtimeOf = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;

  /** false when there is no index.html (a build in progress): the caller sends from disk */
  function refresh(): boolean {
    const index = mtimeOf(indexPath);
    if (index < 0) return false;
    const stamp = `${index}:${mtimeOf(manifestPath)}`;
    if (stamp === builtAt) return true;
    try {
      template = fs.readFileSync(indexPath, 'utf8');
    } catch {
      // removed between stat and read: a build is replacing it
      builtAt = '';
      return false;
    }
    builtAt = stamp;
    manifest = readManifest(manifestPath);
    variants.clear();
    return true;
  }

  function variantFor(pathname: string, signedIn: boolean): Variant {
    const route = manifest?.routes.find((r) => matchesPattern(r.path, pathname));
    const forVisitor = !signedIn && route?.visitorFiles !== undefined;
    const key = `${route?.path ?? '*'}${forVisitor ? ' visitor' : ''}`;
    const cached = variants.get(key);
    if (cached) return cached;
    const routeFiles = (forVisitor ? route?.visitorFiles : route?.files) ?? [];
    const files = [...new Set([...(manifest?.always ?? []), ...routeFiles])].filter((file) =>
      SAFE_FILE.test(file),
    );
    const links = files
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      .join('');
    const html = links ? template.replace('</head>', `${links}</head>`) : template;
    const raw = Buffer.from(html);
    const variant: Variant = {
      raw,
      br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    variants.set(key, variant);
    return variant;
  }

  return {
    /**
     * null when the build has no route-preloads.json: send index.html from disk then.
     * `signedIn`: the request carries a session cookie (a hint for what to preload, no more).
     */
    page(
      pathname: string,
      acceptEncoding: string | string[] | undefined,
      signedIn = true,
    ): SpaPage | null {
      if (!refresh() || !manifest) return null;
      const variant = variantFor(pathname, signedIn);
      const encoding = pickEncoding(acceptEncoding);
      if (encoding) return { body: variant[encoding], encoding };
      return { body: variant.raw };
    },
    /**
     * The signed-in page with its boot data (boot-data.ts): the image preload in the head, the
     * JSON block at the end of the body. Per user, so compressed per request like API JSON.
     */
    async pageWithBoot(
      pathname: string,
      acceptEncoding: string | string[] | undefined,
      boot: BootMarkup,
      rendered: string | null = null,
      ui: UiPrefs | null = null,
    ): Promise<SpaPage | null> {
      if (!refresh() || !manifest) return null;
      const plain = variantFor(pathname, true).raw.toString();
      const html = ((rendered !== null && withRenderedRoot(plain, rendered, ui)) || plain)
        .replace('</head>', `${boot.head}</head>`)
        .replace('</body>', `${boot.body}</body>`);
      const encoding = pickEncoding(acceptEncoding);
      if (!encoding) return { body: Buffer.from(html) };
      return { body: await compressJson(html, encoding), encoding };
    },
  };
}
