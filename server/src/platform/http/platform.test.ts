import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createCreator,
  createUser,
  tokenFor,
} from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { revokeSessions } from '../auth/sessions.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    extraRoutes: (api) => {
      api.post(
        '/_test/echo',
        {
          config: { auth: 'public' },
          schema: {
            body: Type.Object({
              name: Type.String({ minLength: 3 }),
              age: Type.Optional(Type.Integer()),
            }),
          },
        },
        async (request) => ({ echoed: request.body }),
      );
      api.get('/_test/me', async (request) => ({ id: request.auth?.user.id }));
      api.post('/_test/write', async (request) => ({ id: request.auth?.user.id }));
      api.get('/_test/creator', { config: { auth: 'creator' } }, async () => ({ ok: true }));
      api.get('/_test/admin', { config: { auth: 'admin' } }, async () => ({ ok: true }));
      api.get('/_test/boom', { config: { auth: 'public' } }, async () => {
        throw new Error('kaboom');
      });
    },
  });
});
afterAll(() => server.close());

describe('health and errors', () => {
  it('reports database reachability and version', async () => {
    const res = await server.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { ok: true, driver: server.ctx.dbDriver },
    });
    expect(typeof body.version).toBe('string');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await server.app.inject('/api/nope/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/nope/nothing not found',
      code: 'ROUTE_NOT_FOUND',
    });
  });

  it('turns a malformed JSON body into a 400, never a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_BODY', message: 'Malformed JSON body' });
  });

  it('takes an empty JSON body or none as {}: body-less actions work, required fields are named', async () => {
    const fan = await createUser(server.ctx);
    const creator = await createCreator(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, fan));
    const json = { ...headers, 'content-type': 'application/json' };
    // an action without a body, sent with a JSON content type and nothing after it
    const follow = await server.app.inject({
      method: 'POST',
      url: `/api/users/${creator.id}/follow`,
      headers: json,
      payload: '',
    });
    expect(follow.statusCode).toBe(200);
    // a route whose optional body fields have defaults, with no body at all
    const funds = await server.app.inject({
      method: 'POST',
      url: '/api/stripe/add-test-funds',
      headers: { ...headers, 'idempotency-key': 'empty-body-funds' },
    });
    expect(funds.statusCode).toBe(200);
    // a route with a required field: the field is named, not "must be object"
    for (const payload of ['', undefined]) {
      const echo = await server.app.inject({
        method: 'POST',
        url: '/api/_test/echo',
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        payload,
      });
      expect(echo.statusCode).toBe(400);
      expect(echo.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    }
    const blank = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '  ',
    });
    expect(blank.json()).toMatchObject({ code: 'MALFORMED_BODY' });
    // logout with an empty JSON body ends the session
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: json,
      payload: '',
    });
    expect(logout.statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
  });

  it('turns a malformed multipart body into a 400 on every form route, never a 500', async () => {
    const creator = bearer(await tokenFor(server.ctx, await createCreator(server.ctx)));
    const truncated =
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n' +
      'Content-Type: image/jpeg\r\n\r\nabc';
    const tries = [
      ['/api/media/upload', 'multipart/form-data; boundary=xx', truncated],
      ['/api/media/upload', 'multipart/form-data', truncated],
      ['/api/posts', 'multipart/form-data; boundary=xx', truncated],
    ] as const;
    for (const [url, type, payload] of tries) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: { ...creator, 'content-type': type },
        payload,
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toMatchObject({ code: 'MALFORMED_BODY' });
    }
  });

  it('takes null for an optional field as not sent and refuses it for a required one', async () => {
    const optional = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      payload: { name: 'abc', age: null },
    });
    expect(optional.statusCode).toBe(200);
    expect(optional.json()).toEqual({ echoed: { name: 'abc' } });
    const required = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      payload: { name: null },
    });
    expect(required.statusCode).toBe(400);
    expect(required.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'name',
      message: 'Invalid name: must not be null',
    });
    // a real route: null is not a price of 0 (free)
    const creator = await createCreator(server.ctx);
    const price = await server.app.inject({
      method: 'PUT',
      url: '/api/users/me/subscription-price',
      headers: bearer(await tokenFor(server.ctx, creator)),
      payload: { price: null },
    });
    expect(price.statusCode).toBe(400);
    const row = await server.ctx.db
      .selectFrom('users')
      .select('subscription_price_cents')
      .where('id', '=', creator.id)
      .executeTakeFirstOrThrow();
    expect(row.subscription_price_cents).toBe(creator.subscription_price_cents);
  });

  it('names the field in validation errors', async () => {
    const short = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      payload: { name: 'ab' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    expect(short.json().message).toContain('name');
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/_test/echo',
      payload: { age: 3 },
    });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
  });

  it('hides internal errors behind a generic 500', async () => {
    const res = await server.app.inject('/api/_test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });

  it('sends security headers with a CSP', async () => {
    const res = await server.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('sends the same security headers on every response, a 404 and a refusal too', async () => {
    const wanted = ['content-security-policy', 'x-frame-options', 'x-content-type-options'];
    const health = await server.app.inject('/api/health');
    for (const url of ['/api/health', '/api/no-such-route', '/api/me']) {
      const res = await server.app.inject(url);
      for (const name of wanted)
        expect(res.headers[name], `${url} ${name}`).toBe(health.headers[name]);
    }
  });

  it('serves OpenAPI docs generated from the route schemas', async () => {
    const res = await server.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/health');
  });
});

describe('auth plumbing', () => {
  it('closes routes by default and resolves bearer tokens', async () => {
    expect((await server.app.inject('/api/_test/me')).statusCode).toBe(401);
    const user = await createUser(server.ctx);
    const token = await tokenFor(server.ctx, user);
    const res = await server.app.inject({ url: '/api/_test/me', headers: bearer(token) });
    expect(res.json()).toEqual({ id: user.id });
    const bad = await server.app.inject({ url: '/api/_test/me', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
  });

  it('fails a revoked token on the very next request', async () => {
    const user = await createUser(server.ctx);
    const token = await tokenFor(server.ctx, user);
    await revokeSessions(server.ctx.db, { userId: user.id });
    const res = await server.app.inject({ url: '/api/_test/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_REVOKED');
  });

  it('refuses banned and suspended accounts', async () => {
    const banned = await createUser(server.ctx, { status: 'banned' });
    const suspended = await createUser(server.ctx, {
      status: 'suspended',
      suspended_until: new Date(Date.now() + 3_600_000),
    });
    for (const user of [banned, suspended]) {
      const token = await tokenFor(server.ctx, user);
      expect(
        (await server.app.inject({ url: '/api/_test/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
  });

  it('requires the double-submit CSRF header for cookie-authenticated writes', async () => {
    const user = await createUser(server.ctx);
    const token = await tokenFor(server.ctx, user);
    const cookies = { fs_session: token, 'XSRF-TOKEN': 'abc123' };
    const read = await server.app.inject({ url: '/api/_test/me', cookies });
    expect(read.json()).toEqual({ id: user.id });
    const blocked = await server.app.inject({ method: 'POST', url: '/api/_test/write', cookies });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('CSRF_FAILED');
    const allowed = await server.app.inject({
      method: 'POST',
      url: '/api/_test/write',
      cookies,
      headers: { 'x-xsrf-token': 'abc123' },
    });
    expect(allowed.statusCode).toBe(200);
    const viaBearer = await server.app.inject({
      method: 'POST',
      url: '/api/_test/write',
      headers: bearer(token),
    });
    expect(viaBearer.statusCode).toBe(200);
  });

  it('hands out an XSRF-TOKEN cookie readable by the page', async () => {
    const res = await server.app.inject('/api/health');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('checks roles: creator and admin (with 2FA)', async () => {
    const fan = await tokenFor(server.ctx, await createUser(server.ctx));
    const creator = await tokenFor(server.ctx, await createCreator(server.ctx));
    const pending = await tokenFor(
      server.ctx,
      await createUser(server.ctx, { identity_status: 'pending' }),
    );
    const adminNo2fa = await tokenFor(server.ctx, await createUser(server.ctx, { is_admin: true }));
    const admin = await tokenFor(server.ctx, await createAdmin(server.ctx));

    const fanRes = await server.app.inject({ url: '/api/_test/creator', headers: bearer(fan) });
    expect(fanRes.statusCode).toBe(403);
    expect(fanRes.json().message).toContain('Only creators');
    const pendingRes = await server.app.inject({
      url: '/api/_test/creator',
      headers: bearer(pending),
    });
    expect(pendingRes.json()).toMatchObject({ requiresIdentityVerification: true });
    expect(
      (await server.app.inject({ url: '/api/_test/creator', headers: bearer(creator) })).statusCode,
    ).toBe(200);

    expect(
      (await server.app.inject({ url: '/api/_test/admin', headers: bearer(creator) })).statusCode,
    ).toBe(403);
    const no2fa = await server.app.inject({ url: '/api/_test/admin', headers: bearer(adminNo2fa) });
    expect(no2fa.json().code).toBe('ADMIN_2FA_REQUIRED');
    expect(
      (await server.app.inject({ url: '/api/_test/admin', headers: bearer(admin) })).statusCode,
    ).toBe(200);
  });
});
