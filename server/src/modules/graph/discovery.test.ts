import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { actor, call, insertFollow, type Actor } from './test-kit.ts';

let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const idsOf = (body: { users: Array<{ id: string }> }) => body.users.map((u) => u.id);
/** The given users in the order a list returned them (other test data left out). */
const orderOf = (body: { users: Array<{ id: string }> }, users: UserRow[]) => {
  const wanted = new Set(users.map((u) => u.id));
  return idsOf(body).filter((id) => wanted.has(id));
};

describe('trending', () => {
  let hot: UserRow, warm: UserRow, big: UserRow, small: UserRow, stale: UserRow;
  let viewer: Actor;

  beforeAll(async () => {
    const c = (followers: number) => createCreator(server.ctx, { followers_count: followers });
    [hot, warm, big, small, stale] = await Promise.all([c(3), c(500), c(300), c(5), c(400)]);
    viewer = await actor(server);
    const followers = await Promise.all(Array.from({ length: 3 }, () => actor(server)));
    // hot: 3 follows this week; warm: 1; stale: 2, but 8 days ago (outside the window)
    for (const f of followers) await insertFollow(server, f.user.id, hot.id);
    await insertFollow(server, followers[0]!.user.id, warm.id);
    for (const f of followers.slice(0, 2))
      await insertFollow(server, f.user.id, stale.id, new Date(Date.now() - 8 * DAY));
  });

  it('ranks by follows gained in 7 days, then followers', async () => {
    const res = await call(server, null, 'GET', '/users/trending?limit=100');
    expect(res.status).toBe(200);
    expect(orderOf(res.body, [hot, warm, big, small, stale])).toEqual([
      hot.id,
      warm.id,
      stale.id,
      big.id,
      small.id,
    ]);
    const two = await call(server, null, 'GET', '/users/trending?limit=2');
    expect(idsOf(two.body)).toEqual([hot.id, warm.id]);
    // fans are never listed
    expect(idsOf(res.body)).not.toContain(viewer.user.id);
  });

  it('defaults to 20 and leaves out the viewer, hidden users and not_interested', async () => {
    const me = await actor(server, 'creator');
    await call(server, me, 'POST', `/users/${hot.id}/block`);
    await server.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: big.id, blocked_id: me.user.id })
      .execute();
    const fb = await call(server, me, 'POST', `/users/${warm.id}/feedback`, {
      feedbackType: 'not_interested',
    });
    expect(fb).toMatchObject({ status: 200, body: { ok: true, feedbackType: 'not_interested' } });

    const res = await call(server, me, 'GET', '/users/trending?limit=100');
    const ids = idsOf(res.body);
    for (const gone of [me.user.id, hot.id, big.id, warm.id]) expect(ids).not.toContain(gone);
    expect(ids).toContain(small.id);
    // the same creators for a visitor
    expect(idsOf((await call(server, null, 'GET', '/users/trending?limit=100')).body)).toContain(
      hot.id,
    );

    // show_more withdraws not_interested
    await call(server, me, 'POST', `/users/${warm.id}/feedback`, { feedbackType: 'show_more' });
    expect(idsOf((await call(server, me, 'GET', '/users/trending?limit=100')).body)).toContain(
      warm.id,
    );

    for (let i = 0; i < 21; i++) await createCreator(server.ctx);
    expect((await call(server, null, 'GET', '/users/trending')).body.users).toHaveLength(20);
  });
});

describe('promoted and new creators', () => {
  it('lists running promotions only, longest first, default 10', async () => {
    const soon = new Date(Date.now() + DAY);
    const later = new Date(Date.now() + 5 * DAY);
    const a = await createCreator(server.ctx, { promoted_until: soon });
    const b = await createCreator(server.ctx, { promoted_until: later });
    const over = await createCreator(server.ctx, { promoted_until: new Date(Date.now() - DAY) });
    const res = await call(server, null, 'GET', '/users/promoted-creators');
    expect(orderOf(res.body, [a, b, over])).toEqual([b.id, a.id]);

    const viewer = await actor(server);
    await call(server, viewer, 'POST', `/users/${b.id}/block`);
    const personal = await call(server, viewer, 'GET', '/users/promoted-creators');
    expect(orderOf(personal.body, [a, b])).toEqual([a.id]);

    for (let i = 0; i < 11; i++) await createCreator(server.ctx, { promoted_until: later });
    expect((await call(server, null, 'GET', '/users/promoted-creators')).body.users).toHaveLength(
      10,
    );
  });

  it('lists the newest active creators first', async () => {
    const base = Date.now() + 60_000;
    const older = await createCreator(server.ctx, { created_at: new Date(base) });
    const newer = await createCreator(server.ctx, { created_at: new Date(base + 1000) });
    const banned = await createCreator(server.ctx, {
      created_at: new Date(base + 2000),
      status: 'banned',
    });
    const res = await call(server, null, 'GET', '/users/new?limit=2');
    expect(idsOf(res.body)).toEqual([newer.id, older.id]);
    expect(idsOf(res.body)).not.toContain(banned.id);
    // hidden for a viewer who blocked the newest
    const viewer = await actor(server);
    await call(server, viewer, 'POST', `/users/${newer.id}/block`);
    expect(idsOf((await call(server, viewer, 'GET', '/users/new?limit=1')).body)).toEqual([
      older.id,
    ]);
    expect((await call(server, null, 'GET', '/users/new?limit=500')).status).toBe(400);
  });
});

describe('signup suggestions', () => {
  it('suggests popular creators the viewer does not follow, without not_interested', async () => {
    const top = await createCreator(server.ctx, { followers_count: 100_000 });
    const second = await createCreator(server.ctx, { followers_count: 90_000 });
    const third = await createCreator(server.ctx, { followers_count: 80_000 });
    const fan = await actor(server);

    const before = await call(server, fan, 'GET', '/users/signup-suggestions');
    expect(before.body.users).toHaveLength(10);
    expect(idsOf(before.body).slice(0, 3)).toEqual([top.id, second.id, third.id]);
    expect(before.body.users[0].isFollowing).toBe(false);

    await call(server, fan, 'POST', `/users/${top.id}/follow`);
    await call(server, fan, 'POST', `/users/${second.id}/feedback`, {
      feedbackType: 'not_interested',
    });
    const after = await call(server, fan, 'GET', '/users/signup-suggestions?limit=1');
    expect(idsOf(after.body)).toEqual([third.id]);
    // a visitor gets the global list
    const visitor = await call(server, null, 'GET', '/users/signup-suggestions?limit=1');
    expect(idsOf(visitor.body)).toEqual([top.id]);
  });
});

describe('feedback', () => {
  it('stores report_spam, refuses self, unknown and invalid kinds', async () => {
    const fan = await actor(server);
    const spammer = await createCreator(server.ctx);
    const ok = await call(server, fan, 'POST', `/users/${spammer.id}/feedback`, {
      feedbackType: 'report_spam',
    });
    expect(ok.status).toBe(200);
    const stored = await server.ctx.db
      .selectFrom('user_feedback')
      .selectAll()
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(stored).toMatchObject([{ target_id: spammer.id, feedback_type: 'report_spam' }]);

    const self = await call(server, fan, 'POST', `/users/${fan.user.id}/feedback`, {
      feedbackType: 'report_spam',
    });
    expect(self.body.code).toBe('CANNOT_TARGET_SELF');
    const unknown = await call(server, fan, 'POST', `/users/${randomUUID()}/feedback`, {
      feedbackType: 'show_more',
    });
    expect(unknown.status).toBe(404);
    const bad = await call(server, fan, 'POST', `/users/${spammer.id}/feedback`, {
      feedbackType: 'love_it',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await call(server, null, 'POST', `/users/${spammer.id}/feedback`, {})).status).toBe(
      401,
    );
  });
});
