import type { BusEnvelope } from '../../platform/realtime/types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { call } from './auth.test-helpers.ts';

let server: TestServer;
const envelopes: BusEnvelope[] = [];

beforeAll(async () => {
  server = await createTestServer();
  server.ctx.bus.subscribe((envelope) => envelopes.push(envelope));
});
afterAll(() => server.close());

const get = (token: string) => call(server, 'GET', '/users/me/sessions', undefined, { token });

/** Ids of sessions whose sockets were told to close. */
const closedSockets = () =>
  envelopes.filter((e) => e.frame.type === 'session_revoked').flatMap((e) => e.to.sessionIds ?? []);

describe('sessions', () => {
  it('lists my live sessions with device, address, times and the current one', async () => {
    const user = await createUser(server.ctx);
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const login = await call(
      server,
      'POST',
      '/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { ip: '127.9.9.9', headers: { 'user-agent': chrome } },
    );
    const current = login.json().token as string;
    await tokenFor(server.ctx, user, 'curl/8.5.0');
    await tokenFor(server.ctx, await createUser(server.ctx));

    const res = await get(current);
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ device: 'Chrome on Windows', ip: '127.9.9.9', userAgent: chrome });
    expect(Date.parse(mine.createdAt)).not.toBeNaN();
    expect(Date.parse(mine.lastSeenAt)).not.toBeNaN();
    expect(sessions.find((s: { current: boolean }) => !s.current).device).toBe('curl');
  });

  it('revokes one of my sessions; its token fails next and its sockets close', async () => {
    const user = await createUser(server.ctx);
    const current = await tokenFor(server.ctx, user);
    const other = await tokenFor(server.ctx, user);
    const otherId = (await get(other))
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id;
    const res = await call(server, 'DELETE', `/users/me/sessions/${otherId}`, undefined, {
      token: current,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, revokedCount: 1 });
    expect((await get(other)).statusCode).toBe(401);
    expect((await get(current)).statusCode).toBe(200);
    expect(closedSockets()).toContain(otherId);
  });

  it("answers 404 for another user's session, which keeps working", async () => {
    const me = await tokenFor(server.ctx, await createUser(server.ctx));
    const theirs = await tokenFor(server.ctx, await createUser(server.ctx));
    const theirId = (await get(theirs)).json().sessions[0].id;
    const res = await call(server, 'DELETE', `/users/me/sessions/${theirId}`, undefined, {
      token: me,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await get(theirs)).statusCode).toBe(200);
    const unknown = await call(
      server,
      'DELETE',
      '/users/me/sessions/00000000-0000-4000-8000-000000000000',
      undefined,
      { token: me },
    );
    expect(unknown.statusCode).toBe(404);
    const invalid = await call(server, 'DELETE', '/users/me/sessions/not-an-id', undefined, {
      token: me,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('revoking the current session by id also clears the cookie', async () => {
    const token = await tokenFor(server.ctx, await createUser(server.ctx));
    const id = (await get(token)).json().sessions[0].id;
    const res = await call(server, 'DELETE', `/users/me/sessions/${id}`, undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'fs_session')?.value).toBe('');
    expect((await get(token)).statusCode).toBe(401);
  });

  it('signs out all other sessions and keeps this one', async () => {
    const user = await createUser(server.ctx);
    const current = await tokenFor(server.ctx, user);
    const others = [await tokenFor(server.ctx, user), await tokenFor(server.ctx, user)];
    const bystander = await tokenFor(server.ctx, await createUser(server.ctx));
    const res = await call(server, 'DELETE', '/users/me/sessions/all-others', undefined, {
      token: current,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, revokedCount: 2 });
    for (const token of others) expect((await get(token)).statusCode).toBe(401);
    expect((await get(current)).json().sessions).toHaveLength(1);
    expect((await get(bystander)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await call(server, 'GET', '/users/me/sessions')).statusCode).toBe(401);
    expect((await call(server, 'DELETE', '/users/me/sessions/all-others')).statusCode).toBe(401);
  });
});
