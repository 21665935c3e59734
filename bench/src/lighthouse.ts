import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startServer } from './server.ts';

/**
 * `npm run lighthouse -w bench`: Lighthouse 12 performance audits of the built web app (run
 * `npm run build -w web` first) served by the real server on a fresh data dir with the demo
 * seed. A demo fan logs in through the login page in the same Chromium profile Lighthouse then
 * audits with, so `/` is the signed-in home feed. Every page is audited with the mobile and
 * desktop presets (Lighthouse's default throttling), LH_RUNS times each (default 3); the median
 * run by score is reported. Writes bench/results/lighthouse.json.
 *
 * Environment: LH_PAGES (default `/login,/,/u/maya.lens`), LH_PRESETS (`mobile,desktop`),
 * LH_RUNS (3), LH_SERVER_PORT (4240), LH_CHROME_PORT (4241), CHROME_PATH (/usr/bin/chromium),
 * LH_VISITOR (1: audit every page as a visitor, without logging in), LH_LHR_DIR (a folder to write every run's full Lighthouse report to, for the network
 * waterfall and the main-thread breakdown).
 */
const PAGES = (process.env.LH_PAGES ?? '/login,/,/u/maya.lens').split(',');
const PRESETS = (process.env.LH_PRESETS ?? 'mobile,desktop').split(',') as Array<
  'mobile' | 'desktop'
>;
const RUNS = Number(process.env.LH_RUNS ?? 3);
const SERVER_PORT = Number(process.env.LH_SERVER_PORT ?? 4240);
const CHROME_PORT = Number(process.env.LH_CHROME_PORT ?? 4241);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGET_SCORE = 95;
const PUBLIC_PAGES = new Set(['/login', '/signup', '/forgot-password', '/terms', '/privacy']);
/** LH_VISITOR=1: every page as a visitor (`/` is then the landing page), as a first-time guest sees it */
const AS_VISITOR = process.env.LH_VISITOR === '1';
const isPublic = (page: string) => AS_VISITOR || PUBLIC_PAGES.has(page);
const DEMO_FAN = { email: 'fan@fanspace.test', password: 'fanspace-demo' };

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type MetricKey = keyof typeof METRICS;

interface Run {
  score: number;
  /** ms, except cls (unitless) */
  metrics: Record<MetricKey, number>;
  /** the LCP element as Lighthouse saw it, to know what to fix */
  lcpElement: string | null;
  /** opportunities worth more than 50 ms, for the same reason */
  opportunities: string[];
  /** what shifted, the longest main-thread tasks and Lighthouse's CPU benchmark of the machine */
  diagnostics: { layoutShifts: string[]; longTasks: string[]; benchmarkIndex: number | null };
}

interface Audit {
  score: number | null;
  numericValue?: number;
  title: string;
  details?: { type?: string; overallSavingsMs?: number; items?: unknown[] };
}

/** Chromium with a DevTools port, the flags the e2e journeys use, and a profile of its own. */
async function launchChromium(
  profileDir: string,
): Promise<{ child: ChildProcess; stop: () => void }> {
  const child = spawn(
    CHROME_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${CHROME_PORT}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${CHROME_PORT}/json/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, stop: () => void child.kill('SIGTERM') };
}

/** Logs the demo fan in through the login page; the session stays in the profile. */
async function logIn(baseUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${CHROME_PORT}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email or username', { exact: true }).fill(DEMO_FAN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_FAN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
    await page.close();
  } finally {
    // disconnects only: the browser was launched by this script, not by Playwright
    await browser.close();
  }
}

function describeLcp(audits: Record<string, Audit>): string | null {
  const details = audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
}

function listItems(audits: Record<string, Audit>, id: string): Array<Record<string, unknown>> {
  return (audits[id]?.details?.items ?? []) as Array<Record<string, unknown>>;
}

function diagnose(audits: Record<string, Audit>, benchmarkIndex: number | null) {
  const snippet = (item: Record<string, unknown>) =>
    ((item.node as { snippet?: string } | undefined)?.snippet ?? '?').slice(0, 120);
  return {
    layoutShifts: listItems(audits, 'layout-shifts')
      .slice(0, 3)
      .map((i) => `${Number(i.score).toFixed(3)} ${snippet(i)}`),
    longTasks: listItems(audits, 'long-tasks')
      .slice(0, 5)
      .map(
        (i) =>
          `${Math.round(Number(i.duration))} ms ${String(i.url).replace(/^https?:\/\/[^/]+/, '')}`,
      ),
    benchmarkIndex,
  };
}

async function audit(url: string, preset: 'mobile' | 'desktop', attempt = 1): Promise<Run> {
  const result = await lighthouse(
    url,
    { port: CHROME_PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const lhrDir = process.env.LH_LHR_DIR;
  if (lhrDir) {
    fs.mkdirSync(lhrDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    fs.writeFileSync(path.join(lhrDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    // a starved machine sometimes loses the trace (NO_NAVSTART): one more try
    if (attempt < 3) return audit(url, preset, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, audits[id]?.numericValue ?? NaN]),
  ) as Record<MetricKey, number>;
  const opportunities = Object.values(audits)
    .filter((a) => (a.details?.overallSavingsMs ?? 0) > 50)
    .map((a) => `${a.title} (${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics,
    lcpElement: describeLcp(audits),
    opportunities,
    diagnostics: diagnose(audits, lhr.environment?.benchmarkIndex ?? null),
  };
}

function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

const fmt = (key: MetricKey, value: number) =>
  key === 'cls' ? value.toFixed(3) : `${(value / 1000).toFixed(2)} s`;

async function main() {
  const repoRoot = path.resolve(import.meta.dirname, '..', '..');
  if (!fs.existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-lh-'));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-lh-chrome-'));
  const server = await startServer(
    { dataDir, port: SERVER_PORT },
    { DEMO_SEED: 'true', REDIS_URL: '', PRESSURE_ENABLED: 'false' },
  );
  const chrome = await launchChromium(profileDir);
  const out: Record<string, Record<string, Run & { runs: number[] }>> = {};
  let failing = 0;
  try {
    // public pages are audited as a visitor, the others after the demo fan logs in
    const ordered = [...PAGES.filter(isPublic), ...PAGES.filter((p) => !isPublic(p))];
    let signedIn = false;
    for (const page of ordered) {
      if (!isPublic(page) && !signedIn) {
        await logIn(server.url);
        signedIn = true;
      }
      out[page] = {};
      for (const preset of PRESETS) {
        const runs: Run[] = [];
        try {
          for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${server.url}${page}`, preset));
        } catch (error) {
          console.log(`${page.padEnd(14)} ${preset.padEnd(8)} failed: ${(error as Error).message}`);
          failing += 1;
          continue;
        }
        const mid = median(runs);
        out[page][preset] = { ...mid, runs: runs.map((r) => r.score) };
        if (mid.score < TARGET_SCORE) failing += 1;
        const metrics = (Object.keys(METRICS) as MetricKey[])
          .map((k) => `${k.toUpperCase()} ${fmt(k, mid.metrics[k])}`)
          .join('  ');
        console.log(
          `${page.padEnd(14)} ${preset.padEnd(8)} ${String(mid.score).padStart(3)} ` +
            `(runs ${runs.map((r) => r.score).join('/')})  ${metrics}`,
        );
        if (process.env.LH_VERBOSE) {
          console.log(`  LCP element: ${mid.lcpElement ?? '-'}`);
          for (const o of mid.opportunities) console.log(`  ${o}`);
          const d = mid.diagnostics;
          console.log(`  benchmarkIndex ${d.benchmarkIndex ?? '?'}`);
          for (const shift of d.layoutShifts) console.log(`  shift ${shift}`);
          for (const task of d.longTasks) console.log(`  long task ${task}`);
        }
      }
    }
  } finally {
    chrome.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  const resultsDir = path.resolve(import.meta.dirname, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'lighthouse.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: os.loadavg(), runs: RUNS, pages: out }, null, 2)}\n`,
  );
  if (failing > 0) {
    console.log(`${failing} page/preset median(s) below ${TARGET_SCORE}`);
    process.exitCode = 1;
  }
}

await main();
