import fs from 'node:fs';
import path from 'node:path';
import { runCrashHarness } from './crash-harness.ts';

/**
 * `npm run crash -w bench` (this file; it lives with the harness so the bench project does
 * not type-check the whole server): the crash-safety harness (issue 11) against PostgreSQL. The server
 * runs as a child process on a database of its own (`fanspace_crash_…`, dropped when the run is
 * clean) on ports 4200–4219; clients run CRASH_FLOWS payment flows (default 200) with fixed
 * Idempotency-Keys while it is SIGKILLed CRASH_KILLS times (default 8) and restarted. Prints
 * the summary, writes bench/results/crash.json, exits 1 on any violation.
 * CRASH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), CRASH_SEED replays.
 */

const env = (name: string, fallback: number) => {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : Number(value);
};

const report = await runCrashHarness({
  adminUrl: process.env.CRASH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  flows: env('CRASH_FLOWS', 200),
  kills: env('CRASH_KILLS', 8),
  clients: env('CRASH_CLIENTS', 6),
  ...(process.env.CRASH_SEED ? { seed: Number(process.env.CRASH_SEED) } : {}),
  keepDatabase: process.env.CRASH_KEEP_DATABASE === 'true',
  log: (line) => process.stdout.write(`${line}\n`),
});

const dir = path.resolve(import.meta.dirname, '..', '..', '..', 'bench', 'results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(
  path.join(dir, 'crash.json'),
  `${JSON.stringify({ ...report, at: new Date().toISOString() }, null, 2)}\n`,
);
const { violations, ...summary } = report;
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
if (!report.ok) {
  process.stdout.write(`\n${violations.length} violations:\n${violations.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('\ncrash safety: 0 violations\n');
process.exit(0);
