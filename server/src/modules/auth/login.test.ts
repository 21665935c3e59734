import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { newSession } from '../../platform/auth/sessions.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { findUserAndRecordAttempt, recordLogin } from './auth.queries.ts';
import { call, nextIp } from './auth.test-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const login = (body: Record<string, unknown>, ip = nextIp(), userAgent = 'vitest') =>
  call(server, 'POST', '/auth/login', body, { ip, headers: { 'user-agent': userAgent } });

describe('POST /auth/login', () => {
  it('returns the SPEC §3 login response, sets the cookie and records the session', async () => {
    const user = await createUser(server.ctx);
    const ip = nextIp();
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const res = await login({ email: user.email, password: TEST_PASSWORD }, ip, ua);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['isFirstLogin', 'tempToken', 'token', 'twoFactorRequired', 'user'].sort(),
    );
    expect(body).toMatchObject({
      twoFactorRequired: false,
      tempToken: null,
      isFirstLogin: true,
      user: { id: user.id, userId: user.id, username: user.username, email: user.email },
    });
    const cookie = res.cookies.find((c) => c.name === 'fs_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, path: '/' });
    const session = await server.ctx.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ ip, user_agent: ua });

    const second = await login({ email: user.email, password: TEST_PASSWORD });
    expect(second.json().isFirstLogin).toBe(false);
    expect(second.json().user.isFirstLogin).toBe(false);
  });

  it('accepts a username in `email` or in `username`, any case', async () => {
    const user = await createUser(server.ctx);
    for (const body of [
      { email: user.username.toUpperCase(), password: TEST_PASSWORD },
      { username: user.username, password: TEST_PASSWORD },
      { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    }
    const missing = await login({ password: TEST_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
  });

  it('gives the same 401 for an unknown account and a wrong password', async () => {
    const user = await createUser(server.ctx);
    const wrong = await login({ email: user.email, password: 'not the password' });
    const unknown = await login({ email: 'ghost@example.test', password: 'not the password' });
    const unknownName = await login({ username: 'ghost_user', password: 'not the password' });
    for (const res of [wrong, unknown, unknownName]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('tells banned and suspended accounts why and until when, only with the right password', async () => {
    const banned = await createUser(server.ctx, { status: 'banned', status_reason: 'spam' });
    const until = new Date(Date.now() + 86_400_000);
    const suspended = await createUser(server.ctx, {
      status: 'suspended',
      status_reason: 'harassment',
      suspended_until: until,
    });
    const lapsed = await createUser(server.ctx, {
      status: 'suspended',
      suspended_until: new Date(Date.now() - 1000),
    });
    const bannedRes = await login({ email: banned.email, password: TEST_PASSWORD });
    expect(bannedRes.statusCode).toBe(403);
    expect(bannedRes.json()).toMatchObject({ code: 'ACCOUNT_BANNED', reason: 'spam' });
    expect(bannedRes.json().message).toContain('spam');
    const suspendedRes = await login({ email: suspended.email, password: TEST_PASSWORD });
    expect(suspendedRes.statusCode).toBe(403);
    expect(suspendedRes.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      reason: 'harassment',
      suspendedUntil: until.toISOString(),
    });
    expect(suspendedRes.json().message).toContain(until.toISOString());
    expect((await login({ email: lapsed.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const guess = await login({ email: banned.email, password: 'wrong password!' });
    expect(guess.statusCode).toBe(401);
  });

  it('does not log in deleted accounts', async () => {
    const user = await createUser(server.ctx, { status: 'deleted', deleted_at: new Date() });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('records the login on the account as a HOT update (no index entry written)', async () => {
    // docs/PERFORMANCE.md "Login": the sign-in times are unindexed, so each login's update of
    // users stays on its page. The backend's not yet reported counters tell HOT from non-HOT
    // updates (they may still hold earlier statements of this connection: compare around it)
    const user = await createUser(server.ctx);
    const { row } = newSession(user.id, { ttlDays: 1, ip: nextIp() });
    const counts = await withTransaction(server.ctx.db, async (tx) => {
      const read = async () =>
        (
          await sql<{ updates: number; hot: number }>`select
            pg_stat_get_xact_tuples_updated('users'::regclass)::int as updates,
            pg_stat_get_xact_tuples_hot_updated('users'::regclass)::int as hot`.execute(tx)
        ).rows[0]!;
      const before = await read();
      const updated = await recordLogin(tx, row);
      const after = await read();
      return {
        updates: after.updates - before.updates,
        hot: after.hot - before.hot,
        lastLogin: updated.user.last_login_at,
      };
    });
    expect(counts).toMatchObject({ updates: 1, hot: 1 });
    expect(counts.lastLogin).toBeInstanceOf(Date);
  });

  it('keeps the statements that commit without waiting for the disk out of transactions', async () => {
    // they would make the whole transaction's commit skip the flush (`commitWithoutFlush`)
    const user = await createUser(server.ctx);
    const { row } = newSession(user.id, { ttlDays: 1, ip: nextIp() });
    const failures = { accountKey: `user:${user.id}`, ip: nextIp() };
    await expect(
      withTransaction(server.ctx.db, (tx) => recordLogin(tx, row, failures)),
    ).rejects.toThrow('not in a transaction');
    await expect(
      withTransaction(server.ctx.db, (tx) =>
        findUserAndRecordAttempt(tx, user.email, 'name:x', nextIp(), {
          max: 10,
          windowSeconds: 60,
        }),
      ),
    ).rejects.toThrow('not in a transaction');
    // nothing was written: no session for the account
    const sessions = await server.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
  });
});

describe('brute-force limit', () => {
  it('allows 10 failures per account and address in 15 minutes, then 429', async () => {
    const user = await createUser(server.ctx);
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await login({ email: user.email, password: `wrong-${i}-password` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(800);
    // by username: the same account
    const byName = await login({ username: user.username, password: TEST_PASSWORD }, ip);
    expect(byName.statusCode).toBe(429);
    // another address is not locked out
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // refused attempts do not extend the lock: the window ends 15 minutes after the failures
    await sql`update login_failures
      set attempted_at = array(select t - interval '16 minutes' from unnest(attempted_at) t)
      where account_key = ${`user:${user.id}`}`.execute(server.ctx.db);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
  });

  it('holds under concurrent attempts: never more than 10 failures get to the password check', async () => {
    // the attempts queue on the row of the account and address: each counts the times the
    // previous one committed and appends its own in the same statement
    const user = await createUser(server.ctx);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        login({ email: user.email, password: `wrong-${i}-password` }, ip),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // refused attempts are not failures: topped up one by one, exactly 10 failures in all
    let failures = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < 10; i += 1) {
      const res = await login({ email: user.email, password: `again-${i}-password` }, ip);
      if (res.statusCode === 401) failures += 1;
    }
    expect(failures).toBe(10);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(429);
  });

  it('counts a sliding window: each failure leaves it 15 minutes after it was made', async () => {
    const user = await createUser(server.ctx);
    const ip = nextIp();
    const key = `user:${user.id}`;
    for (let i = 0; i < 10; i += 1)
      await login({ email: user.email, password: `wrong-${i}-password` }, ip);
    // the four oldest failures were 16 minutes ago, the other six 10 minutes ago
    await sql`update login_failures
      set attempted_at = array(
        select t - case when n <= 4 then interval '16 minutes' else interval '10 minutes' end
        from unnest(attempted_at) with ordinality as a(t, n))
      where account_key = ${key} and ip = ${ip}`.execute(server.ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await login({ email: user.email, password: 'bad-password' }, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const refused = await login({ email: user.email, password: TEST_PASSWORD }, ip);
    expect(refused.statusCode).toBe(429);
    // the oldest failure left in the window was made 10 minutes ago: 5 minutes to go
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(280);
    expect(refused.json().retryAfterSeconds).toBeLessThanOrEqual(300);
    expect(refused.json().message).toContain('5 minutes');
    // the row keeps only the times in the window, and no refused attempt
    const row = await server.ctx.db
      .selectFrom('login_failures')
      .select([sql<number>`cardinality(attempted_at)`.as('times'), 'refused'])
      .where('account_key', '=', key)
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ times: 10, refused: true });
  });

  it('counts unknown accounts too, and a success resets the count', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      await login({ email: 'nobody@example.test', password: 'whatever-it-is' }, ip);
    }
    const res = await login({ email: 'nobody@example.test', password: 'whatever-it-is' }, ip);
    expect(res.statusCode).toBe(429);

    const user = await createUser(server.ctx);
    const ip2 = nextIp();
    for (let i = 0; i < 9; i += 1)
      await login({ email: user.email, password: 'bad-password' }, ip2);
    expect((await login({ email: user.email, password: TEST_PASSWORD }, ip2)).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      const again = await login({ email: user.email, password: 'bad-password' }, ip2);
      expect(again.statusCode).toBe(401);
    }
  });
});

describe('POST /auth/logout', () => {
  it('revokes the current session and clears the cookie; the token fails at once', async () => {
    const user = await createUser(server.ctx);
    const { token } = (await login({ email: user.email, password: TEST_PASSWORD })).json();
    const other = (await login({ email: user.email, password: TEST_PASSWORD })).json().token;
    const res = await call(server, 'POST', '/auth/logout', undefined, { token });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'fs_session');
    expect(cleared?.value).toBe('');
    const after = await call(server, 'GET', '/users/me/sessions', undefined, { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_REVOKED');
    // only that session
    expect(
      (await call(server, 'GET', '/users/me/sessions', undefined, { token: other })).statusCode,
    ).toBe(200);
    // logging out twice, or without a session, is fine
    expect((await call(server, 'POST', '/auth/logout', undefined, { token })).statusCode).toBe(200);
    expect((await call(server, 'POST', '/auth/logout')).statusCode).toBe(200);
  });

  it('works with the cookie and the XSRF header', async () => {
    const user = await createUser(server.ctx);
    const { token } = (await login({ email: user.email, password: TEST_PASSWORD })).json();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { fs_session: token, 'XSRF-TOKEN': 'x1' },
      headers: { 'x-xsrf-token': 'x1' },
    });
    expect(res.statusCode).toBe(200);
    const row = await server.ctx.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
});
