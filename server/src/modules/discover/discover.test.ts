import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';
import { insertPost } from '../posts/posts.test-kit.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
beforeAll(() => {
  ({ server } = kit);
});

describe('GET /discover', () => {
  it('gathers creators, trending public posts and popular hashtags; hides blocked accounts', async () => {
    const creator = await asUser('creator');
    const viewer = await asUser();
    const publicPost = await insertPost(server, creator.user, { caption: 'sunrise' });
    const locked = await insertPost(server, creator.user, {
      caption: 'locked',
      access_level: 'subscribers',
    });
    await server.ctx.db
      .insertInto('hashtags')
      .values([
        { tag: 'zzpopular', posts_count: 50 },
        { tag: 'zzquiet', posts_count: 2 },
        { tag: 'zzgone', posts_count: 0 },
      ])
      .execute();

    const res = await call('GET', '/discover', null);
    expect(res.status).toBe(200);
    const postIds = res.body.posts.map((p: { id: string }) => p.id);
    expect(postIds).toContain(publicPost.id);
    expect(postIds).not.toContain(locked.id);
    expect(res.body.creators.map((u: { id: string }) => u.id)).toContain(creator.user.id);
    expect(res.body.newCreators.map((u: { id: string }) => u.id)).toContain(creator.user.id);
    const tags = res.body.hashtags.map((t: { tag: string }) => t.tag);
    expect(tags.indexOf('zzpopular')).toBeLessThan(tags.indexOf('zzquiet'));
    expect(tags).not.toContain('zzgone');
    expect(res.body.hashtags[0]).toMatchObject({ name: `#${res.body.hashtags[0].tag}` });

    await call('POST', `/users/${creator.user.id}/block`, viewer.headers);
    const blocked = await call('GET', '/discover', viewer.headers);
    expect(blocked.body.posts.map((p: { id: string }) => p.id)).not.toContain(publicPost.id);
    expect(blocked.body.creators.map((u: { id: string }) => u.id)).not.toContain(creator.user.id);
  });
});

describe('optimized list variants', () => {
  it('pages public posts by cursor without gaps or repeats', async () => {
    const creator = await asUser('creator');
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const post = await insertPost(server, creator.user, {
        caption: `post ${i} ${'x'.repeat(200)}`,
        published_at: new Date(base + i * 1000),
      });
      ids.unshift(post.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/posts/optimized?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call('GET', url, null);
      expect(page.status).toBe(200);
      for (const p of page.body.posts) {
        expect(p.excerpt.length).toBeLessThanOrEqual(140);
        expect(Object.keys(p).sort()).toEqual(
          [
            'accessLevel',
            'authorId',
            'authorUsername',
            'commentsCount',
            'excerpt',
            'id',
            'likesCount',
            'publishedAt',
            // the SPEC §3 Post names of the same values
            'caption',
            'userId',
            'likeCount',
            'createdAt',
          ].sort(),
        );
        expect(p).toMatchObject({
          caption: p.excerpt,
          userId: p.authorId,
          likeCount: p.likesCount,
          createdAt: p.publishedAt,
        });
      }
      expect(page.body.hasMore).toBe(page.body.nextCursor !== null);
      seen.push(...page.body.posts.map((p: { id: string }) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    const mine = seen.filter((id) => ids.includes(id));
    expect(mine).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages through posts published in one millisecond', async () => {
    const creator = await asUser('creator');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const post = await insertPost(server, creator.user, { caption: `tick ${i}` });
      // 150 µs apart inside one millisecond, newest last
      await sql`update posts set published_at = '2026-01-01T00:00:00.100Z'::timestamptz
          + ${i * 150} * interval '1 microsecond' where id = ${post.id}::uuid`.execute(
        server.ctx.db,
      );
      ids.unshift(post.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/posts/optimized?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call('GET', url, null);
      expect(page.status).toBe(200);
      seen.push(...page.body.posts.map((p: { id: string }) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor && seen.length < 200);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('pages creators by cursor and rejects a forged cursor', async () => {
    const a = await asUser('creator');
    const b = await asUser('creator');
    const fan = await asUser();
    const first = await call('GET', '/users/optimized?limit=1', null);
    expect(first.body.users[0].id).toBe(b.user.id);
    const second = await call(
      'GET',
      `/users/optimized?limit=1&cursor=${first.body.nextCursor}`,
      null,
    );
    expect(second.body.users[0].id).toBe(a.user.id);
    expect(first.body.hasMore).toBe(true);
    const all = await call('GET', '/users/optimized?limit=100', null);
    expect(all.body.users.map((u: { id: string }) => u.id)).not.toContain(fan.user.id);
    expect(all.body.users[0]).not.toHaveProperty('email');
    const forged = await call('GET', '/users/optimized?cursor=bm9wZQ', null);
    expect(forged.status).toBe(400);
    expect((await call('GET', '/posts/optimized?limit=1000', null)).status).toBe(400);
  });
});

describe('social share and cache', () => {
  it('gives share links and OpenGraph data for public posts only', async () => {
    const creator = await asUser('creator');
    const post = await insertPost(server, creator.user, { caption: 'Hello   world' });
    const paid = await insertPost(server, creator.user, {
      caption: 'paid',
      access_level: 'paid',
      price_cents: 500,
    });
    const res = await call('GET', `/social/share/${post.id}`, null);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`/p/${post.id}$`));
    expect(res.body.description).toBe('Hello world');
    expect(res.body.openGraph['og:url']).toBe(res.body.url);
    expect(res.body.links.x).toContain(encodeURIComponent(res.body.url));
    expect((await call('GET', `/social/share/${paid.id}`, null)).status).toBe(404);
    await server.ctx.db
      .updateTable('posts')
      .set({ deleted_at: new Date() })
      .where('id', '=', post.id)
      .execute();
    expect((await call('GET', `/social/share/${post.id}`, null)).status).toBe(404);
    expect((await call('GET', '/social/share/nope', null)).status).toBe(400);
  });

  it('POST /cache/clear clears my server-side caches only', async () => {
    const me = await asUser();
    const other = await asUser();
    for (const who of [me, other])
      await server.ctx.db
        .insertInto('notification_cursors')
        .values({ user_id: who.user.id, fetched_at: new Date() })
        .execute();
    const res = await call('POST', '/cache/clear', me.headers);
    expect(res.status).toBe(200);
    expect(res.body.cleared.notificationCursor).toBe(1);
    const left = await server.ctx.db
      .selectFrom('notification_cursors')
      .select('user_id')
      .where('user_id', 'in', [me.user.id, other.user.id])
      .execute();
    expect(left.map((r) => r.user_id)).toEqual([other.user.id]);
    expect((await call('POST', '/cache/clear', null)).status).toBe(401);
  });
});
