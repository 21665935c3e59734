import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench:compare`: bench/results/*.json against the committed bench/baseline.json.
 * A scenario regresses when its ratio to the ceiling (measured in the same run, so machine
 * load largely cancels out) falls more than 15% below the baseline, or its server CPU per
 * request rises more than 15% above it. Exit code 1 on any regression.
 * `npm run bench:compare -- --update` writes the current results as the new baseline.
 */
export interface Figures {
  scale?: number;
  /** the dataset's shape (seed/plan.ts DATASET_VERSION); absent in results before version 3 */
  dataset?: number;
  requestsPerSecond: number;
  p99Ms: number;
  ratioToCeiling?: number;
  serverCpuMsPerRequest?: number;
}

export const TOLERANCE = 0.15;

export function regressions(baseline: Figures, current: Figures): string[] {
  const out: string[] = [];
  const base = baseline.ratioToCeiling;
  const now = current.ratioToCeiling;
  if (base !== undefined && now !== undefined && now < base * (1 - TOLERANCE))
    out.push(`ratio to ceiling ${now} < ${base} - 15%`);
  const cpuBase = baseline.serverCpuMsPerRequest;
  const cpuNow = current.serverCpuMsPerRequest;
  if (cpuBase !== undefined && cpuNow !== undefined && cpuNow > cpuBase * (1 + TOLERANCE))
    out.push(`server CPU ${cpuNow} ms/req > ${cpuBase} + 15%`);
  return out;
}

const root = path.resolve(import.meta.dirname, '..');

function readResults(): Record<string, Figures> {
  const dir = path.join(root, 'results');
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, Figures> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    out[file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  return out;
}

function main() {
  const results = readResults();
  const baselineFile = path.join(root, 'baseline.json');
  if (process.argv.includes('--update')) {
    const pick = ({
      scale,
      dataset,
      requestsPerSecond,
      p99Ms,
      ratioToCeiling,
      serverCpuMsPerRequest,
    }: Figures) => ({
      scale,
      dataset,
      requestsPerSecond,
      p99Ms,
      ratioToCeiling,
      serverCpuMsPerRequest,
    });
    const baseline = Object.fromEntries(
      Object.entries(results)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, r]) => [name, pick(r)]),
    );
    fs.writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`baseline updated from ${Object.keys(baseline).length} results`);
    return;
  }
  const baseline = JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as Record<string, Figures>;
  let failed = 0;
  for (const [name, current] of Object.entries(results)) {
    const base = baseline[name];
    if (!base) {
      console.log(`${name.padEnd(16)} no baseline`);
      continue;
    }
    if (name !== 'ceiling' && base.scale !== current.scale) {
      console.log(
        `${name.padEnd(16)} baseline is at scale ${base.scale}, this run at ${current.scale}: not compared`,
      );
      continue;
    }
    if (name !== 'ceiling' && base.dataset !== current.dataset) {
      console.log(
        `${name.padEnd(16)} baseline is of dataset ${base.dataset ?? 'before 3'}, this run of ${current.dataset ?? 'before 3'}: not compared`,
      );
      continue;
    }
    const problems = name === 'ceiling' ? [] : regressions(base, current);
    failed += problems.length > 0 ? 1 : 0;
    console.log(
      `${name.padEnd(16)} ${problems.length > 0 ? 'REGRESSION' : 'ok'.padEnd(10)} ratio ${current.ratioToCeiling} (base ${base.ratioToCeiling})  cpu ${current.serverCpuMsPerRequest ?? '-'} ms/req (base ${base.serverCpuMsPerRequest ?? '-'})  ${problems.join('; ')}`,
    );
  }
  if (failed > 0) {
    console.log(`${failed} scenario(s) regressed by more than 15%`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === import.meta.filename) main();
