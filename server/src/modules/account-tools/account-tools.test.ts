import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';
import { insertPost } from '../posts/posts.test-kit.ts';
import { apiUrlOf } from './batch.service.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
beforeAll(() => {
  ({ server } = kit);
});

type Step = { id: string; done: boolean; dismissed: boolean };
const stepOf = (body: { steps: Step[] }, id: string) => body.steps.find((s) => s.id === id);

describe('onboarding checklist', () => {
  it('a fan gets the fan steps, computed from their account', async () => {
    const fan = await asUser();
    const creator = await asUser('creator');
    const before = await call('GET', '/onboarding', fan.headers);
    expect(before.status).toBe(200);
    expect(before.body.role).toBe('fan');
    expect(before.body.steps.map((s: Step) => s.id)).toEqual([
      'verify_email',
      'avatar',
      'bio',
      'follow_creator',
    ]);
    expect(stepOf(before.body, 'verify_email')?.done).toBe(true);
    expect(stepOf(before.body, 'follow_creator')?.done).toBe(false);

    await call('POST', `/users/${creator.user.id}/follow`, fan.headers);
    await server.ctx.db
      .updateTable('users')
      .set({ bio: 'Hi there', avatar_url: '/api/files/public/a.webp' })
      .where('id', '=', fan.user.id)
      .execute();
    const after = await call('GET', '/onboarding', fan.headers);
    expect(after.body).toMatchObject({ completed: 4, total: 4, finished: true });
  });

  it('a creator gets price, payout, verification and first-post steps; dismissals are per user', async () => {
    const creator = await asUser('creator');
    const other = await asUser('creator');
    const start = await call('GET', '/onboarding', creator.headers);
    expect(start.body.role).toBe('creator');
    expect(start.body.total).toBe(8);
    expect(stepOf(start.body, 'identity_verified')?.done).toBe(true);
    expect(stepOf(start.body, 'subscription_price')?.done).toBe(true);
    expect(stepOf(start.body, 'first_post')?.done).toBe(false);
    await insertPost(server, creator.user);
    expect(
      stepOf((await call('GET', '/onboarding', creator.headers)).body, 'first_post')?.done,
    ).toBe(true);

    const dismissed = await call(
      'POST',
      '/onboarding/steps/payout_method/dismiss',
      creator.headers,
    );
    expect(dismissed.status).toBe(200);
    expect(stepOf(dismissed.body, 'payout_method')).toMatchObject({ done: false, dismissed: true });
    expect(
      stepOf((await call('GET', '/onboarding', other.headers)).body, 'payout_method')?.dismissed,
    ).toBe(false);
    const unknown = await call('POST', '/onboarding/steps/fly/dismiss', creator.headers);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ONBOARDING_STEP_UNKNOWN');
    expect((await call('GET', '/onboarding', null)).status).toBe(401);
  });
});

describe('moderation status', () => {
  it('shows my warnings, suspensions and removed posts, not anyone else’s', async () => {
    const me = await asUser('creator');
    const other = await asUser('creator');
    const clean = await call('GET', '/moderation/status', me.headers);
    expect(clean.body).toMatchObject({
      status: 'active',
      warningsCount: 0,
      strikes: 0,
      history: [],
    });

    await call('POST', `/admin/users/${me.user.id}/warn`, undefined, { reason: 'Spam links' });
    await call('POST', `/admin/users/${other.user.id}/warn`, undefined, { reason: 'Not yours' });
    const post = await insertPost(server, me.user);
    await call('DELETE', `/admin/posts/${post.id}`, undefined, { reason: 'Off-platform sales' });
    await call('POST', `/admin/users/${me.user.id}/suspend`, undefined, {
      hours: 1,
      reason: 'Cool down',
    });
    await call('POST', `/admin/users/${me.user.id}/unsuspend`, undefined, {});

    // a suspension ends every session: sign in again
    const headers = bearer(await tokenFor(server.ctx, me.user));
    const res = await call('GET', '/moderation/status', headers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', warningsCount: 1, strikes: 2 });
    const types = res.body.history.map((e: { type: string }) => e.type).sort();
    expect(types).toEqual(['post_removed', 'suspension', 'unsuspension', 'warning']);
    expect(JSON.stringify(res.body)).not.toContain('Not yours');
    expect(res.body.history.find((e: { type: string }) => e.type === 'post_removed')).toMatchObject(
      {
        targetId: post.id,
        reason: 'Off-platform sales',
      },
    );
  });
});

describe('batch reads', () => {
  it('runs GETs with the caller’s own credentials and reports each status', async () => {
    const fan = await asUser();
    const res = await call('POST', '/batch', fan.headers, {
      requests: [
        { method: 'GET', path: '/users/me' },
        { method: 'GET', path: '/api/onboarding' },
        { method: 'GET', path: '/admin/users' },
        { method: 'GET', path: '/no-such-route' },
      ],
    });
    expect(res.status).toBe(200);
    const [me, onboarding, admin, missing] = res.body.responses;
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(fan.user.id);
    expect(onboarding.status).toBe(200);
    expect(admin.status).toBe(403);
    expect(missing.status).toBe(404);

    const visitor = await call('POST', '/batch', null, {
      requests: [
        { method: 'GET', path: '/users/me' },
        { method: 'GET', path: '/roadmap' },
      ],
    });
    expect(visitor.body.responses.map((r: { status: number }) => r.status)).toEqual([401, 200]);
  });

  it('takes the method in any case or not at all, and url for path', async () => {
    const fan = await asUser();
    const res = await call('POST', '/batch', fan.headers, {
      requests: [
        { method: 'get', path: '/users/me' },
        { path: '/roadmap' },
        { method: 'Get', url: '/api/onboarding' },
      ],
    });
    expect(res.status).toBe(200);
    expect(
      res.body.responses.map((r: { path: string; status: number }) => [r.path, r.status]),
    ).toEqual([
      ['/users/me', 200],
      ['/roadmap', 200],
      ['/api/onboarding', 200],
    ]);
    for (const requests of [[{ method: 'post', path: '/suggestions' }], [{ method: 'GET' }]]) {
      const bad = await call('POST', '/batch', fan.headers, { requests });
      expect(bad.status, JSON.stringify(requests)).toBe(400);
    }
  });

  it('refuses writes, too many requests, nested batches and odd paths', async () => {
    const fan = await asUser();
    const bad = [
      { requests: [{ method: 'POST', path: '/suggestions' }] },
      { requests: Array.from({ length: 21 }, () => ({ method: 'GET', path: '/roadmap' })) },
      { requests: [] },
      { requests: [{ method: 'GET', path: '/batch' }] },
      { requests: [{ method: 'GET', path: 'http://evil.example/' }] },
      { requests: [{ method: 'GET', path: '/users/../admin/users' }] },
    ];
    for (const body of bad) {
      const res = await call('POST', '/batch', fan.headers, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('normalises paths', () => {
    expect(apiUrlOf('/users/me?x=1', 0)).toBe('/api/users/me?x=1');
    expect(apiUrlOf('/api/roadmap', 0)).toBe('/api/roadmap');
    expect(() => apiUrlOf('//evil.example', 0)).toThrow();
    expect(() => apiUrlOf('/api/batch?x', 0)).toThrow();
  });
});
