import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page, type Request } from 'playwright-core';
import { startServer } from './server.ts';

/**
 * `npm run web-profile -w bench`: where the main thread goes before the first useful frame, with
 * less noise than Lighthouse's scores. The built web app (`npm run build -w web`) is served by
 * the real server on a fresh data dir with the demo seed; headless Chromium (phone 390×844,
 * CPU throttled ×PROFILE_CPU, default 4, no network throttling) logs the demo fan in, then
 * loads each page PROFILE_RUNS times (default 3) with the V8 sampling profiler on and prints,
 * per page: LCP, the long tasks (≥ 50 ms) before and after it, the API requests started before
 * LCP and the functions with the most self time up to LCP (a build with `--minify false` names
 * them). Nothing is written to bench/results: this is a tool for A/B runs on one machine.
 *
 * Environment: PROFILE_PAGES (default `/,/u/maya.lens,/login`), PROFILE_RUNS, PROFILE_CPU,
 * PROFILE_TOP (functions listed, default 15), CHROME_PATH (/usr/bin/chromium), BENCH_PORT.
 */
const PAGES = (process.env.PROFILE_PAGES ?? '/,/u/maya.lens,/login').split(',');
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const CPU = Number(process.env.PROFILE_CPU ?? 4);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_FAN = { email: 'fan@fanspace.test', password: 'fanspace-demo' };

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface PageTimings {
  lcp: number;
  longTasks: Array<{ start: number; duration: number }>;
  requests: Array<{ start: number; end: number; url: string }>;
  timeOrigin: number;
}

/** Installed before any page script: collects LCP and long tasks into window.__profile. */
const OBSERVERS = `
  window.__profile = { lcp: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__profile.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__profile.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

async function logIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or username', { exact: true }).fill(DEMO_FAN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_FAN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Self time per function (ms) from the first sample until `untilUs` (profile clock, µs). */
function selfTimes(profile: CpuProfile, untilUs: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i] ?? 0;
    if (t > untilUs) break;
    const node = byId.get(profile.samples[i] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const file = url.replace(/^https?:\/\/[^/]+/, '');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    const next = profile.timeDeltas[i + 1] ?? 0;
    totals.set(key, (totals.get(key) ?? 0) + next / 1000);
  }
  return totals;
}

async function profileLoad(page: Page, cdp: CDPSession, url: string) {
  const requests: Array<{ start: number; end: number; url: string }> = [];
  const onRequestFinished = (request: Request) => {
    const timing = request.timing();
    if (!request.url().includes('/api/')) return;
    requests.push({
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
      url: request.url().replace(/^https?:\/\/[^/]+/, ''),
    });
  };
  page.on('requestfinished', onRequestFinished);
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  page.off('requestfinished', onRequestFinished);
  const timings = await page.evaluate(
    () =>
      ({
        ...(globalThis as unknown as { __profile: Omit<PageTimings, 'requests' | 'timeOrigin'> })
          .__profile,
        timeOrigin: performance.timeOrigin,
      }) as Omit<PageTimings, 'requests'>,
  );
  return { profile, timings: { ...timings, requests } as PageTimings };
}

async function main() {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..');
  if (!fs.existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-profile-'));
  const server = await startServer(
    { dataDir },
    { DEMO_SEED: 'true', REDIS_URL: '', PRESSURE_ENABLED: 'false' },
  );
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    let signedIn = false;
    for (const target of PAGES) {
      const isPublic = target === '/login' || target === '/signup';
      if (!isPublic && !signedIn) {
        await logIn(page, server.url);
        signedIn = true;
      }
      const functions = new Map<string, number>();
      console.log(`${target} (CPU ×${CPU}, load ${os.loadavg()[0]?.toFixed(1)})`);
      for (let run = 0; run < RUNS; run += 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
        const { profile, timings } = await profileLoad(page, cdp, `${server.url}${target}`);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await cdp.detach();
        // the profile clock and performance.now() differ: align on the navigation start,
        // taken as the first sample (the profiler starts just before page.goto)
        const lcpUs = profile.startTime + timings.lcp * 1000;
        for (const [key, ms] of selfTimes(profile, lcpUs)) {
          functions.set(key, (functions.get(key) ?? 0) + ms / RUNS);
        }
        const before = timings.longTasks.filter((t) => t.start < timings.lcp);
        const after = timings.longTasks.filter((t) => t.start >= timings.lcp);
        const fmt = (list: typeof before) =>
          list.map((t) => Math.round(t.duration)).join(' ') || '-';
        const blocking = (list: typeof before) =>
          Math.round(list.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0));
        console.log(
          `  run ${run + 1}: LCP ${Math.round(timings.lcp)} ms; long tasks before LCP ` +
            `${fmt(before)} (blocking ${blocking(before)} ms), after ${fmt(after)} ` +
            `(blocking ${blocking(after)} ms)`,
        );
        const early = timings.requests
          .filter((r) => r.start - timings.timeOrigin < timings.lcp)
          .sort((a, b) => a.start - b.start)
          .map(
            (r) =>
              `${Math.round(r.start - timings.timeOrigin)}→${Math.round(r.end - timings.timeOrigin)} ${r.url.slice(0, 60)}`,
          );
        if (run === 0) for (const line of early) console.log(`    api ${line}`);
      }
      const top = [...functions.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
      for (const [key, ms] of top) console.log(`  ${ms.toFixed(0).padStart(5)} ms  ${key}`);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
