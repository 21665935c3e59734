import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/platform/auth/sessions.ts';
import { createAdmin } from '../factories.ts';
import type { TestServer } from '../harness.ts';
import { jsonText, paramValue, partValue, queryString } from './arbitraries.ts';
import { fillPath, paramNames, serverWithRouteTable, type TableRoute } from './route-table.ts';
import { installWriteLog, type WriteLog } from './write-log.ts';

/**
 * Hostile input against every registered route: bodies, queries and params generated from the
 * route's schema (mostly valid, so services run) mixed with wrong types, huge and odd unicode
 * strings and prototype-pollution keys, sent by an account that may call every route (a
 * creator who is an admin with 2FA). Nothing may answer 5xx; every 4xx carries a message and
 * changes nothing in the database (`write-log.ts`: a trigger log of every committed row write),
 * apart from the tables in ALLOWED_ON_REJECTION.
 * FUZZ_RUNS (default 4) requests per route; FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 503s that state an unconfigured feature (no Stripe keys, no translation server), not a fault */
const NOT_CONFIGURED = new Set(['CARD_PAYMENTS_NOT_CONFIGURED', 'TRANSLATION_NOT_CONFIGURED']);

/** Tables a refused request may legitimately write, each for its reason. */
const ALLOWED_ON_REJECTION: Record<string, string> = {
  // a refused login is counted per account and IP: that count is the brute-force lockout
  login_failures: 'the failed login is the record the lockout needs',
};

let server: TestServer;
let routes: TableRoute[];
let writes: WriteLog;

beforeAll(async () => {
  ({ server, routes } = await serverWithRouteTable({ RATE_LIMIT_ENABLED: 'false' }));
  writes = await installWriteLog(server.ctx.db);
});
afterAll(() => server.close());

interface Sample {
  params: string[];
  query: unknown;
  body: unknown;
  pollute: boolean;
  idempotencyKey: boolean;
}

function sampleArbitrary(route: TableRoute): fc.Arbitrary<Sample> {
  return fc.record({
    params: fc.array(paramValue, {
      minLength: paramNames(route.url).length,
      maxLength: paramNames(route.url).length,
    }),
    query: route.schema.querystring ? partValue(route.schema.querystring) : fc.constant(undefined),
    body: WRITES.has(route.method) ? partValue(route.schema.body) : fc.constant(undefined),
    pollute: fc.boolean(),
    idempotencyKey: fc.boolean(),
  });
}

/** A fresh account per route, so a route that logs out or deletes the account spoils nothing. */
async function freshToken(): Promise<string> {
  const user = await createAdmin(server.ctx, {
    account_type: 'creator',
    identity_status: 'verified',
    subscription_price_cents: 999,
  });
  const { token } = await createSession(server.ctx.db, user.id, {
    ttlDays: 1,
    userAgent: 'fuzz',
    ip: '127.0.0.1',
  });
  return token;
}

describe('hostile input on every route', () => {
  it(`answers no 5xx, and every 4xx has a message and changes nothing (${RUNS} runs per route, seed ${SEED})`, async () => {
    const fuzzed = routes.filter((r) => !r.websocket && !r.url.startsWith('/api/docs'));
    expect(fuzzed.length).toBeGreaterThan(200);
    const failures: string[] = [];
    let requests = 0;
    for (const [index, route] of fuzzed.entries()) {
      const token = await freshToken();
      const samples = fc.sample(sampleArbitrary(route), { numRuns: RUNS, seed: SEED + index });
      for (const sample of samples) {
        const names = paramNames(route.url);
        const url =
          fillPath(route.url, (name) => sample.params[names.indexOf(name)] ?? 'x') +
          queryString(sample.query);
        const hasBody = WRITES.has(route.method) && sample.body !== undefined;
        const mark = await writes.mark();
        const res = await server.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(sample.idempotencyKey ? { 'idempotency-key': randomUUID() } : {}),
          },
          ...(hasBody ? { payload: jsonText(sample.body, sample.pollute) } : {}),
        });
        requests += 1;
        const what = `${route.key} -> ${res.statusCode} (${url.slice(0, 120)}) ${jsonText(sample.body, sample.pollute).slice(0, 200)}`;
        const error = errorBody(res.body);
        const intended = res.statusCode === 503 && NOT_CONFIGURED.has(String(error?.code));
        if (res.statusCode >= 500 && !intended) failures.push(`${what}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const message = error?.message;
          if (typeof message !== 'string' || message.trim() === '')
            failures.push(`${what}: no message in ${res.body.slice(0, 200)}`);
          const changed = (await writes.since(mark)).filter(
            (c) => !(c.table in ALLOWED_ON_REJECTION),
          );
          if (changed.length > 0)
            failures.push(
              `${what}: refused but changed ${changed.map((c) => `${c.table} ${c.op} ×${c.rows}`).join(', ')}`,
            );
        }
      }
    }
    expect(requests).toBe(fuzzed.length * RUNS);
    expect(failures, `seed ${SEED}\n${failures.join('\n')}`).toEqual([]);
    // nothing reached Object.prototype
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 600_000); // ~1 min on a quiet machine; minutes on a shared, loaded one
});

function errorBody(text: string): { message?: unknown; code?: unknown } | undefined {
  try {
    return JSON.parse(text) as { message?: unknown; code?: unknown };
  } catch {
    return undefined;
  }
}

describe('what the fuzzer found', () => {
  it('refuses infinite numbers and prototype keys with 400, drops NUL characters; lists accounts without a query', async () => {
    const headers = { authorization: `Bearer ${await freshToken()}` };
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/users')).statusCode).toBe(200);
    for (const url of [
      '/api/admin/earnings?page=1e309',
      '/api/admin/earnings?page=1.7976931348623131e%2B308',
      '/api/admin/users?page=9007199254740993',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toMatch(/page$/);
    }
    const invite = await server.app.inject({
      method: 'POST',
      url: '/api/admin/waitlist/1e309/invite',
      headers,
    });
    expect(invite.statusCode).toBe(400);
    const body = await server.app.inject({
      method: 'POST',
      url: '/api/wallet/add-test-funds',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: '{"amount":1e309}',
    });
    expect(body.statusCode).toBe(400);
    // NUL characters are dropped before any handler runs: PostgreSQL text cannot hold them
    const nul = await get('/api/admin/activity?action=%00');
    expect(nul.statusCode).toBe(200);
    const card = await server.app.inject({
      method: 'POST',
      url: '/api/payments/payment-methods',
      headers,
      payload: { paymentMethodId: 'valueOf' },
    });
    expect(card.statusCode).toBeGreaterThanOrEqual(400);
    expect(card.statusCode).toBeLessThan(500);
    expect(card.json().message).toContain('Unknown test card');
  });
});
