import autocannon from 'autocannon';
import Fastify from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench [-- <name>]`: load scenarios against 127.0.0.1 only, bounded in time. Each
 * prints req/s, p50/p99 and the ratio to the bare-Fastify ceiling measured in the same run,
 * and writes bench/results/<name>.json. The large-dataset scenarios arrive with the
 * performance issue; this is the harness and the ceiling.
 */
interface Result {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioToCeiling?: number;
  rssMb: number;
}

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function load(url: string): Promise<Omit<Result, 'name' | 'rssMb'>> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function ceiling(): Promise<Result> {
  const app = Fastify();
  app.get('/ceiling', async () => ({ ok: true, at: 1 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return {
      name: 'ceiling',
      ...(await load(`http://127.0.0.1:${port}/ceiling`)),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    };
  } finally {
    await app.close();
  }
}

async function main() {
  const only = process.argv[2];
  const outDir = path.resolve(import.meta.dirname, '..', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const base = await ceiling();
  const results: Result[] = [base];
  if (only && only !== 'ceiling')
    console.warn(`scenario "${only}" is not defined yet; ran the ceiling only`);
  for (const r of results) {
    r.ratioToCeiling = Math.round((r.requestsPerSecond / base.requestsPerSecond) * 1000) / 1000;
    fs.writeFileSync(path.join(outDir, `${r.name}.json`), JSON.stringify(r, null, 2));
    console.log(
      `${r.name.padEnd(12)} ${String(r.requestsPerSecond).padStart(8)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ratio ${r.ratioToCeiling}  rss ${r.rssMb} MB`,
    );
  }
}

await main();
