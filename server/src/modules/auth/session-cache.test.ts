import { ErrorCodes } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createAdmin,
  createCreator,
  createUser,
  TEST_PASSWORD,
  tokenFor,
} from '../../../test/factories.ts';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import { SessionCache, wireSessionCache } from '../../platform/auth/session-cache.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { buildApp, type App } from '../../platform/http/app.ts';
import { MemoryBus } from '../../platform/realtime/memory-bus.ts';

/**
 * The session cache (platform/auth/session-cache.ts) across two app instances on one
 * database: A is the full test server, B a second app with a cache and a bus of its own that
 * hears A's bus signals (what Redis pub/sub does between processes; the real two-process run
 * is in test/scale-out). Nothing here waits: a change committed through A must be refused by
 * B's very next request, although B's copy would otherwise live for 30 s.
 */

let database: DatabaseHandle;
let a: TestServer;
let b: App;
let cacheB: SessionCache;
let stopBridge: (() => void) | undefined;
let unwireB: (() => void) | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestServer({ database });
  const busB = new MemoryBus();
  cacheB = new SessionCache({ ttlMs: 30_000, maxEntries: 1000 });
  // B does not see A's database driver, only the signals A sends on the bus
  unwireB = wireSessionCache(cacheB, busB, a.ctx.log);
  stopBridge = a.ctx.bus.onSignal((signal) => void busB.signal(signal));
  b = await buildApp({ ...a.ctx, bus: busB, sessionCache: cacheB }, { serveWeb: false });
  await b.ready();
});
afterAll(async () => {
  stopBridge?.();
  unwireB?.();
  await b?.close();
  await a?.close();
  await database?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(app: App, method: Method, url: string, token: string, payload?: object) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

/** B answers with the token, and now holds it in its cache. */
async function cachedOnB(token: string, url = '/users/me') {
  const res = await call(b, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(cacheB.get(hashToken(token))).toBeDefined();
}

/**
 * The statements `fn` runs, as Kysely hands them to the driver (the same count on both
 * databases; a pg.Client prototype spy misses the clients' own prepared-statement wrapper).
 */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(a.ctx.db.getExecutor(), 'executeQuery');
  try {
    await fn();
    // the analytics recorder flushes on a timer, from whichever request came last
    return spy.mock.calls
      .map((c) => c[0].sql.replace(/\s+/g, ' ').slice(0, 120))
      .filter((text) => !text.startsWith('insert into "analytics_'));
  } finally {
    spy.mockRestore();
  }
}

describe('session cache', () => {
  it('an authenticated GET costs one statement less once its session is cached', async () => {
    const fan = await createUser(a.ctx);
    // a post of their own, so the home feed has a page (an empty one is counted separately)
    await a.ctx.db
      .insertInto('posts')
      .values({ user_id: fan.id, caption: 'mine', price_cents: null })
      .execute();
    const token = await tokenFor(a.ctx, fan);
    const feed = async () => {
      const res = await call(a.app, 'GET', '/posts?limit=20', token);
      expect(res.json().posts).toHaveLength(1);
    };
    const first = await statementsOf(feed);
    const second = await statementsOf(feed);
    const third = await statementsOf(feed);
    const readsSession = (s: string[]) => s.some((text) => text.includes('"s_user_id"'));
    expect(readsSession(first), first.join('\n')).toBe(true);
    expect(readsSession(second), second.join('\n')).toBe(false);
    expect(second.length, second.join('\n')).toBe(first.length - 1);
    expect(third).toEqual(second);
    // the home feed is then one statement: page, total, facts, authors with relations, media
    expect(second.length, second.join('\n')).toBe(1);
  });

  it('logging out through A is refused by B at once', async () => {
    const fan = await createUser(a.ctx);
    const token = await tokenFor(a.ctx, fan);
    await cachedOnB(token);
    expect((await call(a.app, 'POST', '/auth/logout', token)).statusCode).toBe(200);
    const res = await call(b, 'GET', '/users/me', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ErrorCodes.SESSION_REVOKED });
  });

  it('signing out other sessions, revoking one and changing the password reach B at once', async () => {
    const fan = await createUser(a.ctx);
    const [mine, other] = [await tokenFor(a.ctx, fan), await tokenFor(a.ctx, fan)];
    await cachedOnB(other);
    expect((await call(a.app, 'DELETE', '/users/me/sessions/all-others', mine)).statusCode).toBe(
      200,
    );
    expect((await call(b, 'GET', '/users/me', other)).statusCode).toBe(401);

    const fresh = [await tokenFor(a.ctx, fan), await tokenFor(a.ctx, fan)] as const;
    await cachedOnB(fresh[1]);
    const [session] = await a.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(fresh[1]))
      .execute();
    const revoke = await call(a.app, 'DELETE', `/users/me/sessions/${session!.id}`, fresh[0]);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await call(b, 'GET', '/users/me', fresh[1])).statusCode).toBe(401);

    const before = await tokenFor(a.ctx, fan);
    await cachedOnB(before);
    const change = await call(a.app, 'POST', '/users/me/change-password', fresh[0], {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-and-long-passphrase-42',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await call(b, 'GET', '/users/me', before)).statusCode).toBe(401);
    expect((await call(b, 'GET', '/users/me', fresh[0])).statusCode).toBe(200);
  });

  it('a ban, a suspension and an account deletion through A are refused by B at once', async () => {
    const admin = await createAdmin(a.ctx);
    const adminToken = await tokenFor(a.ctx, admin);
    for (const action of ['ban', 'suspend'] as const) {
      const fan = await createUser(a.ctx);
      const token = await tokenFor(a.ctx, fan);
      await cachedOnB(token);
      const body = action === 'suspend' ? { hours: 24, reason: 'test' } : { reason: 'test' };
      const res = await call(a.app, 'POST', `/admin/users/${fan.id}/${action}`, adminToken, body);
      expect(res.statusCode, res.body).toBe(200);
      expect((await call(b, 'GET', '/users/me', token)).statusCode, action).toBe(401);
    }

    const leaving = await createUser(a.ctx);
    const [token, other] = [await tokenFor(a.ctx, leaving), await tokenFor(a.ctx, leaving)];
    await cachedOnB(other);
    const res = await call(a.app, 'DELETE', '/users/me', token, {
      password: TEST_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(b, 'GET', '/users/me', other)).statusCode).toBe(401);
  });

  it('role and 2FA changes apply on B at once, whoever writes them', async () => {
    const admin = await createAdmin(a.ctx);
    const otherAdmin = await createAdmin(a.ctx);
    const adminToken = await tokenFor(a.ctx, admin);
    const creator = await createCreator(a.ctx);
    const creatorToken = await tokenFor(a.ctx, creator);
    await cachedOnB(creatorToken, '/users/me/payout-settings');
    const demote = await call(a.app, 'PUT', `/admin/users/${creator.id}`, adminToken, {
      accountType: 'fan',
      reason: 'test',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await call(b, 'GET', '/users/me/payout-settings', creatorToken)).statusCode).toBe(403);

    // a write from any code path (here a plain update, as a job or a CLI on A would make)
    const otherToken = await tokenFor(a.ctx, otherAdmin);
    await cachedOnB(otherToken, '/admin/dashboard');
    await a.ctx.db
      .updateTable('users')
      .set({ totp_enabled_at: null })
      .where('id', '=', otherAdmin.id)
      .execute();
    const res = await call(b, 'GET', '/admin/dashboard', otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ErrorCodes.ADMIN_2FA_REQUIRED });
  });

  it('profile changes made through A show on B at once (the cached row is not stale)', async () => {
    const fan = await createUser(a.ctx);
    const token = await tokenFor(a.ctx, fan);
    await cachedOnB(token);
    const put = await call(a.app, 'PUT', '/users/me', token, { displayName: 'Renamed on A' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(b, 'GET', '/users/me', token)).json()).toMatchObject({
      displayName: 'Renamed on A',
    });
  });

  it('a write that rolls back drops nothing', async () => {
    const fan = await createUser(a.ctx);
    const token = await tokenFor(a.ctx, fan);
    await cachedOnB(token);
    await expect(
      a.ctx.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ status: 'banned' }).where('id', '=', fan.id).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(cacheB.get(hashToken(token))).toBeDefined();
    expect((await call(b, 'GET', '/users/me', token)).statusCode).toBe(200);
  });

  it('a cached session past its expiry is refused without waiting for the cache to lapse', async () => {
    const fan = await createUser(a.ctx);
    const token = await tokenFor(a.ctx, fan);
    // the update drops any copy; the next request caches the session with its new expiry
    await a.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 1500) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await cachedOnB(token);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(cacheB.get(hashToken(token))).toBeDefined();
    expect((await call(b, 'GET', '/users/me', token)).statusCode).toBe(401);
  });
});
