import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { readOutbox, type OutboxMail } from '../../platform/mail/outbox.ts';
import { readSmsOutbox } from '../../platform/sms/sms-provider.ts';

/**
 * Shared by the auth tests. Each test takes its own client address so per-address rate limits
 * and the failed-login counter never leak between tests (loopback range, nothing is sent).
 */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `127.${(process.pid % 200) + 1}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export interface CallOptions {
  /** default: a new address per call, so route rate limits stay out of the way */
  ip?: string;
  token?: string;
  headers?: Record<string, string>;
}

export function call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      'user-agent': 'vitest',
      ...(options.token ? bearer(options.token) : {}),
      ...options.headers,
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** Runs the queued jobs (mail, SMS) now, so the outbox holds what the request enqueued. */
export async function runJobs(server: TestServer) {
  const worker = server.runtime.worker;
  if (!worker) throw new Error('start the test server with { worker: true }');
  // a round already under way (kicked by an earlier commit) may have claimed before our job
  // existed: go on until nothing due is left
  for (let round = 0; round < 50; round += 1) {
    await worker.runOnce();
    const due = await server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      .where('run_at', '<=', new Date())
      .executeTakeFirst();
    if (!due) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('jobs did not finish');
}

export async function latestMail(server: TestServer, to: string): Promise<OutboxMail> {
  await runJobs(server);
  const mail = readOutbox(server.ctx.config.dataDir, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export async function latestSms(server: TestServer, to: string) {
  await runJobs(server);
  const sms = readSmsOutbox(server.ctx.config.dataDir, to);
  if (!sms) throw new Error(`no text message to ${to}`);
  return sms;
}

export function codeIn(text: string): string {
  const code = /code is (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

export function tokenInLink(text: string, path: string): string {
  const token = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no ${path} link in: ${text}`);
  return token;
}

/**
 * A TOTP code `stepOffset` steps from now. Codes are single use per step, so a test that needs
 * a second code for the same account uses the next step (still inside the ±1 step window).
 */
export function totp(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

export const STRONG_PASSWORD = 'correct horse battery staple';
