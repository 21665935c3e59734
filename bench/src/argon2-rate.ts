import { hashPassword, verifyPassword } from '@fanspace/server/src/platform/auth/passwords.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_PASSWORD } from './seed/plan.ts';

/**
 * The raw argon2 verify rate under the server's conditions: a child process with the same
 * libuv threadpool size as the server under test (UV_THREADPOOL_SIZE, default 4, where
 * @node-rs/argon2 runs), the app's hash profile, and as many verifies in flight as the login
 * scenario has connections. Run as a script it measures and prints `{"perSecond": n}`.
 */

/** The threadpool size the server under test gets (it inherits the bench's environment). */
export const serverThreadpoolSize = () => Number(process.env.UV_THREADPOOL_SIZE ?? 4);

async function measure(seconds: number, inFlight: number) {
  const password = BENCH_PASSWORD;
  const hash = await hashPassword(password);
  // warm the pool (first verify allocates) before the clock starts
  await verifyPassword(hash, password);
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        if (!(await verifyPassword(hash, password))) throw new Error('verify failed');
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Spawns the measurement in its own process and returns verifies per second. */
export function argon2RateInChild(seconds: number, inFlight: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
      cwd: path.dirname(import.meta.dirname),
      env: {
        ...process.env,
        UV_THREADPOOL_SIZE: String(serverThreadpoolSize()),
        ARGON2_RATE_SECONDS: String(seconds),
        ARGON2_RATE_IN_FLIGHT: String(inFlight),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        const { perSecond } = JSON.parse(line) as { perSecond: number };
        if (code !== 0 || typeof perSecond !== 'number') throw new Error(`exit ${code}`);
        resolve(perSecond);
      } catch (error) {
        reject(new Error(`argon2 rate child failed (${String(error)}): ${out}`));
      }
    });
  });
}

if (process.env.ARGON2_RATE_SECONDS && import.meta.filename === process.argv[1]) {
  const perSecond = await measure(
    Number(process.env.ARGON2_RATE_SECONDS),
    Number(process.env.ARGON2_RATE_IN_FLIGHT ?? 8),
  );
  console.log(JSON.stringify({ perSecond: Math.round(perSecond * 10) / 10 }));
}
