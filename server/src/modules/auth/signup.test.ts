import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { createUser } from '../../../test/factories.ts';
import {
  STRONG_PASSWORD,
  call,
  codeIn,
  latestMail,
  latestSms,
  nextIp,
  tokenInLink,
} from './auth.test-helpers.ts';

let server: TestServer;
let n = 0;
const fresh = () => {
  n += 1;
  const id = `${n}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `new_user.${id}`, email: `new.${id}@example.test`, password: STRONG_PASSWORD };
};

beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

describe('POST /auth/signup', () => {
  it('creates an unverified account and returns every SPEC §3 signup field', async () => {
    const body = fresh();
    const res = await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(
      [
        'email',
        'message',
        'pendingSignupId',
        'phoneNumber',
        'requiresEmailVerification',
        'requiresPhoneVerification',
        'requiresVerification',
        'token',
        'user',
      ].sort(),
    );
    expect(json).toMatchObject({
      token: null,
      requiresVerification: true,
      requiresEmailVerification: true,
      requiresPhoneVerification: false,
      email: body.email,
      phoneNumber: null,
      user: { username: body.username, email: body.email, emailVerified: false },
    });
    expect(json.pendingSignupId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await server.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'email_verified_at'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email_verified_at).toBeNull();
  });

  it('mails a code and a link; the code verifies the email and logs the user in', async () => {
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    const mail = await latestMail(server, body.email);
    expect(mail.subject).toContain('verification code');
    const code = codeIn(mail.text);
    expect(mail.text).toContain('/verify-email?token=');

    const early = await call(server, 'POST', '/auth/login', body, { ip: nextIp() });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      requiresEmailVerification: true,
      email: body.email,
    });

    const wrong = await call(server, 'POST', '/auth/verify-email', {
      email: body.email,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', attemptsRemaining: 4 });

    const ok = await call(server, 'POST', '/auth/verify-email', { email: body.email, code });
    expect(ok.statusCode).toBe(200);
    const login = ok.json();
    expect(login).toMatchObject({
      twoFactorRequired: false,
      tempToken: null,
      isFirstLogin: true,
      user: { email: body.email, emailVerified: true },
    });
    expect(ok.cookies.find((c) => c.name === 'fs_session')?.httpOnly).toBe(true);
    const me = await call(server, 'GET', '/auth/2fa/status', undefined, { token: login.token });
    expect(me.statusCode).toBe(200);

    // the code is spent
    const again = await call(server, 'POST', '/auth/verify-email', { email: body.email, code });
    expect(again.json().code).toBe('INVALID_VERIFICATION_CODE');
    const next = await call(server, 'POST', '/auth/login', body, { ip: nextIp() });
    expect(next.json()).toMatchObject({ isFirstLogin: false });
  });

  it('verifies by the link token once', async () => {
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    const token = tokenInLink((await latestMail(server, body.email)).text, '/verify-email');
    const ok = await call(server, 'POST', '/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().token).toBe('string');
    const reuse = await call(server, 'POST', '/auth/verify-email', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('INVALID_TOKEN');
    const neither = await call(server, 'POST', '/auth/verify-email', { email: body.email });
    expect(neither.statusCode).toBe(400);
  });

  it('verifies the email of a banned account but opens no session', async () => {
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body);
    const code = codeIn((await latestMail(server, body.email)).text);
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'banned', status_reason: 'spam' })
      .where('email', '=', body.email)
      .execute();
    const res = await call(server, 'POST', '/auth/verify-email', { email: body.email, code });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_BANNED');
    const sessions = await server.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.email', '=', body.email)
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it('kills a code after 5 wrong tries', async () => {
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    const code = codeIn((await latestMail(server, body.email)).text);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      await call(server, 'POST', '/auth/verify-email', { email: body.email, code: wrongCode });
    }
    const res = await call(server, 'POST', '/auth/verify-email', { email: body.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', attemptsRemaining: 0 });
  });

  it('rejects bad usernames with a clear 400', async () => {
    for (const username of ['ab', 'has space', 'dash-name', 'x'.repeat(31), 'émile']) {
      const res = await call(
        server,
        'POST',
        '/auth/signup',
        { ...fresh(), username },
        { ip: nextIp() },
      );
      expect(res.statusCode, username).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'username' });
      expect(res.json().message).toContain('3–30');
    }
  });

  it('rejects a bad email, phone number or missing field as 400', async () => {
    const badEmail = await call(server, 'POST', '/auth/signup', { ...fresh(), email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    const badPhone = await call(server, 'POST', '/auth/signup', { ...fresh(), phoneNumber: '12' });
    expect(badPhone.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'phoneNumber' });
    const { password: _password, ...noPassword } = fresh();
    const missing = await call(server, 'POST', '/auth/signup', noPassword);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
  });

  it('refuses weak passwords: too short, common (any case), or the username', async () => {
    const cases: Array<[string, string]> = [
      ['short1!', 'at least 10'],
      ['password123', 'too common'],
      ['QwertyUIOP', 'too common'],
      ['1234567890', 'too common'],
    ];
    for (const [password, words] of cases) {
      const res = await call(
        server,
        'POST',
        '/auth/signup',
        { ...fresh(), password },
        { ip: nextIp() },
      );
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code).toBe('WEAK_PASSWORD');
      expect(res.json().message).toContain(words);
    }
    const body = fresh();
    const same = await call(server, 'POST', '/auth/signup', { ...body, password: body.username });
    expect(same.json().code).toBe('WEAK_PASSWORD');
  });

  it('answers 409 for a taken username (any case) or email', async () => {
    const existing = await createUser(server.ctx, { username: `Taken.${n}x` });
    const user = await call(server, 'POST', '/auth/signup', {
      ...fresh(),
      username: existing.username.toLowerCase(),
    });
    expect(user.statusCode).toBe(409);
    expect(user.json()).toEqual({ code: 'USERNAME_TAKEN', message: 'Username already taken' });
    const email = await call(server, 'POST', '/auth/signup', {
      ...fresh(),
      email: existing.email.toUpperCase(),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'Email already registered' });
  });
});

describe('phone verification and resend', () => {
  it('texts a code to the phone; verify-phone confirms it without a session', async () => {
    const body = { ...fresh(), phoneNumber: '+1 (555) 010-2030' };
    const res = await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    expect(res.json()).toMatchObject({
      requiresPhoneVerification: true,
      phoneNumber: '+15550102030',
    });
    const sms = await latestSms(server, '+15550102030');
    const code = codeIn(sms.text);
    const wrong = await call(server, 'POST', '/auth/verify-phone', {
      phoneNumber: '+15550102030',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('INVALID_VERIFICATION_CODE');
    const ok = await call(server, 'POST', '/auth/verify-phone', {
      phoneNumber: '+15550102030',
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      ok: true,
      message: 'Phone number verified',
      phoneNumber: '+15550102030',
      phoneVerified: true,
    });
    const row = await server.ctx.db
      .selectFrom('users')
      .select('phone_verified_at')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.phone_verified_at).not.toBeNull();
    const missing = await call(server, 'POST', '/auth/verify-phone', { code });
    expect(missing.statusCode).toBe(400);
  });

  it('resend-verification answers the same for anyone and replaces the code', async () => {
    const unknown = await call(server, 'POST', '/auth/resend-verification', {
      email: 'nobody-here@example.test',
    });
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    const first = codeIn((await latestMail(server, body.email)).text);
    const known = await call(server, 'POST', '/auth/resend-verification', { email: body.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // within a minute no second mail goes out (mail bombing); a minute later it does
    await sql`update auth_tokens set created_at = now() - interval '2 minutes'`.execute(
      server.ctx.db,
    );
    await call(server, 'POST', '/auth/resend-verification', { email: body.email });
    const second = codeIn((await latestMail(server, body.email)).text);
    if (second !== first) {
      const old = await call(server, 'POST', '/auth/verify-email', {
        email: body.email,
        code: first,
      });
      expect(old.json().code).toBe('INVALID_VERIFICATION_CODE');
    }
    const ok = await call(server, 'POST', '/auth/verify-email', {
      email: body.email,
      code: second,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('redacts the delivered mail job payload (no live codes left in the jobs table)', async () => {
    const body = fresh();
    await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
    await latestMail(server, body.email);
    const jobs = await server.ctx.db
      .selectFrom('jobs')
      .select(['payload', 'status'])
      .where('type', '=', 'mail.send')
      .execute();
    const mine = jobs.filter((j) => j.payload.to === body.email);
    expect(mine.length).toBeGreaterThan(0);
    for (const job of mine) {
      expect(job.status).toBe('done');
      expect(job.payload).toEqual({ to: body.email, subject: expect.any(String), redacted: true });
    }
  });
});

describe('beta gate', () => {
  async function setBetaRequired(value: boolean) {
    await server.ctx.db
      .insertInto('platform_settings')
      .values({ key: 'betaRequired', value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }

  it('needs a valid beta code when the setting is on, and a failed signup keeps the use', async () => {
    await setBetaRequired(true);
    try {
      await server.ctx.db
        .insertInto('beta_codes')
        .values({ code: 'AUTH-TEST-CODE', max_uses: 1 })
        .execute();
      const none = await call(server, 'POST', '/auth/signup', fresh(), { ip: nextIp() });
      expect(none.statusCode).toBe(403);
      expect(none.json().code).toBe('BETA_REQUIRED');
      const bad = await call(server, 'POST', '/auth/signup', { ...fresh(), betaCode: 'NOPE-NOPE' });
      expect(bad.statusCode).toBe(403);
      expect(bad.json().code).toBe('BETA_REQUIRED');

      const taken = await createUser(server.ctx);
      const conflict = await call(server, 'POST', '/auth/signup', {
        ...fresh(),
        username: taken.username,
        betaCode: 'auth-test-code',
      });
      expect(conflict.statusCode).toBe(409);

      const body = { ...fresh(), betaCode: 'auth-test-code' };
      const ok = await call(server, 'POST', '/auth/signup', body, { ip: nextIp() });
      expect(ok.statusCode).toBe(201);
      const code = await server.ctx.db
        .selectFrom('beta_codes')
        .select('uses')
        .where('code', '=', 'AUTH-TEST-CODE')
        .executeTakeFirstOrThrow();
      expect(code.uses).toBe(1);
      const used = await call(server, 'POST', '/auth/signup', {
        ...fresh(),
        betaCode: 'AUTH-TEST-CODE',
      });
      expect(used.statusCode).toBe(403);
    } finally {
      await setBetaRequired(false);
    }
  });
});
