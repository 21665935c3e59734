import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { listOutbox } from '../../platform/mail/outbox.ts';
import {
  STRONG_PASSWORD,
  call,
  latestMail,
  runJobs,
  tokenInLink,
  totp,
} from './auth.test-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

const loginWith = (email: string, password: string) =>
  call(server, 'POST', '/auth/login', { email, password });

async function resetToken(email: string) {
  const res = await call(server, 'POST', '/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mail = await latestMail(server, email);
  expect(mail.subject).toBe('Reset your Fanspace password');
  return tokenInLink(mail.text, '/reset-password');
}

describe('forgot and reset password', () => {
  it('answers the same for unknown and known emails; mails a link only to the account', async () => {
    const user = await createUser(server.ctx);
    const before = listOutbox(server.ctx.config.dataDir).length;
    const unknown = await call(server, 'POST', '/auth/forgot-password', {
      email: 'no-such-account@example.test',
    });
    await runJobs(server);
    expect(listOutbox(server.ctx.config.dataDir)).toHaveLength(before);
    const known = await call(server, 'POST', '/auth/forgot-password', { email: user.email });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toContain('If an account exists');
    const mail = await latestMail(server, user.email);
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=/);
  });

  it('sets the password once, revokes every session, and keeps 2FA for the next login', async () => {
    const secret = generateSecret();
    const user = await createUser(server.ctx, { totp_secret: secret, totp_enabled_at: new Date() });
    const session = await tokenFor(server.ctx, user);
    const token = await resetToken(user.email);

    const weak = await call(server, 'POST', '/auth/reset-password', {
      token,
      password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });

    const ok = await call(server, 'POST', '/auth/reset-password', {
      token,
      password: STRONG_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const old = await call(server, 'GET', '/users/me/sessions', undefined, { token: session });
    expect(old.statusCode).toBe(401);

    const reuse = await call(server, 'POST', '/auth/reset-password', {
      token,
      password: 'another strong passphrase',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('INVALID_TOKEN');

    expect((await loginWith(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    const login = await loginWith(user.email, STRONG_PASSWORD);
    expect(login.json()).toMatchObject({ twoFactorRequired: true, token: null });
    const done = await call(
      server,
      'POST',
      '/auth/verify-login',
      { code: await totp(secret) },
      { token: login.json().tempToken },
    );
    expect(done.statusCode).toBe(200);
    expect((await latestMail(server, user.email)).subject).toBe(
      'Your Fanspace password was changed',
    );
  });

  it('refuses an expired or unknown token, and a link replaced by a newer one', async () => {
    const user = await createUser(server.ctx);
    const token = await resetToken(user.email);
    await server.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    for (const t of [token, 'made-up-token']) {
      const res = await call(server, 'POST', '/auth/reset-password', {
        token: t,
        password: STRONG_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });
});

describe('route rate limit', () => {
  it('allows 5 forgot-password requests per address per 15 minutes', async () => {
    const ip = '127.200.0.1';
    for (let i = 0; i < 5; i += 1) {
      const res = await call(
        server,
        'POST',
        '/auth/forgot-password',
        { email: 'x@example.test' },
        { ip },
      );
      expect(res.statusCode).toBe(200);
    }
    const limited = await call(
      server,
      'POST',
      '/auth/forgot-password',
      { email: 'x@example.test' },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('POST /users/me/change-password', () => {
  it('needs the current password, applies the policy, and signs out the other sessions', async () => {
    const user = await createUser(server.ctx);
    const current = await tokenFor(server.ctx, user);
    const other = await tokenFor(server.ctx, user);
    const change = (currentPassword: string, newPassword: string) =>
      call(
        server,
        'POST',
        '/users/me/change-password',
        { currentPassword, newPassword },
        { token: current },
      );

    const wrong = await change('not my password', STRONG_PASSWORD);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CURRENT_PASSWORD',
      message: 'Current password is incorrect',
    });
    const weak = await change(TEST_PASSWORD, 'short');
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', field: 'newPassword' });
    const same = await change(TEST_PASSWORD, TEST_PASSWORD);
    expect(same.json().code).toBe('WEAK_PASSWORD');

    const ok = await change(TEST_PASSWORD, STRONG_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Password changed successfully' });
    expect(
      (await call(server, 'GET', '/users/me/sessions', undefined, { token: other })).statusCode,
    ).toBe(401);
    expect(
      (await call(server, 'GET', '/users/me/sessions', undefined, { token: current })).statusCode,
    ).toBe(200);
    expect((await loginWith(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect(
      (
        await call(server, 'POST', '/users/me/change-password', {
          currentPassword: STRONG_PASSWORD,
          newPassword: 'yet another passphrase',
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers a caller without a session 401 'Not logged in.' (SPEC §5)", async () => {
    const res = await call(server, 'POST', '/users/me/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Not logged in.' });
    // other routes keep the generic text
    const sessions = await call(server, 'GET', '/users/me/sessions');
    expect(sessions.json().message).toBe('Not authenticated');
  });
});
