import { verifyLedger } from '@fanspace/server/src/modules/ledger/ledger.verify.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  newestPublicCommentedPosts,
  paidPost,
  prepareFixtures,
  type Fixtures,
} from './fixtures.ts';
import { fund } from './scenarios.ts';
import { openTarget, scaleFromEnv, seed, targetFromEnv } from './seed/index.ts';
import { planFor } from './seed/plan.ts';
import { startServer, type ServerUnderTest } from './server.ts';
import type { DatabaseHandle } from '@fanspace/server/src/platform/db/database.ts';

/**
 * `npm run soak -w bench`: the soak and overload test of issue 11 against the real server
 * (BENCH_DATABASE_URL, else PGlite; BENCH_SCALE, default 0.01).
 *
 * 1. ramp: an open-loop mixed load (feed, post, like, message, unlock) at rising rates, 10 s a
 *    step (a missed step is run once more before the ramp stops: one pause is not a limit);
 *    the sustainable rate is the highest step with < 0.1 % errors, p99 <= SOAK_RAMP_P99_MS
 *    (default 1,000 ms: no queue building up) and the offered rate actually served.
 * 2. soak: SOAK_SECONDS (default 600) at SOAK_FRACTION (default 0.5, the headroom a deployment
 *    keeps) of that rate: error rate, p99 per kind (target: feed <= 200 ms), server RSS at
 *    start/end/peak and its growth.
 * 3. overload: OVERLOAD_SECONDS (default 30) at twice (SOAK_OVERLOAD_FACTOR) the sustainable rate: how many requests
 *    were shed (429/503, with Retry-After) versus failed otherwise (other 5xx, timeouts).
 * 4. recovery: back to the soak rate; the time from the drop until every request succeeds in
 *    under NORMAL_MS (default 500 ms) again.
 *
 * Open loop: requests leave on a fixed schedule whether or not earlier ones have answered, so
 * a slow server cannot slow the load down (a closed loop would hide overload). Writes
 * bench/results/soak.json (soak-pglite.json on PGlite); exits 1 when a target is missed.
 */

type Kind = 'feed' | 'post' | 'like' | 'message' | 'unlock';
/** shares of the mix, out of 100 */
const MIX: Array<[Kind, number]> = [
  ['feed', 50],
  ['like', 20],
  ['message', 15],
  ['post', 10],
  ['unlock', 5],
];
const TARGETS = { errorRate: 0.001, feedP99Ms: 200, rssGrowthPct: 10, recoveryS: 60 };

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
  return value;
};
const SOAK_SECONDS = env('SOAK_SECONDS', 600);
const SOAK_FRACTION = env('SOAK_FRACTION', 0.5);
const OVERLOAD_SECONDS = env('OVERLOAD_SECONDS', 30);
const RECOVERY_SECONDS = env('RECOVERY_SECONDS', 90);
const NORMAL_MS = env('NORMAL_MS', 500);
/** overload rate as a multiple of the sustainable rate (the issue asks for 2) */
const OVERLOAD_FACTOR = env('SOAK_OVERLOAD_FACTOR', 2);
const TIMEOUT_MS = env('SOAK_TIMEOUT_MS', 10_000);
const RAMP = (process.env.SOAK_RAMP ?? '5,10,15,20,30,40,50,60,80,100,130,160,200,250')
  .split(',')
  .map(Number);
const RAMP_STEP_S = env('SOAK_RAMP_STEP_SECONDS', 10);
const RAMP_P99_MS = env('SOAK_RAMP_P99_MS', 1000);

interface Sample {
  kind: Kind;
  /** ms since the run started */
  at: number;
  ms: number;
  /** HTTP status, 0 for a timeout or a connection error */
  status: number;
  retryAfter: boolean;
}

interface Request {
  kind: Kind;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token: string;
  body?: unknown;
  idempotent?: boolean;
}

const t0 = performance.now();
const now = () => performance.now() - t0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function send(base: URL, r: Request): Promise<Sample> {
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const at = now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number, retryAfter = false) => {
      if (done) return;
      done = true;
      resolve({ kind: r.kind, at, ms: now() - at, status, retryAfter });
    };
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        timeout: TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${r.token}`,
          ...(r.idempotent ? { 'idempotency-key': randomUUID() } : {}),
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? 0, res.headers['retry-after'] !== undefined));
        res.on('error', () => finish(0));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish(0);
    });
    req.on('error', () => finish(0));
    req.end(body);
  });
}

/** `viewerId postId` of every purchase the viewers made already (seed, earlier runs). */
async function purchasedBy(database: DatabaseHandle, fx: Fixtures): Promise<Set<string>> {
  const rows = await database.db
    .selectFrom('content_purchases')
    .select(['buyer_id', 'post_id'])
    .where(
      'buyer_id',
      'in',
      fx.viewers.map((v) => v.id),
    )
    .execute();
  return new Set(rows.map((r) => `${r.buyer_id} ${r.post_id}`));
}

/** The mixed workload: the n-th request of the run. */
function workload(fx: Fixtures, bought: Set<string>) {
  const posts = newestPublicCommentedPosts(fx.plan, 500);
  const viewers = fx.viewers;
  const pairs = fx.chatPairs;
  // each viewer buys the paid posts it has not bought yet, in order
  const paidCount = Math.floor(fx.plan.posts / 10);
  const cursor = viewers.map(() => 0);
  let unlocks = 0;
  const nextPaid = (v: number) => {
    const viewerId = viewers[v]!.id;
    for (let tries = 0; tries < paidCount; tries += 1) {
      const id = paidPost(fx.plan, cursor[v]!++);
      if (!bought.has(`${viewerId} ${id}`)) {
        bought.add(`${viewerId} ${id}`);
        return id;
      }
    }
    throw new Error(`viewer ${viewerId} has bought every paid post: reseed the bench database`);
  };
  const wheel: Kind[] = MIX.flatMap(([kind, share]) => Array<Kind>(share).fill(kind));
  // spread the kinds over the wheel so every second sees the whole mix
  const order = wheel.map((_, i) => wheel[(i * 37) % wheel.length]!);
  return (n: number): Request => {
    const kind = order[n % order.length]!;
    const viewer = viewers[n % viewers.length]!;
    const pair = pairs[n % pairs.length]!;
    switch (kind) {
      case 'feed':
        return { kind, method: 'GET', path: '/api/posts?limit=20', token: viewer.token };
      case 'like':
        // like and unlike in turn, so the like count stays put over a long run
        return {
          kind,
          method: (n >> 1) % 2 === 0 ? 'POST' : 'DELETE',
          path: `/api/posts/${posts[(n >> 2) % posts.length]}/like`,
          token: viewer.token,
        };
      case 'message':
        return {
          kind,
          method: 'POST',
          path: `/api/chats/${pair.chatId}/messages`,
          token: pair.fanToken,
          body: { text: `soak message ${n}` },
          idempotent: true,
        };
      case 'post':
        return {
          kind,
          method: 'POST',
          path: '/api/posts',
          token: pair.creatorToken,
          body: { caption: `soak post ${n}`, accessDetails: { accessLevel: 'public' } },
          idempotent: true,
        };
      case 'unlock': {
        const v = unlocks++ % viewers.length;
        const buyer = viewers[v]!;
        return {
          kind,
          method: 'POST',
          path: `/api/posts/${nextPaid(v)}/unlock`,
          token: buyer.token,
          idempotent: true,
        };
      }
    }
  };
}

/** Sends `rate` requests a second for `seconds`, on schedule, and waits for every answer. */
async function openLoop(
  base: URL,
  next: () => Request,
  rate: number,
  seconds: number,
  onTick?: () => void,
): Promise<{ samples: Sample[]; startedAt: number }> {
  const startedAt = now();
  const pending: Array<Promise<Sample>> = [];
  let sent = 0;
  const total = Math.round(rate * seconds);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((now() - startedAt) / 1000) * rate));
      while (sent < due) {
        pending.push(send(base, next()));
        sent++;
      }
      onTick?.();
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  return { samples: await Promise.all(pending), startedAt };
}

const ok = (s: Sample) => s.status >= 200 && s.status < 300;
const shed = (s: Sample) => s.status === 429 || s.status === 503;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round(
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10,
    ) / 10
  );
}

function summarise(samples: Sample[], seconds: number) {
  const byKind: Record<string, { requests: number; errors: number; p50Ms: number; p99Ms: number }> =
    {};
  for (const [kind] of MIX) {
    const of = samples.filter((s) => s.kind === kind);
    byKind[kind] = {
      requests: of.length,
      errors: of.filter((s) => !ok(s)).length,
      p50Ms: percentile(
        of.map((s) => s.ms),
        50,
      ),
      p99Ms: percentile(
        of.map((s) => s.ms),
        99,
      ),
    };
  }
  const errors = samples.filter((s) => !ok(s));
  const statuses: Record<string, number> = {};
  for (const s of samples)
    statuses[s.status === 0 ? 'timeout/error' : s.status] =
      (statuses[s.status === 0 ? 'timeout/error' : s.status] ?? 0) + 1;
  return {
    requests: samples.length,
    failures: errorKinds(samples),
    servedPerSecond: Math.round((samples.filter(ok).length / seconds) * 10) / 10,
    errors: errors.length,
    errorRate: samples.length ? errors.length / samples.length : 0,
    statuses,
    p99Ms: percentile(
      samples.map((s) => s.ms),
      99,
    ),
    byKind,
  };
}

/** Which kinds failed, with which status: `unlock 409: 2`. */
function errorKinds(samples: Sample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples.filter((x) => !ok(x))) {
    const key = `${s.kind} ${s.status || 'timeout'}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** RSS of the server every second while a phase runs. */
function rssWatch(server: ServerUnderTest) {
  const points: number[] = [];
  const take = () => points.push(server.rssMb());
  take();
  const timer = setInterval(take, 1000);
  return {
    points,
    stop() {
      clearInterval(timer);
      take();
    },
  };
}

const log = (text: string) => process.stdout.write(`${text}\n`);
const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

async function main() {
  const plan = planFor(scaleFromEnv());
  const target = targetFromEnv(plan.scale);
  const driver = target.url ? 'pg' : 'pglite';
  let database = await openTarget(target);
  let fx: Fixtures;
  let bought: Set<string>;
  try {
    await seed(plan, database);
    // 20 chat pairs: fans who write to a creator they follow, and those creators (who post)
    fx = await prepareFixtures(database, plan, 20);
    bought = await purchasedBy(database, fx);
  } finally {
    await database.close();
  }
  const server = await startServer(
    target.url ? { url: target.url } : { dataDir: path.dirname(target.dataDir ?? '') },
    // the shedding is under test: on, whatever the caller's environment says
    { PRESSURE_ENABLED: 'true' },
  );
  const base = new URL(server.url);
  const result: Record<string, unknown> = {
    name: 'soak',
    driver,
    scale: plan.scale,
    cpus: os.cpus().length,
    loadAverageAtStart: loadAverage(),
    mix: Object.fromEntries(MIX),
    pressure: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('PRESSURE_')),
    ),
  };
  let failed: string[] = [];
  try {
    await fund(server.url, fx, 5000);
    const next = workload(fx, bought);
    let n = 0;
    const nextRequest = () => next(n++);

    log('warm-up: 10 s at 10 req/s');
    await openLoop(base, nextRequest, 10, 10);

    // 1. the sustainable rate
    const ramp: Array<Record<string, unknown>> = [];
    let sustainable = 0;
    let retried = false;
    for (let step = 0; step < RAMP.length; step++) {
      const rate = RAMP[step]!;
      const { samples } = await openLoop(base, nextRequest, rate, RAMP_STEP_S);
      const s = summarise(samples, RAMP_STEP_S);
      const feedP99 = s.byKind.feed?.p99Ms ?? 0;
      // keeping up: (almost) everything served, in time, and no queue building up
      const passed =
        s.errorRate < TARGETS.errorRate &&
        s.p99Ms <= RAMP_P99_MS &&
        s.servedPerSecond >= rate * 0.95;
      ramp.push({
        rate,
        passed,
        servedPerSecond: s.servedPerSecond,
        errorRate: s.errorRate,
        p99Ms: s.p99Ms,
        feedP99Ms: feedP99,
        statuses: s.statuses,
      });
      log(
        `ramp ${rate} req/s: served ${s.servedPerSecond}/s, errors ${s.errors}, p99 ${s.p99Ms} ms, feed p99 ${feedP99} ms ${passed ? 'ok' : 'MISSED'} ${JSON.stringify(s.statuses)} ${JSON.stringify(errorKinds(samples))}`,
      );
      if (!passed && !retried) {
        // one missed step may be a pause (a GC, a checkpoint): run it again once before stopping
        retried = true;
        step--;
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      if (!passed) break;
      retried = false;
      sustainable = rate;
      await new Promise((r) => setTimeout(r, 2000));
    }
    result.ramp = ramp;
    if (sustainable === 0) {
      // a machine too busy for the first step: carry on at it, and say so
      sustainable = RAMP[0] ?? 5;
      result.sustainableNotReached = true;
    }
    result.sustainablePerSecond = sustainable;
    await new Promise((r) => setTimeout(r, 5000));

    // 2. soak
    const soakRate = Math.max(1, Math.round(sustainable * SOAK_FRACTION));
    log(`soak: ${SOAK_SECONDS} s at ${soakRate} req/s (load average ${loadAverage().join(' ')})`);
    const rss = rssWatch(server);
    const soakStart = now();
    let lastReport = soakStart;
    const soakRun = await openLoop(base, nextRequest, soakRate, SOAK_SECONDS, () => {
      if (now() - lastReport < 60_000) return;
      lastReport = now();
      log(
        `  ${Math.round((now() - soakStart) / 1000)} s: rss ${server.rssMb()} MB, load ${loadAverage().join(' ')}`,
      );
    });
    rss.stop();
    const soak = summarise(soakRun.samples, SOAK_SECONDS);
    const rssStart = rss.points[0] ?? 0;
    const rssEnd = rss.points.at(-1) ?? 0;
    const minute = Math.min(60, Math.floor(rss.points.length / 4));
    const median = (xs: number[]) => percentile(xs, 50);
    result.soak = {
      seconds: SOAK_SECONDS,
      ratePerSecond: soakRate,
      ...soak,
      rssMb: {
        start: rssStart,
        end: rssEnd,
        peak: Math.max(...rss.points),
        growthPct: rssStart ? Math.round(((rssEnd - rssStart) / rssStart) * 1000) / 10 : 0,
        // less noisy: the median of the first and of the last minute
        firstMinuteMedian: median(rss.points.slice(0, minute)),
        lastMinuteMedian: median(rss.points.slice(-minute)),
      },
      loadAverageAtEnd: loadAverage(),
    };
    log(`soak: ${JSON.stringify(result.soak)}`);

    // 3. overload at twice the sustainable rate, 4. recovery at the soak rate
    const overloadRate = Math.round(sustainable * OVERLOAD_FACTOR);
    log(`overload: ${OVERLOAD_SECONDS} s at ${overloadRate} req/s`);
    const overloadPromise = openLoop(base, nextRequest, overloadRate, OVERLOAD_SECONDS);
    await new Promise((r) => setTimeout(r, OVERLOAD_SECONDS * 1000));
    const droppedAt = now();
    log(`recovery: ${RECOVERY_SECONDS} s at ${soakRate} req/s`);
    const [overloadRun, recoveryRun] = await Promise.all([
      overloadPromise,
      openLoop(base, nextRequest, soakRate, RECOVERY_SECONDS),
    ]);
    const over = overloadRun.samples;
    const overload = summarise(over, OVERLOAD_SECONDS);
    const shedSamples = over.filter(shed);
    result.overload = {
      seconds: OVERLOAD_SECONDS,
      ratePerSecond: overloadRate,
      ...overload,
      shed: shedSamples.length,
      shedWithRetryAfter: shedSamples.filter((s) => s.retryAfter).length,
      otherServerErrors: over.filter((s) => s.status >= 500 && s.status !== 503).length,
      timeouts: over.filter((s) => s.status === 0).length,
      shedP99Ms: percentile(
        shedSamples.map((s) => s.ms),
        99,
      ),
    };
    // recovered: from this request on, every request succeeded in under NORMAL_MS
    const normal = (s: Sample) => ok(s) && s.ms <= NORMAL_MS;
    const after = recoveryRun.samples.filter((s) => s.at >= droppedAt).sort((a, b) => a.at - b.at);
    let lastBad = -1;
    after.forEach((s, i) => {
      if (!normal(s)) lastBad = i;
    });
    const recovered = lastBad < after.length - 1;
    const recoveredAfterS = !recovered
      ? null
      : lastBad < 0
        ? 0
        : Math.round((after[lastBad + 1]!.at - droppedAt) / 100) / 10;
    result.recovery = {
      seconds: RECOVERY_SECONDS,
      ratePerSecond: soakRate,
      normalMs: NORMAL_MS,
      ...summarise(after, RECOVERY_SECONDS),
      recoveredAfterS,
    };
    log(`overload: ${JSON.stringify(result.overload)}`);
    log(`recovery: ${JSON.stringify(result.recovery)}`);

    const soakFeedP99 = soak.byKind.feed?.p99Ms ?? Infinity;
    const growth = (result.soak as { rssMb: { growthPct: number } }).rssMb.growthPct;
    const o = result.overload as {
      shed: number;
      shedWithRetryAfter: number;
      otherServerErrors: number;
    };
    failed = [
      soak.errorRate >= TARGETS.errorRate ? `soak error rate ${soak.errorRate}` : '',
      soakFeedP99 > TARGETS.feedP99Ms ? `soak feed p99 ${soakFeedP99} ms` : '',
      growth >= TARGETS.rssGrowthPct ? `RSS growth ${growth} %` : '',
      o.shed === 0 ? 'nothing was shed at twice the sustainable rate' : '',
      o.shedWithRetryAfter < o.shed ? 'shed responses without Retry-After' : '',
      o.otherServerErrors > 0 ? `${o.otherServerErrors} 5xx other than 503 under overload` : '',
      recoveredAfterS === null || recoveredAfterS >= TARGETS.recoveryS
        ? `no recovery within ${TARGETS.recoveryS} s`
        : '',
    ].filter(Boolean);
  } finally {
    await server.stop();
    agent.destroy();
  }
  database = await openTarget(target);
  try {
    const report = await verifyLedger(database.db);
    result.ledgerInvariantsHold = report.ok;
    if (!report.ok) failed.push('ledger invariants broken');
  } finally {
    await database.close();
  }
  result.targets = TARGETS;
  result.missed = failed;
  result.loadAverageAtEnd = loadAverage();
  const outDir = path.resolve(import.meta.dirname, '..', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const name = OVERLOAD_FACTOR === 2 ? 'soak' : `soak-overload-x${OVERLOAD_FACTOR}`;
  const file = path.join(outDir, driver === 'pglite' ? `${name}-pglite.json` : `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log(`wrote ${file}`);
  log(failed.length ? `MISSED: ${failed.join('; ')}` : 'all soak and overload targets met');
  if (failed.length) process.exitCode = 1;
}

await main();
