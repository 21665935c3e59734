import { Agent } from 'node:http';
import http from 'node:http';
import os from 'node:os';
import WebSocket from 'ws';
import type { Fixtures } from './fixtures.ts';
import { DURATION_S, WARMUP_S } from './load.ts';

/**
 * Chat send → delivery: N fans hold a WebSocket each; their creators send messages over HTTP
 * at a fixed rate (open loop). Delivery latency runs from the start of the POST to the
 * `message_new` frame on the fan's socket. Rates step up until one is not sustained
 * (achieved < 95% of target, or delivery p99 > 30 ms); the last sustained one is reported.
 *
 * Every answer that is not 201 is tallied by status (and, for a 503, the server's shedding
 * reason from `X-Overload-Reason`: `inFlight` is PRESSURE_MAX_IN_FLIGHT, the others are
 * @fastify/under-pressure's loop and memory checks). Rate limits are not a cause here: the
 * server under test runs with RATE_LIMIT_ENABLED=false (bench/src/server.ts). The server's
 * environment passes through, e.g. `PRESSURE_MAX_IN_FLIGHT=0 npm run bench -- chat`.
 *
 * Before the first step every chat gets one message at a gentle rate, outside the figures (as
 * the HTTP scenarios warm up; BENCH_WARMUP=0 skips it): the route's lazily compiled schemas,
 * JIT, the pool's connections, and each fan's unread notice, so the steps measure the steady
 * state (a fan with a notice waiting) whatever runs the database saw before.
 */
export interface ChatStep {
  targetPerSecond: number;
  sentPerSecond: number;
  deliveredPerSecond: number;
  deliveryP50Ms: number;
  deliveryP99Ms: number;
  failed: number;
  /** answers other than 201: `503 inFlight`, `500`, `0` (no answer: connection error) … */
  statuses: Record<string, number>;
  /** server CPU during this step per message sent (socket handshakes excluded) */
  serverCpuMsPerMessage: number;
  /** POST start → 201 (the send alone, without the fan-out), of the 201s */
  sendP50Ms: number;
  sendP99Ms: number;
  /** PostgreSQL: CPU of the server's backends per message (those alive at the step's end) */
  databaseCpuMsPerMessage?: number;
  /** share of one core the server / this process (1,000 sockets + the sender) used */
  serverCpuShare: number;
  generatorCpuShare: number;
  loadAverage: number;
}

const P99_LIMIT_MS = 30;
const MAX_IN_FLIGHT = 256;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) /
    10
  );
}

/** A handshake the server shed (503, e.g. its event loop lagged) is retried this often. */
const CONNECT_ATTEMPTS = 5;

function connectOne(
  wsUrl: string,
  token: string,
  onFrame: (chatId: string) => void,
  refused: Record<string, number>,
  attempt = 1,
): Promise<WebSocket> {
  return new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/api/realtime?token=${encodeURIComponent(token)}`);
    let answered = false;
    // `open` is the handshake; the hub sends `ready` once the session is re-checked and the
    // socket is live, and only a live socket gets events
    ws.on('unexpected-response', (_req, res) => {
      answered = true;
      const reason = res.headers['x-overload-reason'];
      const key = `${res.statusCode ?? 0}${typeof reason === 'string' ? ` ${reason}` : ''}`;
      refused[key] = (refused[key] ?? 0) + 1;
      res.resume();
      ws.terminate();
      if (res.statusCode !== 503 || attempt >= CONNECT_ATTEMPTS)
        return reject(new Error(`realtime handshake refused: ${key}`));
      setTimeout(
        () => connectOne(wsUrl, token, onFrame, refused, attempt + 1).then(resolve, reject),
        250 * 2 ** attempt,
      );
    });
    // terminating a refused handshake emits an error too: that one is handled above
    ws.on('error', (err) => {
      if (!answered) reject(err);
    });
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { type: string; data?: { chatId?: string } };
      if (frame.type === 'message_new' && frame.data?.chatId) onFrame(frame.data.chatId);
      else if (frame.type === 'ready') resolve(ws);
    });
  });
}

async function connectAll(url: string, fx: Fixtures, onFrame: (chatId: string) => void) {
  const wsUrl = url.replace(/^http/, 'ws');
  const sockets: WebSocket[] = [];
  /** handshakes refused by status (and shedding reason), retried ones included */
  const refused: Record<string, number> = {};
  // in batches: a thousand simultaneous upgrades would only measure the accept queue
  for (let i = 0; i < fx.chatPairs.length; i += 50) {
    const batch = fx.chatPairs
      .slice(i, i + 50)
      .map((pair) => connectOne(wsUrl, pair.fanToken, onFrame, refused));
    sockets.push(...(await Promise.all(batch)));
  }
  return { sockets, refused };
}

function send(agent: Agent, url: URL, chatId: string, token: string, seq: number): Promise<string> {
  const body = JSON.stringify({ text: `bench message ${seq}` });
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/chats/${chatId}/messages`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const reason = res.headers['x-overload-reason'];
        const status = String(res.statusCode ?? 0);
        res.on('end', () => resolve(typeof reason === 'string' ? `${status} ${reason}` : status));
      },
    );
    req.on('error', () => resolve('0'));
    req.end(body);
  });
}

/** CPU seconds this (the load generator's) process has used so far */
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const WARMUP_RATE = 200;
/**
 * After the one-message-per-chat pass, the warm-up sends at this rate for this long: a server
 * run without an HTTP scenario before it (`npm run bench -- chat`) still spent 1.8 ms of CPU
 * per message in the first 10 s step at 250/s and 1.1 ms in the third (the JIT's optimised
 * tiers, the pool's backends' caches), and the first step's p99 was 20–31 ms against 7 ms
 * once warm
 */
const WARMUP_STEADY_RATE = 500;
const WARMUP_STEADY_SECONDS = 10;

/**
 * `serverCpuSeconds`: the CPU seconds the server process has used so far; `databaseCpu`, on
 * PostgreSQL: a snapshot of its backends' CPU and the seconds used since one.
 */
export async function runChat(
  url: string,
  fx: Fixtures,
  serverCpuSeconds: () => number,
  databaseCpu?: { snapshot(): Map<number, number>; since(before: Map<number, number>): number },
) {
  const pending = new Map<string, number[]>();
  let latencies: number[] = [];
  const { sockets, refused } = await connectAll(url, fx, (chatId) => {
    const started = pending.get(chatId)?.shift();
    if (started !== undefined) latencies.push(performance.now() - started);
  });
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const target = new URL(url);
  const steps: ChatStep[] = [];
  const rates = (process.env.BENCH_CHAT_RATES ?? '250,500,1000,1500,2000').split(',').map(Number);
  const stepSeconds = Math.max(2, Math.min(DURATION_S, 10));
  let seq = 0;
  let totalSent = 0;

  /** Sends at `rate` for `seconds` (open loop), then waits for the answers and the last frames. */
  const runStep = async (rate: number, seconds: number): Promise<ChatStep> => {
    latencies = [];
    pending.clear();
    let sent = 0;
    let failed = 0;
    const sendTimes: number[] = [];
    const statuses: Record<string, number> = {};
    let inFlight = 0;
    const [cpu0, own0, db0] = [serverCpuSeconds(), ownCpuSeconds(), databaseCpu?.snapshot()];
    const started = performance.now();
    const end = started + seconds * 1000;
    const requests: Array<Promise<void>> = [];
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      while (sent < due && inFlight < MAX_IN_FLIGHT) {
        const pair = fx.chatPairs[seq % fx.chatPairs.length]!;
        const queue = pending.get(pair.chatId) ?? [];
        const at = performance.now();
        queue.push(at);
        pending.set(pair.chatId, queue);
        inFlight++;
        sent++;
        requests.push(
          send(agent, target, pair.chatId, pair.creatorToken, seq++).then((status) => {
            inFlight--;
            if (status === '201') return void sendTimes.push(performance.now() - at);
            failed++;
            statuses[status] = (statuses[status] ?? 0) + 1;
            // a refused send has no frame: its start must not be taken for the chat's next one
            const starts = pending.get(pair.chatId);
            const index = starts?.indexOf(at) ?? -1;
            if (index >= 0) starts!.splice(index, 1);
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(requests);
    totalSent += sent;
    await new Promise((r) => setTimeout(r, 200)); // the last frames
    // the CPU shares count over the whole step, the rates over the sending window: the open
    // loop sends `rate` a second for `seconds`, and the wait for the last answers and frames is
    // latency (in the p99), not a slower rate
    const elapsed = (performance.now() - started) / 1000;
    const cpuS = serverCpuSeconds() - cpu0;
    const dbS = db0 && databaseCpu ? databaseCpu.since(db0) : undefined;
    const sorted = latencies.sort((a, b) => a - b);
    const sends = sendTimes.sort((a, b) => a - b);
    return {
      targetPerSecond: rate,
      sentPerSecond: Math.round(sent / seconds),
      deliveredPerSecond: Math.round(sorted.length / seconds),
      deliveryP50Ms: percentile(sorted, 50),
      deliveryP99Ms: percentile(sorted, 99),
      failed,
      statuses,
      serverCpuMsPerMessage: Math.round((cpuS * 1000 * 100) / Math.max(1, sent)) / 100,
      sendP50Ms: percentile(sends, 50),
      sendP99Ms: percentile(sends, 99),
      ...(dbS === undefined
        ? {}
        : { databaseCpuMsPerMessage: Math.round((dbS * 1000 * 100) / Math.max(1, sent)) / 100 }),
      serverCpuShare: Math.round((cpuS / elapsed) * 100) / 100,
      generatorCpuShare: Math.round(((ownCpuSeconds() - own0) / elapsed) * 100) / 100,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  };

  let warmup: ChatStep | undefined;
  let steadyWarmup: ChatStep | undefined;
  try {
    if (WARMUP_S > 0) {
      warmup = await runStep(WARMUP_RATE, fx.chatPairs.length / WARMUP_RATE);
      console.log(`  chat warm-up: ${JSON.stringify(warmup)}`);
      steadyWarmup = await runStep(WARMUP_STEADY_RATE, WARMUP_STEADY_SECONDS);
      console.log(`  chat warm-up at ${WARMUP_STEADY_RATE}/s: ${JSON.stringify(steadyWarmup)}`);
    }
    for (const rate of rates) {
      const step = await runStep(rate, stepSeconds);
      steps.push(step);
      console.log(`  chat ${rate}/s: ${JSON.stringify(step)}`);
      if (!sustained(step)) break;
    }
  } finally {
    for (const ws of sockets) ws.terminate();
    agent.destroy();
  }
  const ok = steps.filter(sustained);
  const best = ok[ok.length - 1];
  return {
    sockets: sockets.length,
    /** handshakes the server refused (and the bench retried), by status and reason */
    refusedHandshakes: refused,
    /** one message per chat before the steps, in no figure but `totalSent` */
    warmup,
    /** then WARMUP_STEADY_RATE for WARMUP_STEADY_SECONDS, likewise */
    steadyWarmup,
    totalSent,
    steps,
    maxSustainedPerSecond: best?.deliveredPerSecond ?? 0,
    p99AtMaxMs: best?.deliveryP99Ms ?? 0,
  };
}

function sustained(step: ChatStep) {
  return (
    step.failed === 0 &&
    step.deliveredPerSecond >= step.targetPerSecond * 0.95 &&
    step.deliveryP99Ms <= P99_LIMIT_MS
  );
}
