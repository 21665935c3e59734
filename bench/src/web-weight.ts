import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './server.ts';

/**
 * `npm run bench:web`: the JavaScript each public route really ships. Starts the server on an
 * empty PGlite (serving the built web app: run `npm run build` first), opens the routes in
 * Chromium, and sums the gzipped size of every script the page loaded. /login must stay
 * within 150 KB, read as 150,000 bytes (the stricter of 1,000 and 1,024; the figures printed are
 * in KB of 1,024 bytes, as in docs/PERFORMANCE.md). Writes bench/results/web.json.
 */
const LIMIT_BYTES = 150_000;
const ROUTES = (process.env.BENCH_WEB_ROUTES ?? '/login,/,/signup').split(',');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-web-'));
  const server = await startServer({ dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  const out: Record<string, { scripts: number; gzipBytes: number; gzipKb: number; rawKb: number }> =
    {};
  try {
    for (const route of ROUTES) {
      const page = await browser.newPage();
      const bodies: Array<Promise<Buffer>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        const body = res.body();
        bodies.push(body);
        if (process.env.BENCH_WEB_VERBOSE)
          void body.then((b) =>
            console.log(
              `  ${route} ${new URL(res.url()).pathname} ${gzipSync(b, { level: 9 }).length} B gz`,
            ),
          );
      });
      await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
      const buffers = await Promise.all(bodies);
      const gzip = buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
      const raw = buffers.reduce((n, b) => n + b.length, 0);
      out[route] = {
        scripts: buffers.length,
        gzipBytes: gzip,
        gzipKb: Math.round(gzip / 102.4) / 10,
        rawKb: Math.round(raw / 102.4) / 10,
      };
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const resultsDir = path.resolve(import.meta.dirname, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'web.json'), `${JSON.stringify(out, null, 2)}\n`);
  for (const [route, r] of Object.entries(out))
    console.log(
      `${route.padEnd(10)} ${r.scripts} scripts  ${r.gzipKb} KB gzipped (${r.rawKb} KB raw)`,
    );
  const login = out['/login'];
  if (login && login.gzipBytes > LIMIT_BYTES) {
    console.log(
      `/login ships ${login.gzipBytes} bytes of gzipped JS, over the budget of ${LIMIT_BYTES}`,
    );
    process.exitCode = 1;
  }
}

await main();
