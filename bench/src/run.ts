import { verifyLedger } from '@fanspace/server/src/modules/ledger/ledger.verify.ts';
import { sql } from 'kysely';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runChat } from './chat.ts';
import { prepareFixtures, type Fixtures } from './fixtures.ts';
import { DURATION_S, load, WARMUP_S, type LoadFigures } from './load.ts';
import {
  httpScenarios,
  prepareHttp,
  requestSequence,
  runHttp,
  type HttpScenario,
} from './scenarios.ts';
import { openTarget, scaleFromEnv, seed, targetFromEnv } from './seed/index.ts';
import { DATASET_VERSION, planFor } from './seed/plan.ts';
import {
  backendCpuSeconds,
  backendCpuSince,
  cpuSecondsOf,
  rssOf,
  startServer,
  type ServerUnderTest,
} from './server.ts';

const CEILING_MAIN = path.resolve(import.meta.dirname, 'ceiling-server.ts');

/**
 * `npm run bench [-- <name>]`: the bare-Fastify ceiling, then the scenarios against the real
 * server on the seeded dataset (BENCH_DATABASE_URL, else PGlite; BENCH_SCALE). Each prints
 * req/s, p50/p99, server RSS and the ratio to the ceiling measured in this same run, and
 * writes bench/results/<name>.json (<name>-pglite.json on PGlite). 127.0.0.1 only.
 */
export interface Result {
  name: string;
  driver: 'pg' | 'pglite' | 'none';
  scale: number;
  /** plan.ts DATASET_VERSION of the seeded data (absent for the ceiling) */
  dataset?: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioToCeiling?: number;
  rssMb: number;
  [extra: string]: unknown;
}

const NAMES = ['ceiling', ...httpScenarios.map((s) => s.name), 'chat'];

/** CPU seconds this (the load generator's) process has used so far. */
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/**
 * The bare-Fastify ceiling in a child process, loaded exactly like the scenarios (same `load`,
 * same connections and per-request setup). It also records the CPU the server and the load
 * generator each used: when the generator is near one full core (`generatorCpuShare` ~1) while
 * the server is not, the figure is autocannon's limit, not Fastify's.
 */
async function ceiling(): Promise<Result> {
  const child = spawn(process.execPath, ['--import', 'tsx', CEILING_MAIN], {
    cwd: import.meta.dirname,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`ceiling server exited (${code})`)));
      child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    const pid = child.pid ?? 0;
    let peak = rssOf(pid);
    const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 250);
    const [server0, own0, wall0] = [cpuSecondsOf(pid), ownCpuSeconds(), performance.now()];
    const figures = await load(`http://127.0.0.1:${port}`, () => ({ path: '/ceiling' }));
    const wallS = (performance.now() - wall0) / 1000;
    clearInterval(timer);
    const serverCpuS = cpuSecondsOf(pid) - server0;
    const ownCpuS = ownCpuSeconds() - own0;
    return {
      name: 'ceiling',
      driver: 'none',
      scale: 0,
      ...figures,
      rssMb: peak,
      serverCpuMsPerRequest: Math.round((serverCpuS * 1000 * 100) / figures.requests) / 100,
      generatorCpuMsPerRequest: Math.round((ownCpuS * 1000 * 100) / figures.requests) / 100,
      // what one autocannon process could generate with a whole core to itself
      generatorMaxRequestsPerSecond: Math.round(figures.requests / Math.max(ownCpuS, 1e-6)),
      // share of one core each process used during the run (1 = a full core)
      serverCpuShare: Math.round((serverCpuS / wallS) * 100) / 100,
      generatorCpuShare: Math.round((ownCpuS / wallS) * 100) / 100,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Peak RSS and CPU seconds of the server – all of it, its main thread, and with `database` the
 * PostgreSQL backends serving it – and the CPU share of the load generator while `fn` runs.
 */
async function withRss<T>(
  server: ServerUnderTest,
  fn: () => Promise<T>,
  database?: ReturnType<typeof databaseCpu>,
) {
  const rssBeforeMb = server.rssMb();
  let peak = rssBeforeMb;
  const [cpu0, main0, own0, wall0] = [
    server.cpuSeconds(),
    server.mainThreadCpuSeconds(),
    ownCpuSeconds(),
    performance.now(),
  ];
  const backends0 = database?.snapshot();
  const timer = setInterval(() => (peak = Math.max(peak, server.rssMb())), 250);
  try {
    const value = await fn();
    const wallS = (performance.now() - wall0) / 1000;
    const ownS = ownCpuSeconds() - own0;
    return {
      value,
      rssMb: peak,
      rssBeforeMb,
      serverCpuSeconds: server.cpuSeconds() - cpu0,
      mainThreadCpuSeconds: server.mainThreadCpuSeconds() - main0,
      postgresCpuSeconds: backends0 && database ? database.since(backends0) : undefined,
      generatorCpuSeconds: ownS,
      generatorCpuShare: Math.round((ownS / wallS) * 100) / 100,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Waits until the server has answered what the warm-up left in flight: autocannon stops
 * sending at its deadline, but the server still serves the requests it holds (50 logins are
 * ~0.3–1 s of argon2), and the measured window would pay for them without counting them.
 * Settled is under a tenth of a core for 100 ms; at most `maxMs`.
 */
async function settle(server: ServerUnderTest, maxMs = 15_000) {
  const until = performance.now() + maxMs;
  let before = server.cpuSeconds();
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = server.cpuSeconds();
    if (now - before < 0.01) return;
    before = now;
  }
}

/** What the server completed in the load's window by the database's count (PostgreSQL only). */
async function servedIn(
  scenario: HttpScenario,
  target: ReturnType<typeof targetFromEnv>,
  window: LoadFigures,
) {
  // PGlite has one owner, the server (stopped only after every scenario)
  if (!scenario.served || !target.url) return undefined;
  const counter = await openTarget(target);
  try {
    return await scenario.served(counter.db, window);
  } finally {
    await counter.close();
  }
}

/**
 * PostgreSQL only: the WAL the whole cluster wrote while `fn` ran (from the insert position,
 * exact) and the checkpoints started meanwhile. A checkpoint in the window makes the next write
 * of every page log the full page, so a money run with one is not comparable with one without.
 */
async function walDuring<T>(target: ReturnType<typeof targetFromEnv>, fn: () => Promise<T>) {
  if (!target.url) return { value: await fn() };
  const probe = await openTarget(target);
  try {
    // the position as text, and the bytes since `from` (the position itself at the start)
    const read = async (from: string | null) =>
      (
        await sql<{ lsn: string; bytes: string; checkpoints: number }>`select
          pg_current_wal_insert_lsn()::text as lsn,
          pg_wal_lsn_diff(pg_current_wal_insert_lsn(), coalesce(${from}::pg_lsn, pg_current_wal_insert_lsn()))::bigint::text as bytes,
          (checkpoints_timed + checkpoints_req)::int as checkpoints from pg_stat_bgwriter`.execute(
          probe.db,
        )
      ).rows[0]!;
    const before = await read(null);
    const value = await fn();
    const after = await read(before.lsn);
    return {
      value,
      walBytes: Number(after.bytes),
      checkpoints: after.checkpoints - before.checkpoints,
    };
  } finally {
    await probe.close();
  }
}

/**
 * PostgreSQL only: a checkpoint before a scenario's warm-up, so that it does not pay for the
 * dirty pages the scenarios before it left (their writes and fsyncs land in its window
 * otherwise: chat after the money scenarios had a send p50 of 5–9 ms against 2 ms alone), and
 * a timed checkpoint (`checkpoint_timeout`, 5 min) does not start in its window. The pages it
 * then writes first log their full image during the warm-up. Needs superuser or pg_checkpoint;
 * without, the run goes on and says so once.
 */
let checkpointRefused = false;
async function checkpointBefore(target: ReturnType<typeof targetFromEnv>) {
  if (!target.url || checkpointRefused) return;
  const database = await openTarget(target);
  try {
    await sql`checkpoint`.execute(database.db);
  } catch (error) {
    checkpointRefused = true;
    console.warn(`no checkpoint between scenarios (${String(error)})`);
  } finally {
    await database.close();
  }
}

/** The CPU of the PostgreSQL backends serving `database` (see `backendCpuSeconds`). */
const databaseCpu = (database: string) => ({
  snapshot: () => backendCpuSeconds(database),
  since: (before: Map<number, number>) => backendCpuSince(before, backendCpuSeconds(database)),
});

async function main() {
  // one name, or several separated by commas: those scenarios in their usual order, one server
  const only = process.argv[2]?.split(',').filter(Boolean) ?? [];
  const unknown = only.filter((name) => !NAMES.includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown scenario "${unknown.join(', ')}"; one of: ${NAMES.join(', ')}`);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const outDir = path.resolve(import.meta.dirname, '..', 'results');
  fs.mkdirSync(outDir, { recursive: true });

  const base = await ceiling();
  const results: Result[] = [base];
  const plan = planFor(scaleFromEnv());
  const target = targetFromEnv(plan.scale);
  const driver = target.url ? 'pg' : 'pglite';
  const scenarios = httpScenarios.filter((s) => wanted(s.name));

  if (scenarios.length > 0 || wanted('chat')) {
    const sockets = Number(process.env.BENCH_SOCKETS ?? 1000);
    let database = await openTarget(target);
    let fx: Fixtures;
    try {
      await seed(plan, database);
      fx = await prepareFixtures(database, plan, wanted('chat') ? sockets : 0);
    } finally {
      await database.close();
    }
    const server = await startServer(
      target.url ? { url: target.url } : { dataDir: path.dirname(target.dataDir ?? '') },
    );
    // the start-up footprint: healthy, before any scenario's request
    const rssStartMb = server.rssMb();
    const money: Result[] = [];
    try {
      for (const scenario of scenarios) {
        // set-up (wallet funding) stays outside the measured window and its CPU figure
        await prepareHttp(server.url, scenario, fx);
        await checkpointBefore(target);
        // steady state, not start-up: JIT, the pool's connections and their prepared
        // statements, the session cache; the warm-up's requests are in no figure
        const requests = requestSequence(scenario, fx);
        if (WARMUP_S > 0) {
          await load(server.url, requests, { durationS: WARMUP_S });
          await settle(server);
        }
        // PostgreSQL only: PGlite has one owner, the server
        const wal = await walDuring(target, () =>
          withRss(
            server,
            () => runHttp(server.url, scenario, requests),
            target.url ? databaseCpu(new URL(target.url).pathname.slice(1)) : undefined,
          ),
        );
        const measured = wal.value;
        const served = await servedIn(scenario, target, measured.value);
        const { value, rssMb, rssBeforeMb, serverCpuSeconds, generatorCpuShare } = measured;
        const result: Result = {
          name: scenario.name,
          driver,
          scale: plan.scale,
          dataset: DATASET_VERSION,
          ...value,
          rssMb,
          rssStartMb,
          // one server process serves every scenario in turn: this is its RSS when this one began
          rssBeforeMb,
          generatorCpuShare,
          loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
        };
        // machine-load independent: server CPU per request of the measured load only
        const msPerRequest = (seconds: number) =>
          Math.round((seconds * 1000 * 100) / Math.max(1, value.requests)) / 100;
        result.serverCpuMsPerRequest = msPerRequest(serverCpuSeconds);
        // the event loop alone (login: without argon2 on the libuv pool), the database's
        // backends, and autocannon: the CPU a request takes besides the server's pool
        result.mainThreadCpuMsPerRequest = msPerRequest(measured.mainThreadCpuSeconds);
        if (measured.postgresCpuSeconds !== undefined)
          result.postgresCpuMsPerRequest = msPerRequest(measured.postgresCpuSeconds);
        result.autocannonCpuMsPerRequest = msPerRequest(measured.generatorCpuSeconds);
        if (wal.walBytes !== undefined) {
          result.walKbPerRequest =
            Math.round((wal.walBytes / 1024 / Math.max(1, value.requests)) * 100) / 100;
          result.checkpointsDuring = wal.checkpoints;
        }
        if (served !== undefined) {
          // per request the server completed in the window, by the database's count
          const perServed = (seconds: number) =>
            Math.round((seconds * 1000 * 100) / Math.max(1, served)) / 100;
          result.served = served;
          const servedPerSecond = Math.round((served / DURATION_S) * 10) / 10;
          result.servedPerSecond = servedPerSecond;
          result.serverCpuMsPerServed = perServed(serverCpuSeconds);
          result.mainThreadCpuMsPerServed = perServed(measured.mainThreadCpuSeconds);
          if (measured.postgresCpuSeconds !== undefined)
            result.postgresCpuMsPerServed = perServed(measured.postgresCpuSeconds);
          result.autocannonCpuMsPerServed = perServed(measured.generatorCpuSeconds);
          // login: the logins the server completed in the window against the raw argon2 rate
          // (loginShareOfArgon2 counts the answers autocannon read before its deadline)
          if (typeof value.argon2VerifyPerSecond === 'number' && value.argon2VerifyPerSecond > 0)
            result.servedShareOfArgon2 =
              Math.round((servedPerSecond / value.argon2VerifyPerSecond) * 100) / 100;
        }
        if (scenario.money) {
          result.ledgerTransactionsPerSecond = Math.round(
            (value.requests - value.non2xx) / Number(process.env.BENCH_DURATION ?? 10),
          );
          money.push(result);
        }
        results.push(result);
      }
      if (wanted('chat')) {
        await checkpointBefore(target);
        const { value, rssMb, serverCpuSeconds, generatorCpuShare } = await withRss(server, () =>
          runChat(
            server.url,
            fx,
            () => server.cpuSeconds(),
            target.url ? databaseCpu(new URL(target.url).pathname.slice(1)) : undefined,
          ),
        );
        results.push({
          name: 'chat',
          driver,
          scale: plan.scale,
          dataset: DATASET_VERSION,
          requestsPerSecond: value.maxSustainedPerSecond,
          p50Ms: value.steps.at(-1)?.deliveryP50Ms ?? 0,
          p99Ms: value.p99AtMaxMs,
          rssMb,
          rssStartMb,
          // sockets connecting count too: an upper bound of a message's cost
          serverCpuMsPerRequest:
            Math.round((serverCpuSeconds * 1000 * 100) / Math.max(1, value.totalSent)) / 100,
          // the whole run, handshakes included; each step records its own
          generatorCpuShare,
          loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
          ...value,
        });
      }
    } finally {
      await server.stop();
    }
    if (money.length > 0) {
      database = await openTarget(target);
      try {
        const report = await verifyLedger(database.db);
        for (const r of money) r.ledgerInvariantsHold = report.ok;
        if (!report.ok) console.error(JSON.stringify(report.invariants, null, 2));
      } finally {
        await database.close();
      }
    }
  }

  for (const r of results) {
    r.ratioToCeiling = Math.round((r.requestsPerSecond / base.requestsPerSecond) * 1000) / 1000;
    const file = r.driver === 'pglite' ? `${r.name}-pglite` : r.name;
    fs.writeFileSync(path.join(outDir, `${file}.json`), `${JSON.stringify(r, null, 2)}\n`);
    const flags = [
      typeof r.non2xx === 'number' && r.non2xx > 0 ? `NON-2XX ${r.non2xx}` : '',
      typeof r.generatorCpuMsPerRequest === 'number'
        ? `server ${r.serverCpuMsPerRequest} ms/req (${r.serverCpuShare} core), autocannon ${r.generatorCpuMsPerRequest} ms/req (${r.generatorCpuShare} core, max ${r.generatorMaxRequestsPerSecond} req/s per core)`
        : typeof r.serverCpuMsPerRequest === 'number'
          ? `cpu ${r.serverCpuMsPerRequest} ms/req`
          : '',
      typeof r.generatorCpuShare === 'number' && r.name !== 'ceiling'
        ? `autocannon ${r.generatorCpuShare} core`
        : '',
      typeof r.mainThreadCpuMsPerRequest === 'number'
        ? `main thread ${r.mainThreadCpuMsPerRequest} ms/req`
        : '',
      typeof r.postgresCpuMsPerRequest === 'number'
        ? `postgres ${r.postgresCpuMsPerRequest} ms/req`
        : '',
      typeof r.served === 'number'
        ? `served ${r.servedPerSecond}/s${typeof r.servedShareOfArgon2 === 'number' ? ` (${r.servedShareOfArgon2} of argon2)` : ''}: server ${r.serverCpuMsPerServed}, main thread ${r.mainThreadCpuMsPerServed}, postgres ${r.postgresCpuMsPerServed}, autocannon ${r.autocannonCpuMsPerServed} ms each`
        : '',
      typeof r.walKbPerRequest === 'number' && r.walKbPerRequest > 0
        ? `wal ${r.walKbPerRequest} kB/req`
        : '',
      typeof r.checkpointsDuring === 'number' && r.checkpointsDuring > 0
        ? `CHECKPOINT ${r.checkpointsDuring}`
        : '',
      typeof r.rssStartMb === 'number' ? `rss at start ${r.rssStartMb} MB` : '',
      typeof r.loadAverage === 'number' ? `load ${r.loadAverage}` : '',
      typeof r.argon2VerifyPerSecond === 'number'
        ? `argon2 ${r.argon2VerifyPerSecond}/s (${r.argon2BeforePerSecond} → ${r.argon2AfterPerSecond}), login share ${r.loginShareOfArgon2}`
        : '',
      typeof r.ledgerInvariantsHold === 'boolean' ? `ledger ok=${r.ledgerInvariantsHold}` : '',
    ].filter(Boolean);
    console.log(
      `${file.padEnd(16)} ${String(r.requestsPerSecond).padStart(8)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ratio ${r.ratioToCeiling}  rss ${r.rssMb} MB  ${flags.join('  ')}`,
    );
  }
}

await main();
