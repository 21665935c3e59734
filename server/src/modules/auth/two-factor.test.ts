import { sql } from 'kysely';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { call, totp } from './auth.test-helpers.ts';
import { sealLegacyTotpSecrets } from './totp-secret.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A fresh account with 2FA already on (secret known to the test). */
async function userWith2fa() {
  const secret = generateSecret();
  const user = await createUser(server.ctx, { totp_secret: secret, totp_enabled_at: new Date() });
  return { user, secret };
}

async function startLogin(user: UserRow) {
  const res = await call(server, 'POST', '/auth/login', {
    email: user.email,
    password: TEST_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const verifyLogin = (tempToken: string | undefined, code: string) =>
  call(server, 'POST', '/auth/verify-login', { code }, tempToken ? { token: tempToken } : {});

describe('2FA setup and enable', () => {
  for (const family of ['/auth/2fa', '/users/2fa']) {
    it(`${family}: setup gives secret, otpauth URL and QR; enable needs a valid code`, async () => {
      const user = await createUser(server.ctx);
      const token = await tokenFor(server.ctx, user);
      const before = await call(server, 'GET', '/auth/2fa/status', undefined, { token });
      expect(before.json()).toEqual({ enabled: false, backupCodesRemaining: 0 });

      const setup = await call(server, 'POST', `${family}/setup`, undefined, { token });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = setup.json();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Fanspace:/);
      expect(otpauthUrl).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/png;base64,/);

      const wrong = await call(server, 'POST', `${family}/enable`, { token: '000000' }, { token });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_2FA_CODE', message: 'Invalid 2FA code' });

      const enable = await call(
        server,
        'POST',
        `${family}/enable`,
        { token: await totp(secret) },
        { token },
      );
      expect(enable.statusCode).toBe(200);
      const { backupCodes } = enable.json();
      expect(backupCodes).toHaveLength(10);
      expect(new Set(backupCodes).size).toBe(10);
      for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      const after = await call(server, 'GET', '/auth/2fa/status', undefined, { token });
      expect(after.json()).toEqual({ enabled: true, backupCodesRemaining: 10 });

      // only hashes are stored
      const stored = await server.ctx.db
        .selectFrom('two_factor_backup_codes')
        .select('code_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(stored.map((r) => r.code_hash)).not.toContain(backupCodes[0].replace('-', ''));
      // the TOTP secret is encrypted at rest, bound to this account
      const row = await server.ctx.db
        .selectFrom('users')
        .select('totp_secret')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.totp_secret).toMatch(/^v1\./);
      expect(row.totp_secret).not.toContain(secret);

      const again = await call(server, 'POST', `${family}/setup`, undefined, { token });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
    });
  }

  it('enable without setup is a clear 400; routes need a session', async () => {
    const token = await tokenFor(server.ctx, await createUser(server.ctx));
    const res = await call(server, 'POST', '/auth/2fa/enable', { token: '123456' }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await call(server, 'POST', '/auth/2fa/setup')).statusCode).toBe(401);
    expect((await call(server, 'GET', '/auth/2fa/status')).statusCode).toBe(401);
  });
});

describe('login with 2FA', () => {
  it('asks for the second factor with a temp token that is no session', async () => {
    const { user, secret } = await userWith2fa();
    const first = await startLogin(user);
    expect(first).toMatchObject({
      token: null,
      user: null,
      twoFactorRequired: true,
      isFirstLogin: false,
    });
    expect(typeof first.tempToken).toBe('string');
    const asSession = await call(server, 'GET', '/users/me/sessions', undefined, {
      token: first.tempToken,
    });
    expect(asSession.statusCode).toBe(401);

    const res = await verifyLogin(first.tempToken, await totp(secret));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      twoFactorRequired: false,
      tempToken: null,
      isFirstLogin: true,
    });
    expect(res.json().user.twoFactorEnabled).toBe(true);
    expect(res.cookies.find((c) => c.name === 'fs_session')?.value).toBe(res.json().token);
    const me = await call(server, 'GET', '/users/me/sessions', undefined, {
      token: res.json().token,
    });
    expect(me.statusCode).toBe(200);

    // the temp token is single use
    const reuse = await verifyLogin(first.tempToken, await totp(secret, 1));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_TOKEN');
  });

  it('never accepts the same TOTP code twice', async () => {
    const { user, secret } = await userWith2fa();
    const code = await totp(secret);
    const ok = await verifyLogin((await startLogin(user)).tempToken, code);
    expect(ok.statusCode).toBe(200);
    const replay = await verifyLogin((await startLogin(user)).tempToken, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_2FA_CODE', message: 'Invalid 2FA code' });
    // nor an older one
    const older = await verifyLogin((await startLogin(user)).tempToken, await totp(secret, -1));
    expect(older.json().code).toBe('INVALID_2FA_CODE');
  });

  it('accepts each backup code once', async () => {
    const user = await createUser(server.ctx);
    const token = await tokenFor(server.ctx, user);
    const { secret } = (
      await call(server, 'POST', '/users/2fa/setup', undefined, { token })
    ).json();
    const enabled = await call(
      server,
      'POST',
      '/users/2fa/enable',
      { token: await totp(secret) },
      { token },
    );
    const [code] = enabled.json().backupCodes as string[];
    const ok = await verifyLogin((await startLogin(user)).tempToken, code!.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const reuse = await verifyLogin((await startLogin(user)).tempToken, code!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_2FA_CODE');
    const status = await call(server, 'GET', '/auth/2fa/status', undefined, { token });
    expect(status.json().backupCodesRemaining).toBe(9);
  });

  it('expires the temp token after 5 minutes', async () => {
    const { user, secret } = await userWith2fa();
    const { tempToken } = await startLogin(user);
    await server.ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await verifyLogin(tempToken, await totp(secret));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
    const row = await server.ctx.db
      .selectFrom('auth_tokens')
      .select(['created_at', 'expires_at', 'purpose'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('login_2fa');
  });

  it('burns the temp token after 5 wrong codes', async () => {
    const { user, secret } = await userWith2fa();
    const { tempToken } = await startLogin(user);
    const right = await totp(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 4; i >= 0; i -= 1) {
      const res = await verifyLogin(tempToken, wrong);
      expect(res.json()).toMatchObject({ code: 'INVALID_2FA_CODE', attemptsRemaining: i });
    }
    const res = await verifyLogin(tempToken, right);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('refuses a missing or unknown temp token, and a session token as temp token', async () => {
    const user = await createUser(server.ctx);
    const session = await tokenFor(server.ctx, user);
    for (const res of [
      await verifyLogin(undefined, '123456'),
      await verifyLogin('not-a-token', '123456'),
      await verifyLogin(session, '123456'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_TOKEN');
    }
  });
});

describe('disable and backup code regeneration', () => {
  it('disable needs a valid code (a backup code works) and turns 2FA off', async () => {
    const user = await createUser(server.ctx);
    const token = await tokenFor(server.ctx, user);
    const { secret } = (await call(server, 'POST', '/auth/2fa/setup', undefined, { token })).json();
    const { backupCodes } = (
      await call(server, 'POST', '/auth/2fa/enable', { token: await totp(secret) }, { token })
    ).json();
    const wrong = await call(
      server,
      'POST',
      '/users/2fa/disable',
      { token: '12345678' },
      { token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_2FA_CODE');
    const off = await call(
      server,
      'POST',
      '/users/2fa/disable',
      { token: backupCodes[3] },
      { token },
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await call(server, 'GET', '/auth/2fa/status', undefined, { token })).json()).toEqual({
      enabled: false,
      backupCodesRemaining: 0,
    });
    const login = await startLogin(user);
    expect(login.twoFactorRequired).toBe(false);
    const twice = await call(server, 'POST', '/auth/2fa/disable', { token: '123456' }, { token });
    expect(twice.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('regenerates: fresh session without a code, older session with a code; old codes die', async () => {
    const { user, secret } = await userWith2fa();
    const token = await tokenFor(server.ctx, user);
    const first = await call(server, 'POST', '/users/2fa/backup-codes/regenerate', undefined, {
      token,
    });
    expect(first.statusCode).toBe(200);
    const oldCodes = first.json().backupCodes as string[];
    expect(oldCodes).toHaveLength(10);

    await sql`update sessions set created_at = now() - interval '1 hour'
      where user_id = ${user.id}`.execute(server.ctx.db);
    const stale = await call(server, 'POST', '/users/2fa/backup-codes/regenerate', {}, { token });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', requiresCode: true });
    const bad = await call(
      server,
      'POST',
      '/users/2fa/backup-codes/regenerate',
      { token: '000000' },
      { token },
    );
    expect(bad.json().code).toBe('INVALID_2FA_CODE');
    const ok = await call(
      server,
      'POST',
      '/users/2fa/backup-codes/regenerate',
      { token: await totp(secret) },
      { token },
    );
    expect(ok.statusCode).toBe(200);
    const res = await verifyLogin((await startLogin(user)).tempToken, oldCodes[0]!);
    expect(res.json().code).toBe('INVALID_2FA_CODE');
    const fresh = await verifyLogin((await startLogin(user)).tempToken, ok.json().backupCodes[0]);
    expect(fresh.statusCode).toBe(200);

    const no2fa = await tokenFor(server.ctx, await createUser(server.ctx));
    const off = await call(server, 'POST', '/users/2fa/backup-codes/regenerate', undefined, {
      token: no2fa,
    });
    expect(off.json().code).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});

describe('blank 2FA codes (SPEC §5 2FA entry)', () => {
  const asked = { code: 'VALIDATION_FAILED', message: 'Please enter your 2FA code.' };

  it('verify-login asks for a blank or missing code without spending an attempt', async () => {
    const { user, secret } = await userWith2fa();
    const { tempToken } = await startLogin(user);
    for (const body of [{ code: '' }, { code: '  ' }, {}, { code: null }]) {
      const res = await call(server, 'POST', '/auth/verify-login', body, { token: tempToken });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ...asked, field: 'code' });
    }
    const wrong = await verifyLogin(tempToken, '000000');
    expect(wrong.statusCode).toBe(401);
    // four blanks and one wrong code: the fifth attempt is still left
    expect(wrong.json()).toMatchObject({ message: 'Invalid 2FA code', attemptsRemaining: 4 });
    expect((await verifyLogin(tempToken, await totp(secret))).statusCode).toBe(200);
  });

  it('enable, disable and regenerate ask for a blank or missing token', async () => {
    const { user, secret } = await userWith2fa();
    const token = await tokenFor(server.ctx, user);
    const pending = await tokenFor(server.ctx, await createUser(server.ctx));
    await call(server, 'POST', '/auth/2fa/setup', undefined, { token: pending });
    const calls: Array<[string, string]> = [
      ['/auth/2fa/enable', pending],
      ['/users/2fa/enable', pending],
      ['/auth/2fa/disable', token],
      ['/users/2fa/disable', token],
    ];
    for (const [url, session] of calls) {
      for (const body of [{ token: '' }, {}]) {
        const res = await call(server, 'POST', url, body, { token: session });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json()).toMatchObject({ ...asked, field: 'token' });
      }
      const wrong = await call(server, 'POST', url, { token: '000000' }, { token: session });
      expect(wrong.json()).toMatchObject({ code: 'INVALID_2FA_CODE', message: 'Invalid 2FA code' });
    }
    const regenerate = await call(
      server,
      'POST',
      '/users/2fa/backup-codes/regenerate',
      { token: ' ' },
      { token },
    );
    expect(regenerate.json()).toMatchObject(asked);
    const off = await call(
      server,
      'POST',
      '/auth/2fa/disable',
      { token: await totp(secret) },
      {
        token,
      },
    );
    expect(off.statusCode).toBe(200);
  });
});

describe('TOTP secrets at rest', () => {
  it('seals legacy plain secrets, and codes keep working before and after', async () => {
    const { user, secret } = await userWith2fa();
    const first = await startLogin(user);
    expect((await verifyLogin(first.tempToken, await totp(secret))).statusCode).toBe(200);

    const sealed = await sealLegacyTotpSecrets(server.ctx.config, server.ctx.db);
    expect(sealed).toBeGreaterThanOrEqual(1);
    const row = await server.ctx.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_last_step'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(await sealLegacyTotpSecrets(server.ctx.config, server.ctx.db)).toBe(0);

    // the next time step's code (the current one was just used) opens the sealed secret
    await server.ctx.db
      .updateTable('users')
      .set({ totp_last_step: null })
      .where('id', '=', user.id)
      .execute();
    const second = await startLogin(user);
    expect((await verifyLogin(second.tempToken, await totp(secret))).statusCode).toBe(200);

    // a sealed value copied to another account does not decrypt there
    const other = await createUser(server.ctx, {
      totp_secret: row.totp_secret,
      totp_enabled_at: new Date(),
    });
    const third = await startLogin(other);
    const refused = await verifyLogin(third.tempToken, await totp(secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_2FA_CODE');
  });
});
