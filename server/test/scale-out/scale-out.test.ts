import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startLocalProxy, type LocalProxy } from '../../src/cli/local-proxy.ts';
import { AuthLimits } from '../../src/modules/auth/auth.limits.ts';
import { TestSocket } from '../../src/modules/realtime/ws-test-client.ts';
import { SCHEDULER_PUBLISH_JOB } from '../../src/modules/scheduler/scheduler.publish.ts';
import type { AppContext } from '../../src/platform/context.ts';
import {
  openDatabase,
  withTransaction,
  type DatabaseHandle,
} from '../../src/platform/db/database.ts';
import { MAIL_JOB } from '../../src/platform/mail/mail-job.ts';
import { createAdmin, createCreator, createUser, TEST_PASSWORD, tokenFor } from '../factories.ts';
import { withDatabase } from '../global-setup.ts';
import { eventually, spawnServer, startSmtp, type ServerProcess } from './cluster.ts';

/**
 * Two real server processes (`src/main.ts`) sharing one PostgreSQL database and one Redis,
 * behind a round-robin proxy (src/cli/local-proxy.ts), as docs/OPERATIONS.md tells operators to
 * run them. PostgreSQL only: PGlite is one process's embedded database.
 */
const testDb = inject('testDb');
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const dbName = `fanspace_scaleout_${runId}`;
// a Redis database of its own (rate-limit counters), and a channel of its own (pub/sub is global)
const REDIS_DB = 13;
const redisUrl = (() => {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${REDIS_DB}`;
  return url.toString();
})();

let database: DatabaseHandle;
let ctx: AppContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: ServerProcess;
let b: ServerProcess;
let proxy: LocalProxy;

async function freePort(): Promise<number> {
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

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDb.adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A documentation-range client address, unique per call: the rate limiter's key (which is the
 * IPv6 /64, so the randomness goes in the network part).
 */
const clientIp = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
}

async function api(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function schedulePosts(token: string, label: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await api(proxy.url, 'POST', '/scheduler', {
      token,
      body: { type: 'post', scheduledFor: inMinutes(60), payload: { caption: `${label} ${i}` } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push((res.body.item as { id: string }).id);
  }
  return ids;
}

const publishJobIds = (itemIds: string[]) =>
  ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('type', '=', SCHEDULER_PUBLISH_JOB)
    .where(sql<string>`payload->>'itemId'`, 'in', itemIds)
    .execute();

describe.skipIf(testDb.kind !== 'pg')('two server processes behind a proxy', () => {
  beforeAll(async () => {
    await adminQuery(`create database ${dbName} template ${testDb.template}`);
    const url = withDatabase(testDb.adminUrl!, dbName);
    database = await openDatabase({ url, poolSize: 3 });
    // the factories and a few outbox writes need only the database of a context
    ctx = { db: database.db } as unknown as AppContext;
    const { PgJobQueue } = await import('../../src/platform/jobs/queue.ts');
    const { default: pino } = await import('pino');
    ctx.jobs = new PgJobQueue(pino({ level: 'silent' }));

    const redis = new Redis(redisUrl);
    await redis.flushdb();
    await redis.quit();
    smtp = await startSmtp(2);
    const shared = {
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisUrl,
      REALTIME_CHANNEL: `fanspace-scaleout:${runId}`,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      RATE_LIMIT_ENABLED: 'true',
      JOB_POLL_MS: '200',
      JOB_STALE_AFTER_MS: '3000',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const started = await Promise.allSettled([
      spawnServer('a', portA!, { ...shared, SMTP_URL: `smtp://127.0.0.1:${smtp.ports[0]}` }),
      spawnServer('b', portB!, { ...shared, SMTP_URL: `smtp://127.0.0.1:${smtp.ports[1]}` }),
    ]);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      // leave no process behind when only one of them came up
      await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : null)));
      throw failed.reason;
    }
    [a, b] = started.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
    proxy = await startLocalProxy({ targets: [a.url, b.url], healthIntervalMs: 500 });
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await database?.close();
    await adminQuery(`drop database if exists ${dbName} with (force)`);
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    await redis.quit();
  }, 60_000);

  it('a session made by logging in through A works on B and through the proxy; logging out through B closes it on A', async () => {
    const user = await createUser(ctx);
    const login = await api(a.url, 'POST', '/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      ip: clientIp(),
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;
    const me = await api(b.url, 'GET', '/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const before = proxy.backends.map((x) => x.served);
    for (let i = 0; i < 4; i += 1) {
      expect((await api(proxy.url, 'GET', '/users/me', { token })).status).toBe(200);
    }
    // round robin: both processes answered
    expect(proxy.backends.map((x, i) => x.served - before[i]!)).toEqual([2, 2]);

    const { socket } = await TestSocket.open(`${a.ws}/realtime?token=${token}`);
    expect((await api(b.url, 'POST', '/auth/logout', { token })).status).toBe(200);
    await socket.next('session_revoked');
    expect((await socket.closed).code).toBe(4401);
    expect((await api(a.url, 'GET', '/users/me', { token })).status).toBe(401);
    expect((await api(proxy.url, 'GET', '/users/me', { token })).status).toBe(401);
  });

  it('realtime: a fan’s socket on A hears a message, typing and presence sent through B (and the sender hiding their activity status through A), and sockets behind the proxy hear messages sent through it', async () => {
    const fan = await createUser(ctx);
    const sender = await createUser(ctx);
    const fanToken = await tokenFor(ctx, fan);
    const senderToken = await tokenFor(ctx, sender);
    const chat = await api(b.url, 'POST', '/chats', {
      token: senderToken,
      body: { recipientId: fan.id },
    });
    expect([200, 201], JSON.stringify(chat.body)).toContain(chat.status);
    const chatId = (chat.body.chat as { id: string }).id;

    const onA = await TestSocket.open(`${a.ws}/realtime?token=${fanToken}`);
    const senderOnB = await TestSocket.open(`${b.ws}/realtime?token=${senderToken}`);
    try {
      const sent = await api(b.url, 'POST', `/chats/${chatId}/messages`, {
        token: senderToken,
        body: { text: 'from process B' },
      });
      expect(sent.status).toBe(201);
      const messageId = (sent.body.message as { id: string }).id;
      const frame = await onA.socket.next('message_new', undefined, 5000);
      expect(frame.data).toEqual({ chatId, messageId });

      senderOnB.socket.send({ type: 'typing', data: { chatId, isTyping: true } });
      const typing = await onA.socket.next('typing', undefined, 5000);
      expect(typing.data).toEqual({ chatId, userId: sender.id, isTyping: true });

      // A holds no socket of the sender: it says offline, B answers the probe with online
      onA.socket.send({ type: 'presence_watch', data: { userIds: [sender.id] } });
      const online = await onA.socket.next('presence', (f) => f.data.online, 5000);
      expect(online.data).toEqual({ userId: sender.id, online: true });

      // hiding one's activity status through A reaches B's hub (a bus signal): offline for A's
      // watcher at once, and online again when shown
      for (const show of [false, true]) {
        const put = await api(a.url, 'PUT', '/users/me', {
          token: senderToken,
          body: { privacy: { showActivityStatus: show } },
        });
        expect(put.status).toBe(200);
        const seen = await onA.socket.next('presence', (f) => f.data.online === show, 5000);
        expect(seen.data).toEqual({ userId: sender.id, online: show });
      }
    } finally {
      await Promise.all([onA.socket.close(), senderOnB.socket.close()]);
    }

    // through the proxy: two sockets land on the two processes, the sends on either
    const before = proxy.backends.map((x) => x.served);
    const proxied = [
      await TestSocket.open(`${proxy.url.replace('http', 'ws')}/api/realtime?token=${fanToken}`),
      await TestSocket.open(`${proxy.url.replace('http', 'ws')}/api/realtime?token=${fanToken}`),
    ];
    expect(proxy.backends.map((x, i) => x.served - before[i]!)).toEqual([1, 1]);
    try {
      const ids: string[] = [];
      for (const text of ['one', 'two']) {
        const res = await api(proxy.url, 'POST', `/chats/${chatId}/messages`, {
          token: senderToken,
          body: { text },
        });
        expect(res.status).toBe(201);
        ids.push((res.body.message as { id: string }).id);
      }
      for (const { socket } of proxied) {
        for (const id of ids) {
          const frame = await socket.next('message_new', (f) => f.data.messageId === id, 5000);
          expect(frame.data.chatId).toBe(chatId);
        }
      }
    } finally {
      await Promise.all(proxied.map(({ socket }) => socket.close()));
    }
  });

  it('rate limits: the counters are shared, so requests alternating between A and B hit 429 at the limit of one process', async () => {
    const limit = AuthLimits.forgot.max;
    const attempt = (base: string, ip: string, i: number) =>
      api(base, 'POST', '/auth/forgot-password', {
        body: { email: `nobody-${runId}-${i}@example.test` },
        ip,
      });

    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 3; i += 1) {
      const res = await attempt(i % 2 === 0 ? a.url : b.url, ip, i);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.code).toBe('RATE_LIMITED');
    }
    // per-process counters would have allowed `limit` on each: 2 × limit in all
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429, 429, 429]);

    // the same through the proxy, for another client
    const viaProxy = clientIp();
    const proxied: number[] = [];
    for (let i = 0; i < limit + 2; i += 1)
      proxied.push((await attempt(proxy.url, viaProxy, i)).status);
    expect(proxied).toEqual([...Array<number>(limit).fill(200), 429, 429]);
  });

  it('scheduler and outbox: posts and mails falling due while both workers run go out exactly once', async () => {
    const creator = await createCreator(ctx);
    const token = await tokenFor(ctx, creator);
    const label = `fan-out ${runId}`;
    const items = await schedulePosts(token, label, 12);
    const readers = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));

    // reset-password mails through the proxy, each from its own client address
    for (const reader of readers) {
      const res = await api(proxy.url, 'POST', '/auth/forgot-password', {
        body: { email: reader.email },
        ip: clientIp(),
      });
      expect(res.status).toBe(200);
    }
    // time passes: every item is due now, for both workers (polling every 200 ms)
    const jobs = await publishJobIds(items);
    await withTransaction(ctx.db, async (tx) => {
      await tx
        .updateTable('scheduled_items')
        .set({ scheduled_for: new Date(Date.now() - 1000) })
        .where('id', 'in', items)
        .execute();
      await tx
        .updateTable('jobs')
        .set({ run_at: new Date(Date.now() - 1000) })
        .where(
          'id',
          'in',
          jobs.map((j) => j.id),
        )
        .execute();
    });

    const emails = readers.map((r) => r.email.toLowerCase());
    await eventually('every item published and every mail sent', async () => {
      const pending = await ctx.db
        .selectFrom('scheduled_items')
        .select('id')
        .where('id', 'in', items)
        .where('status', '!=', 'published')
        .execute();
      const mailed = new Set(smtp.received.flatMap((m) => m.to));
      return pending.length === 0 && emails.every((e) => mailed.has(e));
    });
    // a late duplicate would show within a few polls
    await new Promise((r) => setTimeout(r, 1000));

    const posts = await ctx.db
      .selectFrom('posts')
      .select(['id', 'caption'])
      .where('user_id', '=', creator.id)
      .execute();
    expect(posts).toHaveLength(items.length);
    expect(new Set(posts.map((p) => p.caption)).size).toBe(items.length);
    const rows = await ctx.db
      .selectFrom('scheduled_items')
      .select(['result_id', 'status'])
      .where('id', 'in', items)
      .execute();
    expect(new Set(rows.map((r) => r.result_id))).toEqual(new Set(posts.map((p) => p.id)));
    for (const email of emails) {
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    }
    const mailJobs = await ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('type', '=', MAIL_JOB)
      .where(
        sql<string>`payload->>'to'`,
        'in',
        readers.map((r) => r.email),
      )
      .execute();
    expect(mailJobs.map((j) => [j.status, j.attempts])).toEqual(readers.map(() => ['done', 1]));
  });

  it('the per-process session cache: a revocation or a ban through A is refused by B within moments', async () => {
    const user = await createUser(ctx);
    const [mine, other] = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    // B looks the session up once and then serves it from its cache (30 s)
    for (let i = 0; i < 2; i += 1)
      expect((await api(b.url, 'GET', '/users/me', { token: other })).status).toBe(200);
    const out = await api(a.url, 'DELETE', '/users/me/sessions/all-others', { token: mine });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // the drop crosses Redis asynchronously; far inside the 30 s only the signal could do it
    await eventually(
      'B to refuse the revoked session',
      async () => (await api(b.url, 'GET', '/users/me', { token: other })).status === 401,
      2000,
    );

    const admin = await createAdmin(ctx);
    const adminToken = await tokenFor(ctx, admin);
    expect((await api(b.url, 'GET', '/users/me', { token: mine })).status).toBe(200);
    const ban = await api(a.url, 'POST', `/admin/users/${user.id}/ban`, {
      token: adminToken,
      body: { reason: 'scale-out test' },
    });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    await eventually(
      'B to refuse the banned account',
      async () => (await api(b.url, 'GET', '/users/me', { token: mine })).status === 401,
      2000,
    );
  });

  it('the per-process analytics cache: an invalidation through A empties B’s copy too', async () => {
    const creator = await createCreator(ctx);
    const token = await tokenFor(ctx, creator);
    const dashboard = async (server: ServerProcess) => {
      const res = await api(server.url, 'GET', '/analytics/v2/dashboard?period=7d', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.cached;
    };
    // each process computes and keeps its own copy
    expect([await dashboard(a), await dashboard(a)]).toEqual([false, true]);
    expect([await dashboard(b), await dashboard(b)]).toEqual([false, true]);
    const res = await api(a.url, 'POST', '/analytics/v2/cache/invalidate', { token });
    expect(res.body).toMatchObject({ ok: true, removed: 1 });
    // the signal crosses Redis asynchronously: B forgets its copy within moments
    // (well inside the 30 s a copy lives, so only the signal can make this pass)
    await eventually(
      'B to drop its cached dashboard',
      async () => (await dashboard(b)) === false,
      5000,
    );
    expect(await dashboard(a)).toBe(false);
  });

  it('a process killed mid-job (SIGKILL) loses nothing: the other runs its claimed jobs, once', async () => {
    const creator = await createCreator(ctx);
    const token = await tokenFor(ctx, creator);
    const items = await schedulePosts(token, `survivor ${runId}`, 10);
    const jobs = await publishJobIds(items);
    const reader = await createUser(ctx);
    const stalled = smtp.stallNextConnection();

    // one claim of ten takes five posts, the mail, then four more posts: the worker that gets it
    // publishes five, then hangs on the SMTP greeting with the rest of its batch claimed
    const now = Date.now();
    await withTransaction(ctx.db, async (tx) => {
      await tx
        .updateTable('scheduled_items')
        .set({ scheduled_for: new Date(now - 5000) })
        .where('id', 'in', items)
        .execute();
      for (const [i, job] of jobs.entries()) {
        await tx
          .updateTable('jobs')
          .set({ run_at: new Date(now - (i < 5 ? 3000 : 1000)) })
          .where('id', '=', job.id)
          .execute();
      }
      await ctx.jobs.enqueue(
        tx,
        MAIL_JOB,
        { to: reader.email, subject: 'Survives a crash', text: 'Sent once.' },
        { runAt: new Date(now - 2000), maxAttempts: 8 },
      );
    });

    const port = await stalled;
    const [victim, survivor, survivorPort] =
      port === smtp.ports[0] ? [a, b, smtp.ports[1]] : [b, a, smtp.ports[0]];
    const mailJob = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'locked_by', 'status'])
      .where('type', '=', MAIL_JOB)
      .where(sql<string>`payload->>'to'`, '=', reader.email)
      .executeTakeFirstOrThrow();
    expect(mailJob.status).toBe('running');
    victim.kill('SIGKILL');
    await victim.exited;
    const orphaned = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'type'])
      .where('status', '=', 'running')
      .where('locked_by', '=', mailJob.locked_by)
      .execute();
    expect(orphaned.map((j) => j.id)).toContain(mailJob.id);

    // after JOB_STALE_AFTER_MS (3 s) the survivor reclaims and runs them
    await eventually(
      'the survivor to finish the dead process’s jobs',
      async () => {
        const left = await ctx.db
          .selectFrom('jobs')
          .select('id')
          .where('id', 'in', [...jobs.map((j) => j.id), mailJob.id])
          .where('status', '!=', 'done')
          .execute();
        return left.length === 0;
      },
      40_000,
    );
    await new Promise((r) => setTimeout(r, 1000));

    const posts = await ctx.db
      .selectFrom('posts')
      .select('id')
      .where('user_id', '=', creator.id)
      .execute();
    expect(posts).toHaveLength(items.length);
    const published = await ctx.db
      .selectFrom('scheduled_items')
      .select('status')
      .where('id', 'in', items)
      .execute();
    expect(published.every((r) => r.status === 'published')).toBe(true);
    const mails = smtp.received.filter((m) => m.to.includes(reader.email.toLowerCase()));
    expect(mails.map((m) => m.port)).toEqual([survivorPort]);
    const done = await ctx.db
      .selectFrom('jobs')
      .select(['attempts', 'locked_by'])
      .where('id', '=', mailJob.id)
      .executeTakeFirstOrThrow();
    expect(done.attempts).toBe(2);
    expect(done.locked_by).not.toBe(mailJob.locked_by);

    // the proxy's health check takes the dead process out; the survivor answers everything
    await proxy.checkHealth();
    expect(proxy.backends.map((x) => x.healthy)).toEqual([survivor === a, survivor === b]);
    for (let i = 0; i < 4; i += 1) {
      expect((await api(proxy.url, 'GET', '/users/me', { token })).status).toBe(200);
    }
  }, 90_000);
});
