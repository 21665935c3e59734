import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The server under test: the real app as `npm start` runs it (the build of `server/src/main.ts`,
 * `server/dist/main.js`, made fresh here) in its own process, so the load generator and the
 * server do not share an event loop. Rate limits are off (RATE_LIMIT_ENABLED is the switch made
 * for load tests), logs at warn, no demo seed.
 */
export interface ServerUnderTest {
  url: string;
  pid: number;
  /** resident set size of the server process now, in MB */
  rssMb(): number;
  /** CPU seconds the server process has used so far */
  cpuSeconds(): number;
  /** CPU seconds its main thread (the event loop) has used so far, without the libuv pool's */
  mainThreadCpuSeconds(): number;
  stop(): Promise<void>;
}

export interface ServerTarget {
  url?: string | undefined;
  /** PGlite: the data directory holding `pglite/` */
  dataDir?: string | undefined;
  /** listen on this port instead of a free one */
  port?: number | undefined;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..', 'server');

/** `npm run build -w server`, once per bench process. */
let built = false;
function buildServer() {
  if (built) return;
  const result = spawnSync(process.execPath, [path.join(SERVER_DIR, 'scripts', 'build.mjs')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`server build failed (${result.status})`);
  built = true;
}

async function freePort(): Promise<number> {
  // BENCH_PORT: a fixed port, for machines where port ranges are shared out
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) a process (or, with `tid`, one of its threads) has used so far. */
export function cpuSecondsOf(pid: number, tid?: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}${tid ? `/task/${tid}` : ''}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by each PostgreSQL backend connected to `database` (by its process
 * title, `postgres: <cluster>: <user> <database> <host>(<port>) <state>`), by pid. Backends of
 * other clients of the same database count too: give the server a database of its own.
 */
export function backendCpuSeconds(database: string): Map<number, number> {
  const backends = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const words = title.trim().split(/\s+/);
      if (words[0] !== 'postgres:' || !words.slice(1, 4).includes(database)) continue;
      backends.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone while we looked
    }
  }
  return backends;
}

/** CPU seconds the backends in `after` used since `before` (a new backend: all of its CPU). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>) {
  let seconds = 0;
  for (const [pid, cpu] of after) seconds += cpu - (before.get(pid) ?? 0);
  return seconds;
}

export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string) {
  // a busy shared machine can take minutes to migrate and seed a fresh PGlite
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_SECONDS ?? 300) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export async function startServer(
  target: ServerTarget,
  env: Record<string, string> = {},
): Promise<ServerUnderTest> {
  const port = target.port ?? (await freePort());
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // V8 flags for the server alone (an A/B of GC settings), not for the load generator
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  buildServer();
  const child = spawn(
    process.execPath,
    [...flags, ...profile, path.join(SERVER_DIR, 'dist', 'main.js')],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
        RATE_LIMIT_ENABLED: 'false',
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
        ...(target.url ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir ?? '' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  // BENCH_SERVER_LOG=<file>: everything the server prints, e.g. with BENCH_SERVER_NODE_FLAGS=--trace-gc
  const logFile = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitHealthy(url, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    rssMb: () => rssOf(child.pid ?? 0),
    cpuSeconds: () => cpuSecondsOf(child.pid ?? 0),
    mainThreadCpuSeconds: () => cpuSecondsOf(child.pid ?? 0, child.pid ?? 0),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
