import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { seedDemo } from '../../seed/demo.ts';
import { generateBetaCode, normaliseBetaCode } from './beta-codes.ts';
import { DEMO_BETA_CODE } from './beta.seed.ts';
import { consumeBetaCode, createBetaCode, grantBetaAccess } from './beta.service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const verify = (code: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/beta/verify-code', headers, payload: { code } });

const usesOf = async (code: string) =>
  (
    await server.ctx.db
      .selectFrom('beta_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).uses;

describe('beta codes', () => {
  it('normalises and generates readable codes', () => {
    expect(normaliseBetaCode(' launch-2026 ')).toBe('LAUNCH-2026');
    expect(normaliseBetaCode('ab')).toBeNull();
    expect(normaliseBetaCode("x'; drop table users;--")).toBeNull();
    expect(normaliseBetaCode('abc\u0000d')).toBeNull();
    expect(generateBetaCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  it('never lets a code be used more than max_uses times, even in parallel', async () => {
    const { code } = await createBetaCode(server.ctx.db, { maxUses: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        // like the signup route: each consume inside its own transaction
        withTransaction(server.ctx.db, (tx) => consumeBetaCode(tx, code.toLowerCase())),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected).toHaveLength(7);
    for (const r of rejected)
      expect(r.reason).toMatchObject({
        statusCode: 403,
        code: 'BETA_REQUIRED',
        message: 'A valid beta code is required',
      });
    expect(await usesOf(code)).toBe(3);
  });

  it('refuses unknown and expired codes for signup', async () => {
    await expect(consumeBetaCode(server.ctx.db, 'NO-SUCH-CODE')).rejects.toMatchObject({
      code: 'BETA_REQUIRED',
    });
    await expect(consumeBetaCode(server.ctx.db, '')).rejects.toMatchObject({ statusCode: 403 });
    const expired = await createBetaCode(server.ctx.db, {
      maxUses: 5,
      expiresAt: new Date(Date.now() - 1000),
    });
    await expect(consumeBetaCode(server.ctx.db, expired.code)).rejects.toMatchObject({
      code: 'BETA_REQUIRED',
    });
    expect(await usesOf(expired.code)).toBe(0);
  });

  it('rolls the use back with the transaction that took it', async () => {
    const { code } = await createBetaCode(server.ctx.db, { maxUses: 1 });
    await expect(
      withTransaction(server.ctx.db, async (tx) => {
        await consumeBetaCode(tx, code);
        throw new Error('signup failed later');
      }),
    ).rejects.toThrow('signup failed later');
    expect(await usesOf(code)).toBe(0);
  });

  it('rejects duplicate custom codes with a 409', async () => {
    await createBetaCode(server.ctx.db, { code: 'FRIENDS-2026', maxUses: 10 });
    await expect(
      createBetaCode(server.ctx.db, { code: 'friends-2026', maxUses: 1 }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(createBetaCode(server.ctx.db, { maxUses: 0 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('POST /beta/verify-code', () => {
  it('tells a visitor the code is valid without using it', async () => {
    const { code } = await createBetaCode(server.ctx.db, { maxUses: 1 });
    const res = await verify(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, betaAccess: true });
    expect(await usesOf(code)).toBe(0);
  });

  it('grants a signed-in account beta access and takes one use', async () => {
    const user = await createUser(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, user));
    const { code } = await createBetaCode(server.ctx.db, { maxUses: 1 });
    expect((await verify(code, headers)).json()).toMatchObject({ valid: true, betaAccess: true });
    expect(await usesOf(code)).toBe(1);
    const me = await server.app.inject({ url: '/api/users/me', headers });
    expect(me.json().betaAccess).toBe(true);
    // someone else cannot reuse the spent single-use code
    const other = bearer(await tokenFor(server.ctx, await createUser(server.ctx)));
    const spent = await verify(code, other);
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toMatchObject({
      code: 'INVALID_BETA_CODE',
      valid: false,
      message: 'This beta code has already been used',
    });
  });

  it('explains invalid codes with a 400', async () => {
    const expired = await createBetaCode(server.ctx.db, {
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const [code, message] of [
      ['NOPE-NOPE', 'This beta code is not valid'],
      ['!', 'This beta code is not valid'],
      [expired.code, 'This beta code has expired'],
    ] as const) {
      const res = await verify(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_BETA_CODE', message });
    }
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/beta/verify-code', payload: {} }))
        .statusCode,
    ).toBe(400);
  });
});

describe('demo data', () => {
  it('seeds a shared beta code and beta access for the demo creator and fan', async () => {
    const ids = await seedDemo(server.ctx);
    expect((await verify(DEMO_BETA_CODE.toLowerCase())).statusCode).toBe(200);
    const users = await server.ctx.db
      .selectFrom('users')
      .select(['id', 'beta_access_at'])
      .where('id', 'in', [ids.creator, ids.fan, ids.fan2])
      .execute();
    const access = new Map(users.map((u) => [u.id, u.beta_access_at !== null]));
    expect([access.get(ids.creator), access.get(ids.fan), access.get(ids.fan2)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('beta features, feedback and invites', () => {
  it('lists features with the user switch, which needs beta access to change', async () => {
    const anonymous = await server.app.inject('/api/beta/features');
    expect(anonymous.statusCode).toBe(200);
    const features = anonymous.json().features as Array<{ id: string; userEnabled: boolean }>;
    expect(features.length).toBeGreaterThan(0);
    expect(features[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      userEnabled: false,
    });
    const featureId = features[0]!.id;

    const outsider = bearer(await tokenFor(server.ctx, await createUser(server.ctx)));
    const refused = await server.app.inject({
      method: 'PUT',
      url: `/api/beta/features/${featureId}`,
      headers: outsider,
      payload: { userEnabled: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BETA_REQUIRED');

    const tester = await createUser(server.ctx);
    await grantBetaAccess(server.ctx.db, tester.id);
    const headers = bearer(await tokenFor(server.ctx, tester));
    const on = await server.app.inject({
      method: 'PUT',
      url: `/api/beta/features/${featureId}`,
      headers,
      payload: { userEnabled: true },
    });
    expect(on.json()).toMatchObject({ id: featureId, userEnabled: true });
    const mine = await server.app.inject({ url: '/api/beta/features', headers });
    expect(mine.json().features.find((f: { id: string }) => f.id === featureId).userEnabled).toBe(
      true,
    );
    // another user's list is unaffected
    const theirs = await server.app.inject({ url: '/api/beta/features', headers: outsider });
    expect(theirs.json().features.find((f: { id: string }) => f.id === featureId).userEnabled).toBe(
      false,
    );
    const unknown = await server.app.inject({
      method: 'PUT',
      url: '/api/beta/features/no-such-feature',
      headers,
      payload: { userEnabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('records feedback', async () => {
    const user = await createUser(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, user));
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/beta/feedback',
      headers,
      payload: { featureId: 'reels', message: 'Love it' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await server.ctx.db
      .selectFrom('beta_feedback')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toMatchObject([{ feature_id: 'reels', message: 'Love it' }]);
    for (const payload of [{ message: '   ' }, { featureId: 'nope', message: 'x' }, {}]) {
      const bad = await server.app.inject({
        method: 'POST',
        url: '/api/beta/feedback',
        headers,
        payload,
      });
      expect(bad.statusCode).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode).toBeLessThan(500);
    }
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/beta/feedback',
          payload: { message: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('invites by email with a single-use code sent through the outbox', async () => {
    const inviter = await createUser(server.ctx, { display_name: 'Ivy' });
    const outsider = bearer(await tokenFor(server.ctx, await createUser(server.ctx)));
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/beta/invite',
      headers: outsider,
      payload: { email: 'friend@example.test' },
    });
    expect(refused.statusCode).toBe(403);

    await grantBetaAccess(server.ctx.db, inviter.id);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/beta/invite',
      headers: bearer(await tokenFor(server.ctx, inviter)),
      payload: { email: 'Friend@Example.test' },
    });
    expect(res.statusCode).toBe(201);
    const code = await server.ctx.db
      .selectFrom('beta_codes')
      .selectAll()
      .where('created_by', '=', inviter.id)
      .executeTakeFirstOrThrow();
    expect(code).toMatchObject({ max_uses: 1, uses: 0, invited_email: 'friend@example.test' });
    expect(code.expires_at!.getTime()).toBeGreaterThan(Date.now());
    const job = await server.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', 'mail.send')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.payload).toMatchObject({ to: 'friend@example.test' });
    expect(job.payload.subject).toContain('Ivy');
    expect(job.payload.text).toContain(code.code);
    // the invite code redeems exactly once
    await consumeBetaCode(server.ctx.db, code.code);
    await expect(consumeBetaCode(server.ctx.db, code.code)).rejects.toMatchObject({
      code: 'BETA_REQUIRED',
    });

    const admin = bearer(await tokenFor(server.ctx, await createAdmin(server.ctx)));
    const byAdmin = await server.app.inject({
      method: 'POST',
      url: '/api/beta/invite',
      headers: admin,
      payload: { email: 'not-an-email' },
    });
    expect(byAdmin.statusCode).toBe(400);
  });
});

describe('guessing codes', () => {
  // last in the file: it spends this address's verify-code budget
  it('is rate limited per address', async () => {
    let limited: Awaited<ReturnType<typeof verify>> | undefined;
    for (let i = 0; i < 25 && !limited; i += 1) {
      const res = await verify(`GUESS-${i}`);
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
