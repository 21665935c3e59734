import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { followsPageQuery } from './graph-lists.queries.ts';
import { actor, call, type Actor } from './test-kit.ts';

let server: TestServer;
let creator: Actor;
let fans: Actor[];

beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  fans = [];
  // sequential, so the follow order (newest first in the list) is known
  for (let i = 0; i < 5; i++) {
    const fan = await actor(server);
    await call(server, fan, 'POST', `/users/${creator.user.id}/follow`);
    fans.push(fan);
  }
});
afterAll(() => server.close());

const newestFirst = () => [...fans].reverse().map((f) => f.user.id);

describe('followers and following', () => {
  it('pages followers newest first with currentPage, totalPages and hasMore', async () => {
    const p1 = await call(server, creator, 'GET', '/users/me/followers?page=1&limit=2');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ currentPage: 1, totalPages: 3, hasMore: true });
    const p3 = await call(server, creator, 'GET', '/users/me/followers?page=3&limit=2');
    expect(p3.body).toMatchObject({
      currentPage: 3,
      totalPages: 3,
      hasMore: false,
      nextCursor: null,
    });
    const p2 = await call(server, creator, 'GET', '/users/me/followers?page=2&limit=2');
    const ids = [p1, p2, p3].flatMap((p) => p.body.users.map((u: { id: string }) => u.id));
    expect(ids).toEqual(newestFirst());
    // the default page size is 20
    const all = await call(server, creator, 'GET', '/users/me/followers');
    expect(all.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });
    expect(all.body.users).toHaveLength(5);
  });

  it('walks the same order by keyset cursor', async () => {
    const seen: string[] = [];
    let url = '/users/me/followers?limit=2';
    for (;;) {
      const page = await call(server, creator, 'GET', url);
      seen.push(...page.body.users.map((u: { id: string }) => u.id));
      if (!page.body.nextCursor) break;
      url = `/users/me/followers?limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`;
    }
    expect(seen).toEqual(newestFirst());
    const bad = await call(server, creator, 'GET', '/users/me/followers?cursor=garbage');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('flags each user with the viewer relation', async () => {
    const [first] = fans;
    if (!first) throw new Error('no fans');
    await call(server, creator, 'POST', `/users/${first.user.id}/follow`);
    const res = await call(server, creator, 'GET', '/users/me/followers?limit=100');
    const flags = Object.fromEntries(
      res.body.users.map((u: { id: string; isFollowing: boolean }) => [u.id, u.isFollowing]),
    );
    expect(flags[first.user.id]).toBe(true);
    expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
    const following = await call(server, first, 'GET', '/users/me/following');
    expect(following.body.users).toMatchObject([{ id: creator.user.id, isFollowing: true }]);
    await call(server, creator, 'DELETE', `/users/${first.user.id}/follow`);
  });

  it('validates paging input', async () => {
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
      const res = await call(server, creator, 'GET', `/users/me/followers?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await call(server, null, 'GET', '/users/me/followers')).status).toBe(401);
  });

  it('reads a followers page from follows_followee_idx, already ordered (EXPLAIN)', async () => {
    const plan = await server.ctx.db.transaction().execute(async (tx) => {
      // the test table is tiny, so a sequential scan would be cheapest; forbid it to see the
      // plan a large table gets
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_bitmapscan = off`.execute(tx);
      const rows = await followsPageQuery(tx, creator.user.id, 'followers', {
        limit: 21,
        offset: 0,
      }).explain();
      return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    });
    if (process.env.SHOW_EXPLAIN) console.log(plan);
    expect(plan).toContain('follows_followee_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('blocked and restricted lists', () => {
  it('lists ids and users, and a block removes the follower from the lists', async () => {
    const owner = await actor(server, 'creator');
    const a = await actor(server);
    const b = await actor(server);
    await call(server, a, 'POST', `/users/${owner.user.id}/follow`);
    await call(server, owner, 'POST', `/users/${a.user.id}/block`);
    await call(server, owner, 'POST', `/users/${b.user.id}/block`);
    await call(server, owner, 'POST', `/users/${b.user.id}/restrict`);

    const ids = await call(server, owner, 'GET', '/users/me/blocked');
    expect(ids.body).toEqual({ blockedUserIds: [b.user.id, a.user.id] });
    const users = await call(server, owner, 'GET', '/users/me/blocked-users?limit=1');
    expect(users.body).toMatchObject({ currentPage: 1, totalPages: 2, hasMore: true });
    expect(users.body.users).toMatchObject([{ id: b.user.id, isBlocked: true }]);
    const restricted = await call(server, owner, 'GET', '/users/me/restricted-users');
    expect(restricted.body.users).toMatchObject([{ id: b.user.id, isRestricted: true }]);
    const followers = await call(server, owner, 'GET', '/users/me/followers');
    expect(followers.body).toMatchObject({ users: [], totalPages: 0, hasMore: false });
  });
});

describe('recent activity', () => {
  it('merges follows made and received, newest first', async () => {
    const me = await actor(server, 'creator');
    const other = await actor(server, 'creator');
    const fan = await actor(server);
    await call(server, me, 'POST', `/users/${other.user.id}/follow`);
    await call(server, fan, 'POST', `/users/${me.user.id}/follow`);
    const res = await call(server, me, 'GET', '/users/me/recent-activity');
    expect(res.status).toBe(200);
    expect(res.body.activities).toMatchObject([
      { type: 'followed_by', user: { id: fan.user.id } },
      { type: 'follow', user: { id: other.user.id, isFollowing: true } },
    ]);
    expect(typeof res.body.activities[0].createdAt).toBe('string');
    const one = await call(server, me, 'GET', '/users/me/recent-activity?limit=1');
    expect(one.body.activities).toHaveLength(1);
  });

  it('adds subscriptions made and received, and likes and comments on my posts', async () => {
    const me = await actor(server, 'creator');
    const creatorIFollow = await actor(server, 'creator');
    const fan = await actor(server);
    const db = server.ctx.db;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    await db
      .insertInto('subscriptions')
      .values([
        {
          subscriber_id: me.user.id,
          creator_id: creatorIFollow.user.id,
          current_period_end: periodEnd,
          created_at: at(40),
        },
        {
          subscriber_id: fan.user.id,
          creator_id: me.user.id,
          current_period_end: periodEnd,
          created_at: at(30),
        },
      ])
      .execute();
    const post = await db
      .insertInto('posts')
      .values({ user_id: me.user.id, caption: 'hello' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const liked = await call(server, fan, 'POST', `/posts/${post.id}/like`);
    expect(liked.status).toBe(200);
    const commented = await call(server, fan, 'POST', `/posts/${post.id}/comments`, {
      text: 'nice',
    });
    expect(commented.status).toBe(201);
    // my own like on my own post is not activity
    await call(server, me, 'POST', `/posts/${post.id}/like`);

    const res = await call(server, me, 'GET', '/users/me/recent-activity');
    expect(res.status).toBe(200);
    const kinds = res.body.activities.map((a: { type: string; user: { id: string } }) => [
      a.type,
      a.user.id,
    ]);
    expect(kinds).toEqual([
      ['post_commented', fan.user.id],
      ['post_liked', fan.user.id],
      ['subscribed_by', fan.user.id],
      ['subscribe', creatorIFollow.user.id],
    ]);
    expect(res.body.activities[0].relatedId).toBe(post.id);
    // the fan sees the other side of the same subscription
    const theirs = await call(server, fan, 'GET', '/users/me/recent-activity');
    expect(theirs.body.activities).toMatchObject([{ type: 'subscribe', user: { id: me.user.id } }]);
  });
});
