import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  blockedEitherWay,
  hiddenUserIds,
  isRestrictedBy,
  loadOwnRelations,
} from './graph.relations.ts';
import { seedDemo } from '../../seed/demo.ts';
import { detachFromGraph } from './graph.service.ts';
import { actor, call, counts } from './test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('follow and unfollow', () => {
  it('follows idempotently, keeps both counters and answers with updatedCurrentUser', async () => {
    const fan = await actor(server);
    const creator = await actor(server, 'creator');
    for (let i = 0; i < 2; i++) {
      const res = await call(server, fan, 'POST', `/users/${creator.user.id}/follow`);
      expect(res.status).toBe(200);
      expect(res.body.updatedCurrentUser.id).toBe(fan.user.id);
      expect(res.body.updatedCurrentUser.followingUserIds).toEqual([creator.user.id]);
      expect(res.body.updatedCurrentUser.followingCount).toBe(1);
      expect(res.body.user).toMatchObject({
        id: creator.user.id,
        isFollowing: true,
        followersCount: 1,
      });
    }
    expect(await counts(server, creator.user.id)).toMatchObject({ followers_count: 1 });
    // the followed side sees the fan among its followers (SPEC §3 user lists), then no more
    const me = async () => (await call(server, creator, 'GET', '/users/me')).body;
    expect((await me()).followerUserIds).toEqual([fan.user.id]);

    for (let i = 0; i < 2; i++) {
      const res = await call(server, fan, 'DELETE', `/users/${creator.user.id}/follow`);
      expect(res.status).toBe(200);
      expect(res.body.updatedCurrentUser.followingUserIds).toEqual([]);
      expect(res.body.updatedCurrentUser.followingCount).toBe(0);
      expect(res.body.user.isFollowing).toBe(false);
    }
    expect(await counts(server, creator.user.id)).toMatchObject({ followers_count: 0 });
    expect((await me()).followerUserIds).toEqual([]);
    expect(await counts(server, fan.user.id)).toMatchObject({ following_count: 0 });
  });

  it('refuses self-follow, unknown users and malformed ids (404), and anonymous callers', async () => {
    const fan = await actor(server);
    const self = await call(server, fan, 'POST', `/users/${fan.user.id}/follow`);
    expect(self).toMatchObject({ status: 400, body: { code: 'CANNOT_TARGET_SELF' } });
    const unknown = await call(server, fan, 'POST', `/users/${randomUUID()}/follow`);
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'User not found' },
    });
    // a malformed id names no account: the 404 of an unknown one, like GET /users/{id}
    for (const [method, url] of [
      ['POST', '/users/not-a-uuid/follow'],
      ['DELETE', '/users/123/follow'],
      ['POST', '/users/x/block'],
      ['DELETE', '/users/x/block'],
      ['DELETE', '/users/me/followers/zzz'],
      ['POST', '/users/abc/restrict'],
      ['POST', '/users/abc/unrestrict'],
    ] as const) {
      const res = await call(server, fan, method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    }
    const feedback = await call(server, fan, 'POST', '/users/abc/feedback', {
      feedbackType: 'not_interested',
    });
    expect(feedback).toMatchObject({ status: 404, body: { message: 'User not found' } });
    const tooLong = await call(server, fan, 'POST', `/users/${'a'.repeat(65)}/follow`, {});
    expect(tooLong.status).toBe(400);
    const anonymous = await call(server, null, 'POST', `/users/${fan.user.id}/follow`);
    expect(anonymous.status).toBe(401);
  });

  it('does not follow banned accounts but lets their followers unfollow', async () => {
    const fan = await actor(server);
    const creator = await actor(server, 'creator');
    await call(server, fan, 'POST', `/users/${creator.user.id}/follow`);
    await server.ctx.db
      .updateTable('users')
      .set({ status: 'banned' })
      .where('id', '=', creator.user.id)
      .execute();
    const other = await actor(server);
    expect((await call(server, other, 'POST', `/users/${creator.user.id}/follow`)).status).toBe(
      404,
    );
    const res = await call(server, fan, 'DELETE', `/users/${creator.user.id}/follow`);
    expect(res.status).toBe(200);
    expect(res.body.user).toBeUndefined();
    expect(await counts(server, creator.user.id)).toMatchObject({ followers_count: 0 });
  });

  it('keeps followers_count exact under 20 concurrent follows and unfollows', async () => {
    const creator = await actor(server, 'creator');
    const fans = await Promise.all(Array.from({ length: 20 }, () => actor(server)));
    const follow = (f: (typeof fans)[number]) =>
      call(server, f, 'POST', `/users/${creator.user.id}/follow`);
    // every fan twice at once: duplicates must not count twice
    const results = await Promise.all([...fans.map(follow), ...fans.map(follow)]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await counts(server, creator.user.id)).toMatchObject({ followers_count: 20 });

    const half = fans.slice(0, 10);
    await Promise.all([
      ...half.map((f) => call(server, f, 'DELETE', `/users/${creator.user.id}/follow`)),
      ...half.map((f) => call(server, f, 'DELETE', `/users/${creator.user.id}/follow`)),
    ]);
    const rows = await server.ctx.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('followee_id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(10);
    expect(await counts(server, creator.user.id)).toMatchObject({ followers_count: 10 });
  });

  it('follows both ways at once without deadlocking', async () => {
    const a = await actor(server, 'creator');
    const b = await actor(server, 'creator');
    const [ab, ba] = await Promise.all([
      call(server, a, 'POST', `/users/${b.user.id}/follow`),
      call(server, b, 'POST', `/users/${a.user.id}/follow`),
    ]);
    expect([ab.status, ba.status]).toEqual([200, 200]);
    expect(await counts(server, a.user.id)).toEqual({ followers_count: 1, following_count: 1 });
  });

  it('removes a follower', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    await call(server, fan, 'POST', `/users/${creator.user.id}/follow`);
    const res = await call(server, creator, 'DELETE', `/users/me/followers/${fan.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.updatedCurrentUser.followersCount).toBe(0);
    expect(await counts(server, fan.user.id)).toMatchObject({ following_count: 0 });
    // not a follower (any more): still fine; unknown id: 404
    expect(
      (await call(server, creator, 'DELETE', `/users/me/followers/${fan.user.id}`)).status,
    ).toBe(200);
    expect(
      (await call(server, creator, 'DELETE', `/users/me/followers/${randomUUID()}`)).status,
    ).toBe(404);
  });
});

describe('block', () => {
  it('removes follows both ways, fixes counters and hides the pair from each other', async () => {
    const a = await actor(server, 'creator');
    const b = await actor(server, 'creator');
    await call(server, a, 'POST', `/users/${b.user.id}/follow`);
    await call(server, b, 'POST', `/users/${a.user.id}/follow`);

    const res = await call(server, a, 'POST', `/users/${b.user.id}/block`);
    expect(res.status).toBe(200);
    expect(res.body.updatedCurrentUser).toMatchObject({
      blockedUserIds: [b.user.id],
      followingUserIds: [],
      followerUserIds: [],
      followersCount: 0,
      followingCount: 0,
    });
    expect(res.body.user).toMatchObject({ id: b.user.id, isBlocked: true, isFollowing: false });
    expect(await counts(server, b.user.id)).toEqual({ followers_count: 0, following_count: 0 });

    const db = server.ctx.db;
    expect(await blockedEitherWay(db, a.user.id, b.user.id)).toBe(true);
    expect(await blockedEitherWay(db, b.user.id, a.user.id)).toBe(true);
    expect(await hiddenUserIds(db, a.user.id)).toEqual([b.user.id]);
    expect(await hiddenUserIds(db, b.user.id)).toEqual([a.user.id]);

    // idempotent
    expect((await call(server, a, 'POST', `/users/${b.user.id}/block`)).status).toBe(200);
    // the blocked side cannot follow: the block is not revealed (404)
    expect((await call(server, b, 'POST', `/users/${a.user.id}/follow`)).status).toBe(404);
    // the blocker is told to unblock first
    expect(await call(server, a, 'POST', `/users/${b.user.id}/follow`)).toMatchObject({
      status: 403,
      body: { code: 'USER_BLOCKED' },
    });

    const unblocked = await call(server, a, 'DELETE', `/users/${b.user.id}/block`);
    expect(unblocked.body.updatedCurrentUser.blockedUserIds).toEqual([]);
    expect(await blockedEitherWay(db, a.user.id, b.user.id)).toBe(false);
    expect(await hiddenUserIds(db, b.user.id)).toEqual([]);
    expect((await call(server, b, 'POST', `/users/${a.user.id}/follow`)).status).toBe(200);
  });

  it('does not answer with the blocker to the blocked user', async () => {
    const a = await actor(server);
    const b = await actor(server);
    await call(server, a, 'POST', `/users/${b.user.id}/block`);
    // b may still block a back; the answer leaves a out
    const res = await call(server, b, 'POST', `/users/${a.user.id}/block`);
    expect(res.status).toBe(200);
    expect(res.body.user).toBeUndefined();
    expect(await hiddenUserIds(server.ctx.db, a.user.id)).toEqual([b.user.id]);
  });

  it('is rate limited per account', async () => {
    const spammer = await actor(server);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await call(server, spammer, 'POST', `/users/${randomUUID()}/block`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // another account keeps its own budget
    const other = await actor(server);
    expect((await call(server, other, 'POST', `/users/${randomUUID()}/block`)).status).toBe(404);
  });
});

describe('restrict', () => {
  it('toggles with restrict/unrestrict and shows in both sides relations', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const on = await call(server, creator, 'POST', `/users/${fan.user.id}/restrict`);
    expect(on.status).toBe(200);
    expect(on.body.updatedCurrentUser.restrictedUserIds).toEqual([fan.user.id]);
    expect(on.body.user.isRestricted).toBe(true);
    expect((await call(server, creator, 'POST', `/users/${fan.user.id}/restrict`)).status).toBe(
      200,
    );
    expect(await isRestrictedBy(server.ctx.db, creator.user.id, fan.user.id)).toBe(true);
    expect(await isRestrictedBy(server.ctx.db, fan.user.id, creator.user.id)).toBe(false);
    expect((await loadOwnRelations(server.ctx.db, fan.user.id)).restrictedByUserIds).toEqual([
      creator.user.id,
    ]);
    const ids = await call(server, creator, 'GET', '/users/me/restricted');
    expect(ids.body).toEqual({ restrictedUserIds: [fan.user.id] });

    const off = await call(server, creator, 'POST', `/users/${fan.user.id}/unrestrict`);
    expect(off.body.updatedCurrentUser.restrictedUserIds).toEqual([]);
    expect(await isRestrictedBy(server.ctx.db, creator.user.id, fan.user.id)).toBe(false);
    expect((await call(server, creator, 'POST', `/users/${creator.user.id}/restrict`)).status).toBe(
      400,
    );
  });
});

describe('detachFromGraph', () => {
  it('removes every follow of an account with all counters fixed', async () => {
    const gone = await actor(server, 'creator');
    const others = await Promise.all([actor(server), actor(server, 'creator')]);
    for (const o of others) {
      await call(server, o, 'POST', `/users/${gone.user.id}/follow`);
      await call(server, gone, 'POST', `/users/${o.user.id}/follow`);
    }
    await detachFromGraph(server.ctx.db, gone.user.id);
    expect(await counts(server, gone.user.id)).toEqual({ followers_count: 0, following_count: 0 });
    for (const o of others)
      expect(await counts(server, o.user.id)).toEqual({ followers_count: 0, following_count: 0 });
  });
});

describe('demo seed', () => {
  it('has the fan follow both creators and fan2 follow the first', async () => {
    const ids = await seedDemo(server.ctx);
    const own = await loadOwnRelations(server.ctx.db, ids.fan);
    expect(new Set(own.followingUserIds)).toEqual(new Set([ids.creator, ids.creator2]));
    expect((await loadOwnRelations(server.ctx.db, ids.fan2)).followingUserIds).toEqual([
      ids.creator,
    ]);
    expect(await counts(server, ids.creator)).toMatchObject({ followers_count: 2 });
    expect(await counts(server, ids.creator2)).toMatchObject({ followers_count: 1 });
    expect(await counts(server, ids.fan)).toMatchObject({ following_count: 2 });
  });
});
