#!/usr/bin/env node
// `npm test`: static checks, then the suites. Server suites run twice (PGlite and PostgreSQL);
// independent stages run in parallel where the 2-core machine has room.
import { spawn } from 'node:child_process';

const run = (label, command) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const clean = output
        // vitest colours its summary even with FORCE_COLOR=0; the counts below need plain text
        // eslint-disable-next-line no-control-regex
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')
        .filter((l) => !l.includes('Unknown user config'))
        .join('\n');
      process.stdout.write(`\n=== ${label} (${seconds}s, exit ${code}) ===\n${clean}\n`);
      const passed = [...clean.matchAll(/Tests\s+(?:(\d+) failed \| )?(\d+) passed/g)];
      resolve({
        label,
        code,
        passed: passed.reduce((n, m) => n + Number(m[2]), 0),
        failedTests: passed.reduce((n, m) => n + Number(m[1] ?? 0), 0),
      });
    });
  });

const stages = [
  [
    ['typecheck', 'npm run typecheck --silent'],
    ['lint', 'npm run lint --silent'],
  ],
  [
    ['web + contracts unit tests', 'npm run test:unit --silent'],
    ['server tests on PGlite', 'npm run test:pglite -w server --silent'],
  ],
  [
    ['server tests on PostgreSQL', 'npm run test:pg -w server --silent'],
    ['web build', 'npm run build -w web --silent'],
  ],
  [['end-to-end (Chromium)', 'npm run test:e2e --silent']],
];

const failed = [];
let passedTests = 0;
let failedTests = 0;
for (const stage of stages) {
  const results = await Promise.all(stage.map(([label, command]) => run(label, command)));
  for (const r of results) {
    passedTests += r.passed;
    failedTests += r.failedTests;
  }
  failed.push(...results.filter((r) => r.code !== 0).map((r) => r.label));
  if (failed.length) break;
}
if (failed.length) process.stdout.write(`\nFAILED stages: ${failed.join(', ')}\n`);
else process.stdout.write('\nAll test stages passed.\n');
process.stdout.write(
  `${passedTests} passed, ${Math.max(failedTests, failed.length ? 1 : 0)} failed\n`,
);
process.exit(failed.length ? 1 : 0);
