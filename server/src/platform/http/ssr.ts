import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  UI_ACCENTS,
  UI_FONT_SIZES,
  UI_THEMES,
  type UiAccent,
  type UiFontSize,
  type UiTheme,
} from '@fanspace/contracts';

/**
 * Server rendering of a signed-in `/` or profile's first view (docs/PERFORMANCE.md,
 * "Server-rendered first view"). The web build writes the renderer beside the app
 * (`web/dist-ssr/entry-server.js`, from web/src/entry-server.tsx); it renders the page with the
 * web app's own routes and components from the API answers the boot data already carries
 * (boot-data.ts), and the browser hydrates that HTML. The module is loaded on first use – a
 * process that never serves such a page never loads React (~25–70 MB); after a new web build
 * pages go out unrendered until the process restarts.
 *
 * Renders run one at a time inside the renderer (its stores are module state); a page waits at
 * most `timeoutMs` for its render and is sent without one when it takes longer, fails, when
 * `MAX_WAITING` renders are already queued (a burst of navigations is not made to queue), or
 * when there is no renderer (a build without it, SPA_RENDER_MS=0).
 */
/** The browser's locale and time zone, for the dates and numbers of the page. */
export interface DisplayIntl {
  locale?: string;
  timeZone?: string;
}

/** The member's display settings as the web app writes them (web/…/apply-ui-settings.ts `uiCookie`). */
export interface UiPrefs {
  theme: UiTheme;
  accent: UiAccent;
  fontSize: UiFontSize;
  reducedMotion: boolean;
  highContrast: boolean;
  sidebarCollapsed: boolean;
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | null =>
  list.find((item) => item === value) ?? null;
const flag = (value: string | undefined): boolean | null =>
  value === '1' ? true : value === '0' ? false : null;

/** `fs_ui` (`theme|accent|font size|reduced motion|high contrast|sidebar collapsed`), or null. */
export function uiPrefsOf(cookie: string | undefined): UiPrefs | null {
  const [theme, accent, fontSize, motion, contrast, sidebar] = (cookie ?? '').split('|');
  const prefs = {
    theme: oneOf(UI_THEMES, theme),
    accent: oneOf(UI_ACCENTS, accent),
    fontSize: oneOf(UI_FONT_SIZES, fontSize),
    reducedMotion: flag(motion),
    highContrast: flag(contrast),
    sidebarCollapsed: flag(sidebar),
  };
  return Object.values(prefs).every((value) => value !== null) ? (prefs as UiPrefs) : null;
}

interface Renderer {
  renderPage(input: {
    pathname: string;
    responses: Record<string, unknown>;
    intl: DisplayIntl;
    ui?: { sidebarCollapsed: boolean };
    timeoutMs: number;
  }): Promise<string | null>;
}

/**
 * The browser's locale and time zone from its `fs_intl` cookie, each only when Intl knows it:
 * the page is then rendered with the "1.234" and "vor 9 Stunden" the browser will render when
 * it hydrates it. Without the cookie (a first visit) the server's defaults.
 */
export function displayIntlOf(cookie: string | undefined): DisplayIntl {
  const [locale, timeZone] = (cookie ?? '').split('|');
  const intl: DisplayIntl = {};
  try {
    if (locale) intl.locale = Intl.getCanonicalLocales(locale)[0];
  } catch {
    // not a locale: the default
  }
  try {
    if (timeZone && new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone)
      intl.timeZone = timeZone;
  } catch {
    // not a time zone: the default
  }
  return intl;
}

export const SSR_ENTRY = 'entry-server.js';
/** renders queued or running at once, beyond which a page goes out without one */
export const MAX_WAITING = 4;

/** web/dist → web/dist-ssr: where the web build writes the renderer */
export function ssrDirOf(webDist: string): string {
  return `${webDist.replace(/[\\/]+$/, '')}-ssr`;
}

function isRenderer(value: unknown): value is Renderer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Renderer>).renderPage === 'function'
  );
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(resolve, ms, null).unref());
}

export function createSsr(webDist: string, timeoutMs: number, log: FastifyBaseLogger) {
  const entry = path.join(ssrDirOf(webDist), SSR_ENTRY);
  let loaded: { stamp: number; renderer: Promise<Renderer | null> } | null = null;
  let waiting = 0;

  function renderer(): Promise<Renderer | null> {
    const stamp = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (stamp < 0) return Promise.resolve(null);
    if (loaded) {
      // a web build made after the renderer was loaded: its chunks import the entry by its plain
      // URL, so a second copy cannot be loaded beside the first (two copies of the app's
      // stores); pages go out unrendered until a restart, never rendered by the old build
      return loaded.stamp === stamp ? loaded.renderer : Promise.resolve(null);
    }
    const next = import(pathToFileURL(entry).href).then(
      (module: unknown) => (isRenderer(module) ? module : null),
      (error: unknown) => {
        log.warn({ err: error }, 'loading the page renderer failed; pages go out unrendered');
        return null;
      },
    );
    loaded = { stamp, renderer: next };
    return next;
  }

  async function render(
    pathname: string,
    answers: Record<string, string>,
    intl: DisplayIntl,
    ui: UiPrefs | null,
  ) {
    const module = await renderer();
    if (!module) return null;
    const responses: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(answers)) responses[key] = JSON.parse(raw);
    return module.renderPage({
      pathname,
      responses,
      intl,
      ...(ui ? { ui: { sidebarCollapsed: ui.sidebarCollapsed } } : {}),
      timeoutMs,
    });
  }

  return {
    /**
     * The HTML for inside #root of a page with these boot answers, or null: not rendered (off,
     * no renderer, busy, failed, too slow).
     */
    async page(
      pathname: string,
      answers: Record<string, string>,
      intl: DisplayIntl = {},
      ui: UiPrefs | null = null,
    ): Promise<string | null> {
      if (timeoutMs <= 0 || waiting >= MAX_WAITING) return null;
      waiting += 1;
      const work = render(pathname, answers, intl, ui)
        .catch((error: unknown) => {
          log.warn({ err: error, pathname }, 'rendering the page failed; sent unrendered');
          return null;
        })
        .finally(() => {
          waiting -= 1;
        });
      return Promise.race([work, timeout(timeoutMs)]);
    },
  };
}
