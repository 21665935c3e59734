import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCreator, createUser, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { usersTestKit } from './users.test-kit.ts';
import { sql } from 'kysely';
import { withTransaction } from '../../platform/db/database.ts';
import { insertPost } from '../posts/posts.test-kit.ts';

const kit = usersTestKit();
const { signedIn, call, reload } = kit;
let server: TestServer;
beforeAll(() => {
  server = kit.server;
});

describe('social links', () => {
  it('adds https links with ids and removes them by id', async () => {
    const { headers } = await signedIn();
    const res = await call('POST', '/api/users/me/social-links', headers, {
      socialLinks: [
        { platform: 'instagram', url: 'https://instagram.com/ann' },
        { platform: 'x', url: 'https://x.com/ann' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const links = res.json().socialLinks as Array<{ id: string; platform: string; url: string }>;
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ platform: 'instagram', url: 'https://instagram.com/ann' });
    expect(links[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    // the same link again is not duplicated
    const again = await call('POST', '/api/users/me/social-links', headers, {
      socialLinks: [{ platform: 'Instagram', url: 'https://instagram.com/ann' }],
    });
    expect(again.json().socialLinks).toHaveLength(2);
    const removed = await call('DELETE', `/api/users/me/social-links/${links[0]!.id}`, headers);
    expect(removed.json().socialLinks).toEqual([links[1]]);
    expect(
      (await call('DELETE', `/api/users/me/social-links/${links[0]!.id}`, headers)).statusCode,
    ).toBe(404);
  });

  it('refuses non-https URLs and more than 20 links', async () => {
    const { headers } = await signedIn();
    for (const url of [
      'http://example.com',
      'javascript:alert(1)',
      'ftp://x.y',
      'https://user:pw@x.com',
      'notaurl',
    ]) {
      const res = await call('POST', '/api/users/me/social-links', headers, {
        socialLinks: [{ platform: 'web', url }],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().field).toBe('socialLinks.0.url');
    }
    const many = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        platform: 'web',
        url: `https://site${from + i}.example`,
      }));
    expect(
      (await call('POST', '/api/users/me/social-links', headers, { socialLinks: many(21) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/users/me/social-links', headers, { socialLinks: many(15) }))
        .statusCode,
    ).toBe(200);
    const over = await call('POST', '/api/users/me/social-links', headers, {
      socialLinks: many(6, 100),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain('at most 20');
  });

  it("cannot delete another user's link (404, and theirs stays)", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const res = await call('POST', '/api/users/me/social-links', owner.headers, {
      socialLinks: [{ platform: 'web', url: 'https://owner.example' }],
    });
    const linkId = res.json().socialLinks[0].id as string;
    const attempt = await call('DELETE', `/api/users/me/social-links/${linkId}`, other.headers);
    expect(attempt.statusCode).toBe(404);
    expect((await reload(owner.user.id)).social_links).toHaveLength(1);
  });
});

describe('public profiles', () => {
  it('looks accounts up by id and username (case-insensitive), hiding deleted and banned ones', async () => {
    const viewer = await signedIn();
    const creator = await createCreator(server.ctx, { username: 'Lookup.Me', bio: 'hello' });
    const byId = await call('GET', `/api/users/${creator.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: creator.id, username: 'Lookup.Me', isCreator: true });
    expect(byId.json()).not.toHaveProperty('email');
    expect(byId.json()).not.toHaveProperty('preferences');
    const byName = await call('GET', '/api/users/username/lookup.me', viewer.headers);
    expect(byName.json().id).toBe(creator.id);

    const banned = await createUser(server.ctx, { status: 'banned' });
    const deleted = await createUser(server.ctx, { status: 'deleted', deleted_at: new Date() });
    const suspended = await createUser(server.ctx, { status: 'suspended' });
    for (const user of [banned, deleted]) {
      expect((await call('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
      const res = await call('GET', `/api/users/username/${user.username}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await call('GET', `/api/users/${suspended.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/users/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/username/no%00body')).statusCode).toBe(404);
  });

  it('shows the Pro pack as hasActiveProPack and under its SPEC §3 name hasProPack', async () => {
    const pro = await createCreator(server.ctx, {
      pro_pack_active_until: new Date(Date.now() + 86_400_000),
    });
    const plain = await createCreator(server.ctx);
    const proView = (await call('GET', `/api/users/${pro.id}`)).json();
    expect(proView).toMatchObject({ hasActiveProPack: true, hasProPack: true });
    const plainView = (await call('GET', `/api/users/username/${plain.username}`)).json();
    expect(plainView).toMatchObject({ hasActiveProPack: false, hasProPack: false });
  });

  it('searches by username or display name with pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const creators = [];
    for (let i = 0; i < 3; i += 1)
      creators.push(
        await createCreator(server.ctx, { username: `${tag}_c${i}`, followers_count: i }),
      );
    await createUser(server.ctx, { username: `${tag}_fan` });
    await createUser(server.ctx, { display_name: `The ${tag.toUpperCase()} Fan` });
    await createUser(server.ctx, {
      username: `${tag}_gone`,
      status: 'deleted',
      deleted_at: new Date(),
    });

    const all = await call('GET', `/api/users?q=${tag}&limit=2`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5, currentPage: 1, totalPages: 3, hasMore: true });
    expect(all.json().users).toHaveLength(2);
    const last = await call('GET', `/api/users?q=${tag}&limit=2&page=3`);
    expect(last.json()).toMatchObject({ currentPage: 3, hasMore: false });
    expect(last.json().users).toHaveLength(1);

    const onlyCreators = await call('GET', `/api/users?q=${tag}&creatorsOnly=true`);
    const names = onlyCreators.json().users.map((u: { username: string }) => u.username);
    expect(names).toEqual([`${tag}_c2`, `${tag}_c1`, `${tag}_c0`]);

    const exact = await call('GET', `/api/users?q=${tag}_c0`);
    expect(exact.json().users[0].username).toBe(`${tag}_c0`);
    // LIKE wildcards in q are literal
    expect((await call('GET', `/api/users?q=${tag}%25`)).json().total).toBe(0);
    expect((await call('GET', '/api/users?limit=51')).statusCode).toBe(400);
  });

  it('applies blocks: hidden from someone you blocked, flagged for the blocker', async () => {
    const blocker = await signedIn({ username: `blk_${Date.now().toString(36)}` });
    const blocked = await signedIn();
    const res = await call('POST', `/api/users/${blocked.user.id}/block`, blocker.headers);
    expect(res.statusCode).toBeLessThan(300);

    const me = await call('GET', '/api/users/me', blocker.headers);
    expect(me.json().blockedUserIds).toEqual([blocked.user.id]);
    const seen = await call('GET', `/api/users/${blocked.user.id}`, blocker.headers);
    expect(seen.json()).toMatchObject({ isBlocked: true, isFollowing: false });
    // the blocked user no longer finds the blocker, by id, name or search
    expect((await call('GET', `/api/users/${blocker.user.id}`, blocked.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/users/username/${blocker.user.username}`, blocked.headers))
        .statusCode,
    ).toBe(404);
    const search = await call('GET', `/api/users?q=${blocker.user.username}`, blocked.headers);
    expect(search.json().total).toBe(0);
    // visitors still see the profile
    expect((await call('GET', `/api/users/${blocker.user.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/users?q=${blocker.user.username}`)).json().total).toBe(1);
  });

  it('serves the search from the trigram indexes', async () => {
    // a near-empty table is cheaper to scan, so forbid that to see which index the plan takes
    const plan = await withTransaction(server.ctx.db, async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from users
        where username::text ilike '%abcdef%' or display_name ilike '%abcdef%'`.execute(tx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_username_trgm_idx');
    expect(plan).toContain('users_display_name_trgm_idx');
  });
});

describe('privacy: showFollowerCount', () => {
  it('hides the follower count from everyone but the owner once switched off', async () => {
    const tag = `hfc${Date.now().toString(36)}`;
    const creator = await createCreator(server.ctx, { username: tag, followers_count: 7 });
    const owner = { headers: bearer(await tokenFor(server.ctx, creator)) };
    const viewer = await signedIn();
    const counts = async (headers: Record<string, string> = {}) => {
      const optimized = await call('GET', '/api/users/optimized?limit=50', headers);
      const slim = (optimized.json().users as Array<{ id: string; followersCount: unknown }>).find(
        (u) => u.id === creator.id,
      );
      return [
        (await call('GET', `/api/users/${creator.id}`, headers)).json().followersCount,
        (await call('GET', `/api/users/username/${tag}`, headers)).json().followersCount,
        (await call('GET', `/api/users?q=${tag}`, headers)).json().users[0].followersCount,
        slim?.followersCount,
      ];
    };
    expect(await counts(viewer.headers)).toEqual([7, 7, 7, 7]);

    const off = await call('PUT', '/api/users/me', owner.headers, {
      privacy: { showFollowerCount: false },
    });
    expect(off.statusCode).toBe(200);
    // the owner's own account and profile keep the number
    expect(off.json().followersCount).toBe(7);
    expect(await counts(owner.headers)).toEqual([7, 7, 7, 7]);
    // everyone else gets null (not 0): the count is hidden, not empty
    expect(await counts(viewer.headers)).toEqual([null, null, null, null]);
    expect(await counts()).toEqual([null, null, null, null]);
    // the same as the author of a post and of a comment
    const post = await insertPost(server, creator);
    const commented = await call('POST', `/api/posts/${post.id}/comments`, owner.headers, {
      text: 'mine',
    });
    expect(commented.statusCode).toBe(201);
    const asAuthor = async (headers: Record<string, string>) => [
      (await call('GET', `/api/posts/${post.id}`, headers)).json().user.followersCount,
      (await call('GET', `/api/posts/${post.id}/comments`, headers)).json().comments[0].user
        .followersCount,
    ];
    expect(await asAuthor(owner.headers)).toEqual([7, 7]);
    expect(await asAuthor(viewer.headers)).toEqual([null, null]);
    // other counts stay
    expect((await call('GET', `/api/users/${creator.id}`)).json().postsCount).toBe(0);

    await call('PUT', '/api/users/me', owner.headers, { privacy: { showFollowerCount: true } });
    expect(await counts(viewer.headers)).toEqual([7, 7, 7, 7]);
  });
});
