import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/platform/config.ts';
import type { AppContext } from '../../src/platform/context.ts';
import { withTransaction, type Db } from '../../src/platform/db/database.ts';
import { listOutbox } from '../../src/platform/mail/outbox.ts';
import { createRuntime, type Runtime } from '../../src/platform/runtime.ts';
import { openChat } from '../../src/modules/chats/chats.service.ts';
import { insertMessage } from '../../src/modules/chats/messages.service.ts';
import { NO_PAID_PARTS } from '../../src/modules/chats/paid-parts.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger.verify.ts';
import { addFunds } from '../../src/modules/payments/wallet.service.ts';
import { paymentProvider } from '../../src/modules/payments/provider.ts';
import { createCreator, createUser, tokenFor } from '../factories.ts';

/**
 * Crash safety (issue 11): the real server (`server/src/main.ts`) runs as a child process on
 * its own PostgreSQL database while client loops run payment flows, each with one fixed
 * Idempotency-Key, and a killer SIGKILLs the server at random moments and starts it again.
 * Clients retry every failed or cut-off request with the same key until they get a definitive
 * answer. Scheduled posts fall due and password-reset mails are queued while it happens.
 * Afterwards the database is checked: every flow charged exactly once, wallets equal to the
 * expected sums, `verifyLedger` clean, no purchase without its charge or charge without its
 * purchase, each scheduled post published once with one notice, each mail written once.
 *
 * Used by `npm run crash -w bench` (200 flows, 8 kills) and by `crash.test.ts` (a small run,
 * PostgreSQL only). Not a test file itself: no vitest imports.
 */

export interface CrashOptions {
  /** postgres://… of a database the harness may create databases from (user with CREATEDB) */
  adminUrl: string;
  flows: number;
  kills: number;
  /** concurrent client loops */
  clients?: number;
  scheduledPosts?: number;
  mails?: number;
  /** the server listens on the first free port from here (tries 20) */
  basePort?: number;
  seed?: number;
  log?: (line: string) => void;
  /** keep the crash database and data directory afterwards (default: dropped) */
  keepDatabase?: boolean;
}

export interface CrashReport {
  ok: boolean;
  seed: number;
  database: string;
  flows: number;
  flowsByKind: Record<string, number>;
  kills: number;
  killsDuringJobs: number;
  restarts: number;
  retries: number;
  /** requests cut off by a kill (connection reset / refused / timeout) */
  cutOff: number;
  replaysChecked: number;
  scheduledPosts: number;
  mails: number;
  jobsReclaimed: number;
  durationMs: number;
  violations: string[];
  ledger: { ok: boolean; failed: string[] };
}

type FlowKind = 'unlock_post' | 'tip' | 'subscribe' | 'unlock_message' | 'top_up';

interface Flow {
  n: number;
  kind: FlowKind;
  fan: number;
  key: string;
  url: string;
  body: Record<string, unknown> | undefined;
  /** what it moves out of (−) or into (+) the fan's wallet */
  walletCents: number;
  target: string;
  status?: number;
  response?: Record<string, unknown>;
  attempts: number;
}

interface Actor {
  id: string;
  token: string;
  email: string;
}

const POST_PRICE = 500;
const MESSAGE_PRICE = 300;
const SUB_PRICE = 999;
const INITIAL_FUNDS = 50_000;
const POSTS_PER_CREATOR = 8;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function withDatabaseName(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..', '..');

/** The real server in a child process, killable and restartable on the same port. */
class ServerProcess {
  child: ChildProcess | undefined;
  output = '';
  starts = 0;
  failedStarts = 0;
  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server; like a process supervisor, starts it again if it dies while starting
   * (on a badly overloaded machine Fastify's plugin timeout can fire before it listens).
   */
  async start() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.startOnce();
      } catch (error) {
        if (attempt >= 3 || !String(error).includes('exited early')) throw error;
        this.failedStarts += 1;
      }
    }
  }

  private async startOnce() {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith('VITEST') && k !== 'REDIS_URL' && k !== 'NODE_OPTIONS')
        env[k] = v;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // generous: a start on a busy 2-core machine (tsx, migrations check) can take minutes
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy:\n${this.output}`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}

/** Runs the whole scenario and checks it; never throws for a violation (see `report.ok`). */
export async function runCrashHarness(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? Math.floor(Math.random() * 2_147_483_647);
  const random = mulberry32(seed);
  const clients = options.clients ?? 6;
  const database = `fanspace_crash_${randomBytes(4).toString('hex')}`;
  const violations: string[] = [];

  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = withDatabaseName(options.adminUrl, database);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-crash-'));

  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '5',
    DEMO_SEED: 'false',
  });
  let runtime: Runtime | undefined = await createRuntime({ config, startWorker: false });
  const db = runtime.ctx.db;
  const ctx = runtime.ctx;

  let port = 0;
  for (let p = options.basePort ?? 4200; p < (options.basePort ?? 4200) + 20; p += 1)
    if (await portFree(p)) {
      port = p;
      break;
    }
  if (!port) throw new Error('no free port in the range');
  const server = new ServerProcess(
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      RATE_LIMIT_ENABLED: 'false',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: dataDir,
      JOB_POLL_MS: '200',
      JOB_STALE_AFTER_MS: '3000',
    },
    port,
  );

  let report: CrashReport | undefined;
  try {
    // ---- seed: fans with funds, creators with paid posts and a locked message per fan ----
    const fanCount = Math.max(1, Math.ceil(options.flows / 10));
    const creatorCount = 5;
    const mailCount = options.mails ?? Math.max(2, Math.round(options.flows / 16));
    const scheduledCount = options.scheduledPosts ?? Math.max(2, Math.round(options.flows / 16));
    const actor = async (user: { id: string; email: string }): Promise<Actor> => ({
      id: user.id,
      email: user.email,
      token: await tokenFor(ctx, user, 'crash-harness'),
    });
    const creators: Actor[] = [];
    for (let i = 0; i < creatorCount; i += 1)
      creators.push(await actor(await createCreator(ctx, { subscription_price_cents: SUB_PRICE })));
    const fans: Actor[] = [];
    for (let i = 0; i < fanCount; i += 1) fans.push(await actor(await createUser(ctx)));
    const mailUsers: Actor[] = [];
    for (let i = 0; i < mailCount; i += 1) mailUsers.push(await actor(await createUser(ctx)));
    const posts: Array<{ id: string; creator: number }> = [];
    for (const [c, creator] of creators.entries())
      for (let i = 0; i < POSTS_PER_CREATOR; i += 1) {
        const post = await db
          .insertInto('posts')
          .values({
            user_id: creator.id,
            caption: `crash paid ${c}/${i}`,
            access_level: 'paid',
            price_cents: POST_PRICE,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        posts.push({ id: post.id, creator: c });
      }
    // messages[c][f]: the locked message creator c sent fan f
    const messages: string[][] = [];
    for (const creator of creators) {
      const row: string[] = [];
      for (const fan of fans) {
        const id = await withTransaction(db, async (tx) => {
          const inTx = { ...ctx, db: tx } as unknown as AppContext;
          const { body } = await openChat(inTx, { id: fan.id, sessionId: 'crash' }, creator.id);
          const message = await insertMessage(inTx, tx, {
            chatId: body.chat.id,
            senderId: creator.id,
            others: [fan.id],
            text: 'A locked photo, unlock it if you like it.',
            quotedId: null,
            media: { image: null, video: null, voice: null, items: [] },
            voiceDuration: null,
            paid: { ...NO_PAID_PARTS, lockedCents: MESSAGE_PRICE, teaserText: 'Locked' },
          });
          return (message as { id: string }).id;
        });
        row.push(id);
      }
      messages.push(row);
    }
    for (const fan of fans)
      await withTransaction(db, (tx) =>
        addFunds(tx, paymentProvider(), fan.id, INITIAL_FUNDS, `crash-seed-${fan.id}`),
      );

    // ---- the flows: ten per fan, each with its own key ----
    const runId = randomBytes(3).toString('hex');
    const flows: Flow[] = [];
    const pick = <T>(list: T[]) => list.splice(Math.floor(random() * list.length), 1)[0]!;
    for (const [f, fan] of fans.entries()) {
      void fan;
      const postPool = posts.map((_, i) => i);
      const subPool = creators.map((_, i) => i);
      const msgPool = creators.map((_, i) => i);
      const add = (
        kind: FlowKind,
        url: string,
        body: Flow['body'],
        walletCents: number,
        target: string,
      ) =>
        flows.push({
          n: flows.length,
          kind,
          fan: f,
          key: `crash-${runId}-${flows.length}`,
          url,
          body,
          walletCents,
          target,
          attempts: 0,
        });
      for (let i = 0; i < 2; i += 1) {
        const post = posts[pick(postPool)]!;
        add('unlock_post', `/api/posts/${post.id}/unlock`, undefined, -POST_PRICE, post.id);
        const c = pick(subPool);
        add(
          'subscribe',
          '/api/subscriptions',
          { creatorId: creators[c]!.id },
          -SUB_PRICE,
          creators[c]!.id,
        );
        const m = messages[pick(msgPool)]![f]!;
        add('unlock_message', `/api/chats/messages/${m}/unlock`, undefined, -MESSAGE_PRICE, m);
        const tipCents = 100 * (1 + Math.floor(random() * 20));
        const to = creators[Math.floor(random() * creators.length)]!.id;
        add(
          'tip',
          '/api/tips',
          { recipientUserId: to, amount: tipCents / 100, tipType: 'profile' },
          -tipCents,
          to,
        );
        const topUpCents = 100 * (5 + Math.floor(random() * 45));
        add('top_up', '/api/wallet/add-funds', { amount: topUpCents / 100 }, topUpCents, fan.id);
      }
    }
    flows.length = Math.min(flows.length, options.flows);
    for (let i = flows.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [flows[i], flows[j]] = [flows[j]!, flows[i]!];
    }

    await server.start();
    log(`server up on ${server.url} (database ${database}, seed ${seed})`);

    // ---- scheduled posts, due while the killer works ----
    const killGapMs = [1200, 3500] as const;
    const plannedMs = (options.kills * (killGapMs[0] + killGapMs[1])) / 2;
    const scheduled: Array<{ id: string; creator: number; caption: string }> = [];
    for (let i = 0; i < scheduledCount; i += 1) {
      const c = i % creators.length;
      const caption = `crash scheduled ${runId} #${i}`;
      const offsetMs = 2000 + Math.floor(random() * plannedMs);
      let res: Response;
      for (;;) {
        // load shedding (503) right after a start on a busy machine: wait and ask again
        res = await fetch(`${server.url}/api/scheduler`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${creators[c]!.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            type: 'post',
            scheduledFor: new Date(Date.now() + offsetMs).toISOString(),
            payload: { caption },
          }),
        });
        if (res.status !== 503) break;
        await sleep(500);
      }
      const body = (await res.json()) as { item?: { id: string }; id?: string; message?: string };
      const id = body.item?.id ?? body.id;
      if (res.status !== 201 || !id)
        throw new Error(`scheduling failed: ${res.status} ${JSON.stringify(body)}`);
      scheduled.push({ id, creator: c, caption });
    }

    // ---- clients, mail requests and the killer ----
    let retries = 0;
    let cutOff = 0;
    let kills = 0;
    let killsDuringJobs = 0;
    let remaining = flows.length;
    let doneSinceStart = 0;
    const queue = [...flows];
    const paceMs = Math.max(0, (plannedMs * clients) / Math.max(1, flows.length));

    const send = async (flow: Flow): Promise<void> => {
      for (;;) {
        flow.attempts += 1;
        try {
          const res = await fetch(`${server.url}${flow.url}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${fans[flow.fan]!.token}`,
              'idempotency-key': flow.key,
              ...(flow.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(flow.body ? { body: JSON.stringify(flow.body) } : {}),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await res.text();
          // a 409 CONFLICT is "in progress" (the key row of a cut-off attempt); 5xx: shedding
          if (res.status >= 500 || (res.status === 409 && text.includes('"CONFLICT"'))) {
            retries += 1;
            await sleep(150);
            continue;
          }
          flow.status = res.status;
          flow.response = JSON.parse(text) as Record<string, unknown>;
          return;
        } catch (error) {
          // refused: the server is down; anything else: the kill cut the request off
          if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') cutOff += 1;
          retries += 1;
          await sleep(200 + Math.floor(random() * 300));
        }
      }
    };

    const client = async () => {
      for (;;) {
        const flow = queue.shift();
        if (!flow) return;
        await sleep(Math.floor(random() * paceMs * 2));
        await send(flow);
        remaining -= 1;
        doneSinceStart += 1;
      }
    };

    const mailsSent: Array<{ email: string; status?: number }> = mailUsers.map((u) => ({
      email: u.email,
    }));
    const mailer = async () => {
      for (const mail of mailsSent) {
        await sleep(Math.floor(random() * (plannedMs / Math.max(1, mailsSent.length))));
        for (;;) {
          try {
            const res = await fetch(`${server.url}/api/auth/forgot-password`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: mail.email }),
              signal: AbortSignal.timeout(20_000),
            });
            if (res.status < 500) {
              mail.status = res.status;
              break;
            }
          } catch (error) {
            if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED')
              cutOff += 1;
          }
          retries += 1;
          await sleep(200);
        }
      }
    };

    const killer = async () => {
      while (kills < options.kills) {
        // let the clients get going again (a restart on a busy machine is slow), then strike
        // at a random moment among their requests
        while (doneSinceStart === 0 && remaining > 0) await sleep(50);
        await sleep(Math.floor(random() * killGapMs[1]));
        if (remaining === 0) break;
        const running = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(running?.n ?? 0) > 0) killsDuringJobs += 1;
        await server.kill('SIGKILL');
        kills += 1;
        log(`kill ${kills}: ${remaining} flows left`);
        await server.start();
        doneSinceStart = 0;
      }
    };

    await Promise.all([...Array.from({ length: clients }, client), mailer(), killer()]);
    // kills the flows did not last long enough for land on the jobs alone
    while (kills < options.kills) {
      await sleep(killGapMs[0]);
      await server.kill('SIGKILL');
      kills += 1;
      killsDuringJobs += 1;
      log(`kill ${kills} (after the flows)`);
      await server.start();
    }
    log(`flows done after ${kills} kills, ${retries} retries; waiting for jobs`);

    // ---- jobs: every scheduled post and mail runs after the last restart ----
    const jobTypes = ['mail.send', 'scheduler.publish'];
    const deadline = Date.now() + 120_000;
    for (;;) {
      const open = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', 'in', jobTypes)
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirst();
      if (Number(open?.n ?? 0) === 0) break;
      if (Date.now() > deadline) {
        violations.push(`jobs still open after 120 s: ${open?.n}`);
        break;
      }
      await sleep(300);
    }

    // ---- every key replays its first answer ----
    let replaysChecked = 0;
    for (const flow of flows) {
      const first = { ...flow };
      await send(flow);
      replaysChecked += 1;
      if (
        flow.status !== first.status ||
        JSON.stringify(flow.response) !== JSON.stringify(first.response)
      )
        violations.push(`flow ${flow.n} (${flow.kind}): replay differs from its first answer`);
    }
    await server.kill('SIGTERM');

    // ---- checks against the database ----
    const flowsByKind: Record<string, number> = {};
    for (const flow of flows) {
      flowsByKind[flow.kind] = (flowsByKind[flow.kind] ?? 0) + 1;
      if (flow.status === undefined || flow.status < 200 || flow.status >= 300)
        violations.push(
          `flow ${flow.n} (${flow.kind}) ended ${flow.status}: ${JSON.stringify(flow.response).slice(0, 200)}`,
        );
    }
    await checkDatabase(db, {
      flows,
      fans,
      creators,
      posts,
      scheduled,
      mailUsers,
      dataDir,
      violations,
    });
    const ledger = await verifyLedger(db);
    const failed = ledger.invariants.filter((i) => !i.ok).map((i) => i.name);
    for (const name of failed) violations.push(`ledger invariant ${name} fails`);
    for (const mail of mailsSent)
      if (mail.status !== 200)
        violations.push(`forgot-password for ${mail.email} ended ${mail.status}`);
    const reclaimed = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('type', 'in', jobTypes)
      .where('attempts', '>', 1)
      .executeTakeFirst();

    report = {
      ok: violations.length === 0,
      seed,
      database,
      flows: flows.length,
      flowsByKind,
      kills,
      killsDuringJobs,
      restarts: server.starts - 1,
      retries,
      cutOff,
      replaysChecked,
      scheduledPosts: scheduled.length,
      mails: mailUsers.length,
      jobsReclaimed: Number(reclaimed?.n ?? 0),
      durationMs: Date.now() - started,
      violations,
      ledger: { ok: ledger.ok, failed },
    };
    return report;
  } finally {
    await server.kill('SIGKILL');
    await runtime?.close();
    runtime = undefined;
    if (!options.keepDatabase) {
      const cleanup = new pg.Client({ connectionString: options.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

interface CheckInput {
  flows: Flow[];
  fans: Actor[];
  creators: Actor[];
  posts: Array<{ id: string; creator: number }>;
  scheduled: Array<{ id: string; creator: number; caption: string }>;
  mailUsers: Actor[];
  dataDir: string;
  violations: string[];
}

async function checkDatabase(db: Db, input: CheckInput) {
  const { flows, fans, violations } = input;
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);

  // one key row per flow, finished with the status the client saw
  for (const flow of flows) {
    const key = await db
      .selectFrom('idempotency_keys')
      .select(['status_code'])
      .where('user_id', '=', fans[flow.fan]!.id)
      .where('key', '=', flow.key)
      .execute();
    if (key.length !== 1 || key[0]!.status_code !== flow.status)
      violations.push(`flow ${flow.n}: idempotency key rows ${JSON.stringify(key)}`);
  }

  // exactly one charge per flow: the transaction the answer names, and no other
  const kindOf: Record<FlowKind, string> = {
    unlock_post: 'unlock',
    unlock_message: 'unlock',
    tip: 'tip',
    subscribe: 'subscription',
    top_up: 'top_up',
  };
  for (const [f, fan] of fans.entries()) {
    const mine = flows.filter((fl) => fl.fan === f);
    for (const kind of ['unlock', 'tip', 'subscription', 'top_up']) {
      const expected =
        mine.filter((fl) => kindOf[fl.kind] === kind).length + (kind === 'top_up' ? 1 : 0);
      const actual = await count(sql<{ n: string }>`select count(*) as n from ledger_transactions
          where kind = ${kind} and reverses_id is null
            and coalesce(metadata->>'payerId', metadata->>'userId') = ${fan.id}`);
      if (actual !== expected)
        violations.push(`fan ${f}: ${actual} ${kind} transactions, expected ${expected}`);
    }
    const wallet = await db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('kind', '=', 'user_wallet')
      .where('owner_id', '=', fan.id)
      .executeTakeFirst();
    const expectedCents = INITIAL_FUNDS + mine.reduce((sum, fl) => sum + fl.walletCents, 0);
    if (Number(wallet?.balance_cents) !== expectedCents)
      violations.push(`fan ${f}: wallet ${wallet?.balance_cents} cents, expected ${expectedCents}`);
  }
  const named = new Set<string>();
  for (const flow of flows) {
    const id =
      flow.response?.transactionId ??
      (flow.response?.charge as { transactionId?: string } | undefined)?.transactionId;
    if (typeof id === 'string') {
      if (named.has(id)) violations.push(`flow ${flow.n}: transaction ${id} named by two flows`);
      named.add(id);
    }
    const fanId = fans[flow.fan]!.id;
    if (flow.kind === 'unlock_post') {
      const rows = await db
        .selectFrom('content_purchases')
        .select(['ledger_transaction_id'])
        .where('buyer_id', '=', fanId)
        .where('post_id', '=', flow.target)
        .execute();
      if (
        rows.length !== 1 ||
        !rows[0]!.ledger_transaction_id ||
        rows[0]!.ledger_transaction_id !== id
      )
        violations.push(
          `flow ${flow.n}: post purchase rows ${JSON.stringify(rows)} for answer ${id}`,
        );
    }
    if (flow.kind === 'unlock_message') {
      const rows = await db
        .selectFrom('message_purchases')
        .select(['ledger_transaction_id'])
        .where('buyer_id', '=', fanId)
        .where('message_id', '=', flow.target)
        .execute();
      if (rows.length !== 1 || rows[0]!.ledger_transaction_id !== id)
        violations.push(
          `flow ${flow.n}: message purchase rows ${JSON.stringify(rows)} for answer ${id}`,
        );
    }
    if (flow.kind === 'subscribe') {
      const rows = await db
        .selectFrom('subscriptions')
        .select(['id', 'status'])
        .where('subscriber_id', '=', fanId)
        .where('creator_id', '=', flow.target)
        .execute();
      const charges = await count(sql<{ n: string }>`select count(*) as n from ledger_transactions
          where kind = 'subscription' and metadata->>'payerId' = ${fanId}
            and metadata->>'creatorId' = ${flow.target}`);
      if (rows.length !== 1 || rows[0]!.status !== 'active' || charges !== 1)
        violations.push(
          `flow ${flow.n}: subscription rows ${JSON.stringify(rows)}, ${charges} charges`,
        );
    }
  }

  // nothing half-applied anywhere: unlock charges and purchases pair up one to one
  const orphanCharges = await count(sql<{
    n: string;
  }>`select count(*) as n from ledger_transactions t
      where t.kind = 'unlock'
        and not exists (select 1 from content_purchases p where p.ledger_transaction_id = t.id)
        and not exists (select 1 from message_purchases m where m.ledger_transaction_id = t.id)`);
  if (orphanCharges) violations.push(`${orphanCharges} unlock charges without their purchase`);
  const unpaid = await count(sql<{ n: string }>`select
      (select count(*) from content_purchases where ledger_transaction_id is null)
    + (select count(*) from message_purchases where ledger_transaction_id is null) as n`);
  if (unpaid) violations.push(`${unpaid} purchases without their charge`);
  const unpaidSubs = await count(sql<{ n: string }>`select count(*) as n from subscriptions s
      where not exists (select 1 from ledger_transactions t where t.kind = 'subscription'
        and t.metadata->>'payerId' = s.subscriber_id::text
        and t.metadata->>'creatorId' = s.creator_id::text)`);
  if (unpaidSubs) violations.push(`${unpaidSubs} subscriptions without their charge`);
  const unstored = await count(sql<{ n: string }>`select count(*) as n from idempotency_keys
      where status_code is null`);
  if (unstored) violations.push(`${unstored} idempotency keys without a stored answer`);

  // scheduled posts: each published once, one post, one notice
  for (const item of input.scheduled) {
    const row = await db
      .selectFrom('scheduled_items')
      .select(['status', 'result_id', 'last_error'])
      .where('id', '=', item.id)
      .executeTakeFirst();
    const postsMade = await count(sql<{ n: string }>`select count(*) as n from posts
        where caption = ${item.caption}`);
    const notices = await count(sql<{ n: string }>`select count(*) as n from notifications
        where data->>'scheduledItemId' = ${item.id} and data->>'event' = 'scheduled_published'`);
    if (row?.status !== 'published' || postsMade !== 1 || notices !== 1)
      violations.push(
        `scheduled ${item.id}: ${row?.status} (${row?.last_error ?? ''}), ${postsMade} posts, ${notices} notices`,
      );
  }
  // mails: one reset mail per request, written once even when a kill cut its job short
  for (const user of input.mailUsers) {
    const mails = listOutbox(input.dataDir).filter((m) =>
      m.to.toLowerCase().includes(user.email.toLowerCase()),
    );
    if (mails.length !== 1) violations.push(`${user.email}: ${mails.length} mails, expected 1`);
  }
  const failedJobs = await db
    .selectFrom('jobs')
    .select(['type', 'last_error'])
    .where('status', '=', 'failed')
    .execute();
  for (const job of failedJobs) violations.push(`job ${job.type} failed: ${job.last_error}`);
}
