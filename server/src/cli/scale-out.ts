import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { startLocalProxy } from './local-proxy.ts';

/**
 * `scripts/scale-out.sh`: N server processes on one PostgreSQL and one Redis behind the local
 * round-robin proxy, for trying a scale-out by hand (docs/OPERATIONS.md). Not for production:
 * there, a real load balancer with the same settings does the proxy's job.
 *
 *   SCALE_PROCESSES  number of server processes (default 2, at most 16)
 *   SCALE_PORT       the proxy's port (default 3000); processes listen on the ports after it
 *   DATABASE_URL, REDIS_URL, DATA_ENCRYPTION_KEY are required and shared by every process.
 */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const count = Number(process.env.SCALE_PROCESSES ?? '2');
const proxyPort = Number(process.env.SCALE_PORT ?? '3000');
if (!Number.isInteger(count) || count < 1 || count > 16)
  fail('SCALE_PROCESSES must be a whole number from 1 to 16');
if (!Number.isInteger(proxyPort) || proxyPort < 1 || proxyPort + count > 65535)
  fail('SCALE_PORT must be a port number with room for the processes after it');
for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_ENCRYPTION_KEY'])
  if (!process.env[name])
    fail(
      `${name} is required: several processes share PostgreSQL (PGlite is one process's), ` +
        'Redis (realtime and rate limits) and the encryption key (secrets in the database)',
    );

const serverDir = path.resolve(import.meta.dirname, '..', '..');
const dataRoot = path.resolve(process.env.DATA_DIR ?? path.join(serverDir, '..', 'data'));
const children: ChildProcess[] = [];
const targets: string[] = [];

for (let i = 1; i <= count; i += 1) {
  const port = proxyPort + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      // each process keeps its own local files (mail outbox in development); the rest is shared
      DATA_DIR: path.join(dataRoot, `process-${i}`),
      // the first process seeds an empty development database; the others must not race it
      ...(i > 1 ? { DEMO_SEED: 'false' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    readline
      .createInterface({ input: stream })
      .on('line', (line) => process.stdout.write(`[${i}] ${line}\n`));
  }
  child.on('exit', (code, signal) =>
    process.stdout.write(`[${i}] exited (${signal ?? code}); the proxy takes it out\n`),
  );
  children.push(child);
  targets.push(`http://127.0.0.1:${port}`);
}

const proxy = await startLocalProxy({ targets, port: proxyPort, host: '127.0.0.1' });
process.stdout.write(
  `proxy ${proxy.url} → ${targets.join(', ')} (round robin, WebSockets too; Ctrl+C stops all)\n`,
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await proxy.close();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
