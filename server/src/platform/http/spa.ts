import fastifyStatic from '@fastify/static';
import { ErrorCodes, INTL_COOKIE, UI_COOKIE } from '@fanspace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from './auth-plugin.ts';
import { createBootData } from './boot-data.ts';
import { createSpaHtml } from './spa-html.ts';
import { createSsr, displayIntlOf, uiPrefsOf } from './ssr.ts';

const ASSET_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.map',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.json',
  '.webmanifest',
  '.txt',
  '.woff',
  '.woff2',
  '.ttf',
  '.xml',
]);

/**
 * Serves the built web app. Every non-/api GET that is not a file gets index.html so client
 * routes survive a reload (history fallback). Hashed assets are cached for a year; index.html
 * and the service worker never, so a deploy is picked up at once. index.html carries the
 * modulepreload links of the URL's chunks (spa-html.ts).
 */
export async function registerSpa(app: FastifyInstance, webDist: string, enabled: boolean) {
  const indexPath = path.join(webDist, 'index.html');
  const hasWeb = enabled && fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // wildcard: files are looked up per request, so a new build is served without a restart
      wildcard: true,
      index: false,
      // the web build writes .br and .gz beside every text asset (web/vite.config.ts): sent
      // to browsers that accept them, with Vary: Accept-Encoding, at no CPU cost per request
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const html = hasWeb ? createSpaHtml(webDist) : null;
  const bootData = createBootData(app, app.ctx.config.SPA_BOOT_DATA_MS);
  const ssr = createSsr(webDist, hasWeb ? app.ctx.config.SPA_RENDER_MS : 0, app.log);
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const pathname = request.url.split('?')[0] ?? '/';
    const encodings = request.headers['accept-encoding'];
    // a signed-in `/` or profile: the page's first API answers in the HTML (boot-data.ts)
    const boot =
      html && request.method === 'GET' ? await bootData.forRequest(request, pathname) : null;
    // …and its first view rendered from them, in the browser's locale and the member's display
    // settings, for the browser to hydrate (ssr.ts)
    const ui = uiPrefsOf(request.cookies[UI_COOKIE]);
    const rendered = boot?.pageAnswers
      ? await ssr.page(pathname, boot.pageAnswers, displayIntlOf(request.cookies[INTL_COOKIE]), ui)
      : null;
    const page = boot
      ? await html?.pageWithBoot(pathname, encodings, boot, rendered, ui)
      : html?.page(pathname, encodings, Boolean(request.cookies[SESSION_COOKIE]));
    if (!page) return reply.sendFile('index.html');
    // the page differs with the cookie (the preloads; a member's own data): no shared cache
    // may answer one person's request with another's page, and a page with data is kept nowhere
    if (boot) reply.header('cache-control', 'private, no-store');
    reply.header('vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(page.body);
  };
  if (hasWeb) {
    // the static wildcard would answer the bare directory with 403
    app.get('/', { schema: { hide: true } }, sendIndex);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      return reply.status(404).send({
        message: `Route ${request.method} ${url} not found`,
        code: ErrorCodes.ROUTE_NOT_FOUND,
      });
    }
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not found', code: ErrorCodes.NOT_FOUND });
    }
    // a missing asset is a 404, not the app shell; other dotted paths (/u/maya.lens) are routes
    if (url.startsWith('/assets/') || ASSET_EXTENSIONS.has(path.extname(url).toLowerCase())) {
      return reply.status(404).send({ message: 'Not found', code: ErrorCodes.NOT_FOUND });
    }
    return sendIndex(request, reply);
  });
}
