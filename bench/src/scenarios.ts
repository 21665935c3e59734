import type { Db } from '@fanspace/server/src/platform/db/database.ts';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { newestPublicCommentedPosts, paidPost, type Fixtures } from './fixtures.ts';
import { argon2RateInChild, serverThreadpoolSize } from './argon2-rate.ts';
import {
  bearer,
  CONNECTIONS,
  DURATION_S,
  load,
  type LoadFigures,
  type NextRequest,
} from './load.ts';
import { BENCH_PASSWORD, benchEmail, benchId } from './seed/plan.ts';

/**
 * The HTTP scenarios. Each names the request of the n-th call (viewers rotate, so caches
 * and index pages see many users), and may prepare state through the API first.
 */
export interface HttpScenario {
  name: string;
  /** a money scenario: the ledger invariants are checked after it */
  money?: boolean;
  prepare?: (url: string, fx: Fixtures) => Promise<void>;
  next: (fx: Fixtures) => (n: number) => NextRequest;
  /** wraps the load with measurements of its own (login: the raw argon2 verify rate) */
  around?: (
    run: () => Promise<LoadFigures>,
  ) => Promise<LoadFigures & Record<string, number | Date>>;
  /**
   * Requests the server completed within the window, from the database (login: sessions
   * created): a check on autocannon's count, which leaves out the answers it had not read
   * when it stopped.
   */
  served?: (db: Db, window: { startedAt: Date; endedAt: Date }) => Promise<number>;
}

/**
 * Paid post k is post 10(k + 1), by creator (10k + 9) mod creators + 1: a stride of 7 puts 50
 * buyers' posts on 50 different creators out of the 200 with paid posts at scale 1.
 */
const SPREAD_STRIDE = 7;

const viewer = (fx: Fixtures, n: number) => fx.viewers[n % fx.viewers.length] ?? fx.viewers[0]!;
const creatorId = (fx: Fixtures, n: number) => benchId('user', (n % fx.plan.creators) + 1);

async function post(url: string, path: string, token: string, body: unknown) {
  const key = randomUUID();
  // a server that sheds load (503 + Retry-After, e.g. just after a busy start) is asked again
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    } as RequestInit);
    if (res.ok) return;
    const retryAfter = Number(res.headers.get('retry-after') ?? 0);
    if (res.status !== 503 || !retryAfter || attempt >= 5)
      throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** Every viewer gets `units` of test funds (1,000.00 per top-up, the largest allowed). */
export async function fund(
  url: string,
  fx: Fixtures,
  units: number,
  payers: Array<{ token: string }> = fx.viewers,
) {
  await Promise.all(
    payers.map(async (v) => {
      for (let left = units; left > 0; left -= 1000)
        await post(url, '/api/stripe/add-test-funds', v.token, { amount: Math.min(1000, left) });
    }),
  );
}

/**
 * Login against the raw argon2 verify rate measured under the same conditions: in a child
 * process with the server's threadpool size and as many verifies in flight as connections,
 * right before and right after the login load (the machine is shared, so the two bracket it).
 */
async function aroundLogin(run: () => Promise<LoadFigures>) {
  const seconds = Math.min(DURATION_S, 5);
  const before = await argon2RateInChild(seconds, CONNECTIONS);
  const figures = await run();
  const after = await argon2RateInChild(seconds, CONNECTIONS);
  const rate = (before + after) / 2;
  return {
    ...figures,
    argon2VerifyPerSecond: Math.round(rate * 10) / 10,
    argon2BeforePerSecond: before,
    argon2AfterPerSecond: after,
    uvThreadpoolSize: serverThreadpoolSize(),
    loginShareOfArgon2:
      rate > 0
        ? Math.round(((figures.requests - figures.non2xx) / DURATION_S / rate) * 100) / 100
        : 0,
  };
}

export const httpScenarios: HttpScenario[] = [
  {
    name: 'feed',
    next: (fx) => (n) => ({ path: '/api/posts?limit=20', headers: bearer(viewer(fx, n).token) }),
  },
  {
    name: 'discover',
    next: (fx) => (n) => ({
      path: '/api/posts?limit=20&discoverMode=true',
      headers: bearer(viewer(fx, n).token),
    }),
  },
  {
    // a profile page is two requests: the profile and its first page of posts
    name: 'profile',
    next: (fx) => (n) => ({
      path:
        n % 2 === 0
          ? `/api/users/${creatorId(fx, n >> 1)}`
          : `/api/posts/user/${creatorId(fx, n >> 1)}?limit=20`,
      headers: bearer(viewer(fx, n).token),
    }),
  },
  {
    name: 'post',
    next: (fx) => {
      const ids = newestPublicCommentedPosts(fx.plan, 200);
      return (n) => ({
        path: `/api/posts/${ids[n % ids.length]}`,
        headers: bearer(viewer(fx, n).token),
      });
    },
  },
  {
    name: 'search',
    next: (fx) => (n) => ({
      path: `/api/search?q=tag${n % 100}&filter=posts&limit=20`,
      headers: bearer(viewer(fx, n).token),
    }),
  },
  {
    name: 'login',
    next: (fx) => (n) => ({
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ email: benchEmail(viewer(fx, n).index), password: BENCH_PASSWORD }),
    }),
    around: aroundLogin,
    served: async (db, { startedAt, endedAt }) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from sessions
          where created_at >= ${startedAt} and created_at < ${endedAt}`.execute(db)
      ).rows[0]?.n ?? 0,
  },
  {
    // each request buys a post its viewer has not bought: viewers round-robin over paid posts
    name: 'unlock',
    money: true,
    prepare: (url, fx) => fund(url, fx, 3000),
    next: (fx) => {
      const start = Math.ceil(fx.purchases / fx.viewers.length) + 1;
      return (n) => {
        const v = viewer(fx, n);
        return {
          method: 'POST',
          path: `/api/posts/${paidPost(fx.plan, start + Math.floor(n / fx.viewers.length))}/unlock`,
          headers: { ...bearer(v.token), 'idempotency-key': randomUUID() },
        };
      };
    },
  },
  {
    // the common case beside that worst one: concurrent purchases of different creators'
    // posts. Buyer b (fans that are never viewers) walks the paid posts from b × SPREAD_STRIDE
    // on, continuing after the ones it bought in earlier runs, so no purchase repeats and the
    // 50 requests in flight are 50 posts of (at scale 1) 50 creators; at scale 0.01 every paid
    // post belongs to one of 2 creators, so there it stays close to the worst case
    name: 'unlock-spread',
    money: true,
    prepare: (url, fx) => fund(url, fx, 3000, fx.buyers),
    next: (fx) => (n) => {
      const buyer = fx.buyers[n % fx.buyers.length]!;
      const round = Math.floor(n / fx.buyers.length);
      const k = (n % fx.buyers.length) * SPREAD_STRIDE + buyer.bought + round;
      return {
        method: 'POST',
        path: `/api/posts/${paidPost(fx.plan, k)}/unlock`,
        headers: { ...bearer(buyer.token), 'idempotency-key': randomUUID() },
      };
    },
  },
  {
    name: 'tip',
    money: true,
    prepare: (url, fx) => fund(url, fx, 1000),
    next: (fx) => (n) => ({
      method: 'POST',
      path: '/api/tips',
      headers: { ...bearer(viewer(fx, n).token), 'idempotency-key': randomUUID() },
      body: JSON.stringify({ recipientUserId: creatorId(fx, n), amount: 1, tipType: 'profile' }),
    }),
  },
];

/** The scenario's set-up (e.g. funding wallets), run before it is measured. */
export async function prepareHttp(url: string, scenario: HttpScenario, fx: Fixtures) {
  await scenario.prepare?.(url, fx);
}

/**
 * The scenario's requests as one sequence across runs: the warm-up and the measured load
 * continue it, so a request the warm-up made (a post bought) is not made again.
 */
export function requestSequence(scenario: HttpScenario, fx: Fixtures): () => NextRequest {
  const next = scenario.next(fx);
  let n = 0;
  return () => next(n++);
}

/** The measured load; `prepareHttp` must have run first. */
export async function runHttp(
  url: string,
  scenario: HttpScenario,
  requests: () => NextRequest,
): Promise<LoadFigures & Record<string, number | Date>> {
  const run = () => load(url, requests);
  return scenario.around ? scenario.around(run) : { ...(await run()) };
}
