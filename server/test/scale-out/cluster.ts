import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** Helpers of the scale-out suite (not a test file itself): real server processes and SMTP. */

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  name: string;
  url: string;
  ws: string;
  pid: number;
  dataDir: string;
  output(): string;
  /** resolves when the process has exited */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** `server/src/main.ts` in a child process of its own, waited for until /api/health is 200. */
export async function spawnServer(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fanspace-scaleout-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      // the suite shares a busy machine: lag must not turn into 503s
      PRESSURE_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // two processes compiling TypeScript at once on a busy 2-core machine can take minutes
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server ${name} did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    name,
    url,
    ws: `ws://127.0.0.1:${port}/api`,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timeout);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMail {
  /** the SMTP port the message came in on: each server process is given its own */
  port: number;
  to: string[];
  raw: string;
}

/**
 * An SMTP server on one port per server process, so each message tells which process sent it.
 * `stallNextConnection()` makes the next connection hang before the greeting: the worker that
 * claimed the mail job is then stuck mid-job, as a process is when it dies there.
 */
export async function startSmtp(portCount: number) {
  const received: ReceivedMail[] = [];
  const stalled: Array<{ port: number; close(): void }> = [];
  let stallNext = false;
  let onStall: ((port: number) => void) | undefined;
  const servers: SMTPServer[] = [];
  const ports: number[] = [];
  for (let i = 0; i < portCount; i += 1) {
    let port = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onConnect(session, callback) {
        if (!stallNext) return callback();
        stallNext = false;
        // never answer: the client waits for a greeting that does not come
        stalled.push({ port, close: () => callback(new Error('closing')) });
        onStall?.(port);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            port,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
    servers.push(server);
    ports.push(port);
  }
  return {
    ports,
    received,
    /** the next connection (on any port) hangs; resolves with its port once it comes */
    stallNextConnection(): Promise<number> {
      stallNext = true;
      return new Promise((resolve) => (onStall = resolve));
    },
    async close() {
      for (const s of stalled) s.close();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(resolve))));
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false, or throws on timeout. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
