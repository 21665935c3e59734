import { SYSTEM_ACTOR_ID, type Notification } from '@fanspace/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { actor, block, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import { listen, TestSocket } from '../realtime/ws-test-client.ts';
import { notify } from './notify.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function listOf(who: Actor, query = '') {
  const res = await call(server, who, 'GET', `/notifications${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    notifications: Notification[];
    unreadCount: number;
    hasMore: boolean;
    nextCursor: string | null;
    totalPages: number;
  };
}

async function unread(who: Actor) {
  const res = await call(server, who, 'GET', '/notifications/unread-count');
  expect(res.status).toBe(200);
  return (res.body as { count: number }).count;
}

describe('notifications created by other modules', () => {
  it('follow, like and comment notify the other user with the actor, never oneself', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    expect((await call(server, fan, 'POST', `/users/${creator.user.id}/follow`)).status).toBe(200);
    const post = await insertPost(server, creator.user);
    expect((await call(server, fan, 'POST', `/posts/${post.id}/like`)).status).toBe(200);
    const comment = await call(server, fan, 'POST', `/posts/${post.id}/comments`, { text: 'nice' });
    expect(comment.status).toBe(201);
    // own actions on own content notify nobody
    await call(server, creator, 'POST', `/posts/${post.id}/like`);

    const { notifications, unreadCount } = await listOf(creator);
    expect(notifications.map((n) => n.type)).toEqual(['comment', 'like', 'follow']);
    expect(unreadCount).toBe(3);
    for (const n of notifications) {
      expect(n.actorId).toBe(fan.user.id);
      expect(n.actor?.id).toBe(fan.user.id);
      expect(n.isRead).toBe(false);
    }
    expect(notifications[0]).toMatchObject({ relatedId: post.id, relatedType: 'post' });
    expect(notifications[0]!.data).toMatchObject({
      commentId: (comment.body as { id: string }).id,
      preview: 'nice',
    });
    expect(notifications[2]).toMatchObject({ relatedId: fan.user.id, relatedType: 'user' });
    expect(await unread(fan)).toBe(0);
  });

  it('respects preferences.notifications.<type> === false', async () => {
    const creator = await actor(server, 'creator', {
      preferences: JSON.stringify({ notifications: { like: false } }),
    });
    const fan = await actor(server);
    const post = await insertPost(server, creator.user);
    await call(server, fan, 'POST', `/posts/${post.id}/like`);
    await call(server, fan, 'POST', `/users/${creator.user.id}/follow`);
    const { notifications } = await listOf(creator);
    expect(notifications.map((n) => n.type)).toEqual(['follow']);
  });

  it('a system notification has the fixed system actor id', async () => {
    const user = await actor(server);
    await notify(server.ctx.db, { userId: user.user.id, type: 'system', data: { text: 'hi' } });
    const { notifications } = await listOf(user);
    expect(notifications[0]).toMatchObject({
      type: 'system',
      actorId: SYSTEM_ACTOR_ID,
      actor: null,
    });
  });

  it('nothing is recorded when the surrounding transaction rolls back, nor from a blocked actor', async () => {
    const a = await actor(server);
    const b = await actor(server);
    await expect(
      withTransaction(server.ctx.db, async (tx) => {
        await notify(tx, { userId: a.user.id, type: 'admin' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await notify(server.ctx.db, { userId: a.user.id, type: 'mention', actorId: b.user.id });
    expect(await unread(a)).toBe(1);
    // a block hides what the blocked actor caused, from the list and the badge alike
    await block(server, a, b);
    expect((await listOf(a)).notifications).toEqual([]);
    expect(
      await notify(server.ctx.db, { userId: a.user.id, type: 'mention', actorId: b.user.id }),
    ).toBeNull();
    expect(await unread(a)).toBe(0);
  });
});

describe('reading and managing notifications', () => {
  async function seeded(count: number) {
    const user = await actor(server);
    const other = await actor(server);
    for (let i = 0; i < count; i += 1)
      await notify(server.ctx.db, {
        userId: user.user.id,
        type: 'mention',
        actorId: other.user.id,
        data: { i },
      });
    // one second apart, oldest first: two notices can share a timestamp on a fast clock, and the
    // id that then breaks the tie is random, so insertion order alone would not fix the order
    await sql`update notifications
      set created_at = now() - (${count} - (data->>'i')::int) * interval '1 second'
      where user_id = ${user.user.id}::uuid`.execute(server.ctx.db);
    return { user, other };
  }

  it('pages by page/limit and by the before cursor', async () => {
    const { user } = await seeded(5);
    const first = await listOf(user, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first).toMatchObject({ hasMore: true, totalPages: 3 });
    const second = await listOf(user, `?limit=2&before=${first.nextCursor}`);
    const third = await listOf(user, '?limit=2&page=3');
    expect(second.notifications.map((n) => n.data.i)).toEqual([2, 1]);
    expect(third.notifications.map((n) => n.data.i)).toEqual([0]);
    expect((await call(server, user, 'GET', '/notifications?before=garbage')).status).toBe(400);
  });

  it('lists notices made at one time (one transaction) newest first, as they were made', async () => {
    const user = await actor(server);
    const other = await actor(server);
    // now() is the transaction's start: all five share created_at, the ids break the tie
    await withTransaction(server.ctx.db, async (tx) => {
      for (let i = 0; i < 5; i += 1)
        await notify(tx, {
          userId: user.user.id,
          type: 'mention',
          actorId: other.user.id,
          data: { i },
        });
    });
    const { notifications } = await listOf(user);
    expect(new Set(notifications.map((n) => n.createdAt)).size).toBe(1);
    expect(notifications.map((n) => n.data.i)).toEqual([4, 3, 2, 1, 0]);
  });

  it('pages by the before cursor through notifications made in one millisecond', async () => {
    const { user } = await seeded(5);
    // five notices 150 µs apart inside one millisecond, oldest first (i = 0 … 4)
    await sql`update notifications
      set created_at = '2026-11-20T10:00:00.100Z'::timestamptz
        + ((data->>'i')::int * 150) * interval '1 microsecond'
      where user_id = ${user.user.id}::uuid`.execute(server.ctx.db);
    const seen: number[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 5; page += 1) {
      const { notifications, nextCursor } = await listOf(user, query);
      seen.push(...notifications.map((n) => n.data.i as number));
      if (!nextCursor) break;
      query = `?limit=2&before=${nextCursor}`;
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    // a cursor of milliseconds (as handed out before) is still read; a date that does not exist
    // is a 400, not a database error
    const old = Buffer.from('2026-11-20T10:00:00.100Z|ffffffff-ffff-4fff-bfff-ffffffffffff');
    const legacy = await listOf(user, `?before=${old.toString('base64url')}`);
    expect(legacy.notifications.map((n) => n.data.i)).toEqual([0]);
    const feb30 = Buffer.from(`2026-02-30T10:00:00.000000Z|${user.user.id}`).toString('base64url');
    expect((await call(server, user, 'GET', `/notifications?before=${feb30}`)).status).toBe(400);
  });

  it('check, new, unread-count, mark read, mark-all, delete and delete all', async () => {
    const { user, other } = await seeded(3);
    expect((await call(server, user, 'GET', '/notifications/check')).body).toEqual({
      hasNew: true,
      unreadCount: 3,
    });
    const { notifications } = await listOf(user);
    // the list fetch moved the mark: nothing new until the next notification
    expect((await call(server, user, 'GET', '/notifications/check')).body).toMatchObject({
      hasNew: false,
    });
    const since = new Date().toISOString();
    // `since` is exclusive and timestamps can share a millisecond: the notice must come later
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(server.ctx.db, { userId: user.user.id, type: 'tip', actorId: other.user.id });
    expect((await call(server, user, 'GET', '/notifications/check')).body).toMatchObject({
      hasNew: true,
    });
    const fresh = await call(
      server,
      user,
      'GET',
      `/notifications/new?since=${encodeURIComponent(since)}`,
    );
    expect(fresh.body.notifications.map((n: Notification) => n.type)).toEqual(['tip']);
    // epoch milliseconds name the same time; garbage is a 400 naming both forms
    const byEpoch = await call(
      server,
      user,
      'GET',
      `/notifications/new?since=${new Date(since).getTime()}`,
    );
    expect(byEpoch.body.notifications).toEqual(fresh.body.notifications);
    const garbage = await call(server, user, 'GET', '/notifications/new?since=yesterday');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'since' });
    expect(garbage.body.message).toMatch(/date-time.*epoch milliseconds/);
    expect(await unread(user)).toBe(4);

    const target = notifications[0]!;
    const read = await call(server, user, 'PUT', `/notifications/${target.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ id: target.id, isRead: true });
    expect(await unread(user)).toBe(3);
    expect((await call(server, user, 'PUT', '/notifications/mark-all-read')).body).toEqual({
      ok: true,
      count: 3,
    });
    expect(await unread(user)).toBe(0);

    expect((await call(server, user, 'DELETE', `/notifications/${target.id}`)).status).toBe(200);
    expect((await call(server, user, 'DELETE', `/notifications/${target.id}`)).status).toBe(404);
    expect((await call(server, user, 'DELETE', '/notifications/all')).body).toEqual({
      ok: true,
      count: 3,
    });
    expect((await listOf(user)).notifications).toEqual([]);
  });

  it("another user's notification ids are 404, malformed ones too", async () => {
    const { user } = await seeded(1);
    const stranger = await actor(server);
    const [n] = (await listOf(user)).notifications;
    for (const url of [`/notifications/${n!.id}/read`, '/notifications/not-a-uuid/read'])
      expect((await call(server, stranger, 'PUT', url)).status).toBe(404);
    expect((await call(server, stranger, 'DELETE', `/notifications/${n!.id}`)).status).toBe(404);
    expect((await listOf(user)).notifications).toHaveLength(1);
    expect((await call(server, null, 'GET', '/notifications')).status).toBe(401);
  });

  it('actors and related content', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const post = await insertPost(server, creator.user);
    await call(server, fan, 'POST', `/posts/${post.id}/like`);
    const actors = await call(
      server,
      creator,
      'GET',
      `/notifications/actors?ids=${fan.user.id},junk`,
    );
    expect(actors.body.users.map((u: { id: string }) => u.id)).toEqual([fan.user.id]);
    // repeated `ids=` too, each of which may itself be a list
    const repeated = await call(
      server,
      creator,
      'GET',
      `/notifications/actors?ids=${fan.user.id}&ids=junk,${creator.user.id}&ids=${fan.user.id}`,
    );
    expect(repeated.status).toBe(200);
    expect(repeated.body.users.map((u: { id: string }) => u.id)).toEqual([
      fan.user.id,
      creator.user.id,
    ]);
    const [like] = (await listOf(creator)).notifications;
    const related = await call(server, creator, 'POST', '/notifications/related-content', {
      ids: [like!.id],
    });
    expect(related.status).toBe(200);
    expect(Object.keys(related.body.posts)).toEqual([post.id]);
    expect(Object.keys(related.body.users)).toEqual([fan.user.id]);
    // someone else's notification ids give nothing
    const stranger = await call(server, fan, 'POST', '/notifications/related-content', {
      ids: [like!.id],
    });
    expect(stranger.body).toEqual({ posts: {}, users: {} });
  });
});

describe('realtime', () => {
  it('delivers a notification event to the connected user after commit', async () => {
    const base = await listen(server.app);
    const user = await actor(server);
    const fan = await actor(server);
    const { socket } = await TestSocket.open(`${base}/realtime?token=${user.token}`);
    try {
      await call(server, fan, 'POST', `/users/${user.user.id}/follow`);
      const frame = await socket.next('notification');
      const [n] = (await listOf(user)).notifications;
      expect(frame.data).toEqual({ notificationId: n!.id, type: 'follow' });
    } finally {
      await socket.close();
    }
  });
});

describe('query plans', () => {
  it('unread-count reads the partial unread index, never the whole table', async () => {
    const user = await actor(server);
    const plan = await withTransaction(server.ctx.db, async (tx) => {
      // a tiny test table would be seq-scanned anyway; this asks whether the index serves it
      await sql`set local enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`explain select count(*) from notifications where user_id = ${user.user.id} and is_read = false`.execute(
        tx,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('notifications_unread_idx');
  });
});
