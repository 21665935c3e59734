import { randomUUID } from 'node:crypto';
import { COMMUNITY_MESSAGES } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { actor, block, call, jpeg, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
let owner: Actor;
let fan: Actor;
let stranger: Actor;
let n = 0;
beforeAll(async () => {
  server = await createTestServer();
  owner = await actor(server, 'creator');
  fan = await actor(server);
  stranger = await actor(server);
});
afterAll(() => server.close());

const create = (who: Actor, body: Record<string, unknown> = {}) =>
  call(server, who, 'POST', '/communities', {
    name: `Club ${++n} ${randomUUID().slice(0, 6)}`,
    ...body,
  });

async function postMultipart(
  who: Actor,
  communityId: string,
  fields: Record<string, string>,
  files: Record<string, Buffer> = {},
) {
  const body = await multipartBody(files, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/communities/${communityId}/posts`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('communities CRUD', () => {
  it('creates a community whose creator is its owner', async () => {
    const res = await create(owner, { description: ' Lifting together ', category: 'fitness' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ownerId: owner.user.id,
      description: 'Lifting together',
      category: 'fitness',
      isPrivate: false,
      memberCount: 1,
      likeCount: 0,
      isMember: true,
      role: 'owner',
      canManage: true,
      members: [{ userId: owner.user.id, role: 'owner' }],
    });
    expect(res.body.communityId).toBe(res.body.id);
  });

  it('refuses bad input without writing and a taken name', async () => {
    expect((await call(server, owner, 'POST', '/communities', { name: 'ab' })).status).toBe(400);
    expect(
      (await call(server, owner, 'POST', '/communities', { name: 'Okay', category: 'nope' }))
        .status,
    ).toBe(400);
    expect((await call(server, owner, 'POST', '/communities', {})).status).toBe(400);
    const first = await create(owner);
    const dup = await call(server, fan, 'POST', '/communities', {
      name: first.body.name.toUpperCase(),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(COMMUNITY_MESSAGES.nameTaken);
    expect(
      (await call(server, null, 'POST', '/communities', { name: 'Visitors club' })).status,
    ).toBe(401);
    expect((await call(server, null, 'GET', '/communities')).status).toBe(401);
  });

  it('lets only managers edit and only the owner delete', async () => {
    const c = (await create(owner)).body;
    await call(server, fan, 'POST', `/communities/${c.id}/join`);
    const byFan = await call(server, fan, 'PUT', `/communities/${c.id}`, { description: 'hijack' });
    expect(byFan.status).toBe(403);
    expect(byFan.body.code).toBe('COMMUNITY_FORBIDDEN');
    const edited = await call(server, owner, 'PUT', `/communities/${c.id}`, {
      description: 'New',
      category: 'art',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ description: 'New', category: 'art' });
    await call(server, owner, 'PUT', `/communities/${c.id}/members/${fan.user.id}`, {
      role: 'moderator',
    });
    expect(
      (await call(server, fan, 'PUT', `/communities/${c.id}`, { description: 'Mod edit' })).status,
    ).toBe(200);
    expect((await call(server, fan, 'DELETE', `/communities/${c.id}`)).status).toBe(403);
    expect((await call(server, stranger, 'DELETE', `/communities/${c.id}`)).status).toBe(403);
    expect((await call(server, owner, 'DELETE', `/communities/${c.id}`)).status).toBe(200);
    expect((await call(server, owner, 'GET', `/communities/${c.id}`)).status).toBe(404);
    expect(
      (await call(server, owner, 'PUT', `/communities/${randomUUID()}`, { name: 'Ghost town' }))
        .status,
    ).toBe(404);
  });
});

describe('membership', () => {
  it('join and leave move memberCount; the owner cannot leave', async () => {
    const c = (await create(owner)).body;
    const joined = await call(server, fan, 'POST', `/communities/${c.id}/join`);
    expect(joined.status).toBe(200);
    expect(joined.body.community).toMatchObject({ memberCount: 2, isMember: true, role: 'member' });
    // joining twice changes nothing
    const again = await call(server, fan, 'POST', `/communities/${c.id}/join`);
    expect(again.body.community.memberCount).toBe(2);
    const ownerLeaves = await call(server, owner, 'POST', `/communities/${c.id}/leave`);
    expect(ownerLeaves.status).toBe(403);
    expect(ownerLeaves.body.message).toBe(COMMUNITY_MESSAGES.ownerLeaves);
    const left = await call(server, fan, 'POST', `/communities/${c.id}/leave`);
    expect(left.status).toBe(200);
    expect(left.body.community).toMatchObject({ memberCount: 1, isMember: false });
    expect((await call(server, fan, 'POST', `/communities/${c.id}/leave`)).status).toBe(404);
  });

  it('private communities need an invite and stay hidden from others', async () => {
    const c = (await create(owner, { isPrivate: true })).body;
    const refused = await call(server, fan, 'POST', `/communities/${c.id}/join`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'COMMUNITY_INVITE_REQUIRED',
      message: COMMUNITY_MESSAGES.inviteRequired,
    });
    expect((await call(server, fan, 'GET', `/communities/${c.id}`)).status).toBe(404);
    expect((await call(server, fan, 'GET', `/communities/${c.id}/posts`)).status).toBe(404);
    const list = await call(server, fan, 'GET', '/communities?limit=100');
    expect(list.body.communities.map((x: { id: string }) => x.id)).not.toContain(c.id);
    // a non-member cannot invite; the owner can
    expect(
      (await call(server, stranger, 'POST', `/communities/${c.id}/invite`, { userId: fan.user.id }))
        .status,
    ).toBe(404);
    const invite = await call(server, owner, 'POST', `/communities/${c.id}/invite`, {
      userId: fan.user.id,
    });
    expect(invite.status).toBe(200);
    const seen = await call(server, fan, 'GET', `/communities/${c.id}`);
    expect(seen.body).toMatchObject({ isInvited: true, isMember: false });
    // the invitee was notified with a link
    const note = await server.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', fan.user.id)
      .where('related_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(note.data).toMatchObject({ event: 'community_invite', url: `/communities/${c.id}` });
    expect((await call(server, fan, 'POST', `/communities/${c.id}/join`)).status).toBe(200);
    expect(
      (await call(server, owner, 'POST', `/communities/${c.id}/invite`, { userId: fan.user.id }))
        .status,
    ).toBe(409);
    // plain members of a private community do not invite
    expect(
      (await call(server, fan, 'POST', `/communities/${c.id}/invite`, { userId: stranger.user.id }))
        .status,
    ).toBe(403);
    expect(
      (await call(server, owner, 'POST', `/communities/${c.id}/invite`, { userId: randomUUID() }))
        .status,
    ).toBe(404);
    expect(
      (await call(server, owner, 'POST', `/communities/${c.id}/invite`, { userId: 'nope' })).status,
    ).toBe(400);
  });

  it('roles: managers change them, the owner stays, ownership can be handed over', async () => {
    const c = (await create(owner)).body;
    const mod = await actor(server);
    for (const who of [fan, mod, stranger])
      await call(server, who, 'POST', `/communities/${c.id}/join`);
    // a member cannot change roles
    const byMember = await call(
      server,
      fan,
      'PUT',
      `/communities/${c.id}/members/${stranger.user.id}`,
      { role: 'moderator' },
    );
    expect(byMember.status).toBe(403);
    const promoted = await call(
      server,
      owner,
      'PUT',
      `/communities/${c.id}/members/${mod.user.id}`,
      { role: 'moderator' },
    );
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: mod.user.id, role: 'moderator' });
    // a moderator changes members' roles but never the owner's, nor makes an owner
    expect(
      (
        await call(server, mod, 'PUT', `/communities/${c.id}/members/${fan.user.id}`, {
          role: 'moderator',
        })
      ).status,
    ).toBe(200);
    const demoteOwner = await call(
      server,
      mod,
      'PUT',
      `/communities/${c.id}/members/${owner.user.id}`,
      { role: 'member' },
    );
    expect(demoteOwner.status).toBe(403);
    expect(demoteOwner.body.code).toBe('COMMUNITY_OWNER_FIXED');
    expect(
      (
        await call(server, mod, 'PUT', `/communities/${c.id}/members/${stranger.user.id}`, {
          role: 'owner',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(server, mod, 'PUT', `/communities/${c.id}/members/${randomUUID()}`, {
          role: 'member',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server, owner, 'PUT', `/communities/${c.id}/members/${fan.user.id}`, {
          role: 'admin',
        })
      ).status,
    ).toBe(400);
    // removal: moderators remove members, not moderators; nobody removes the owner
    expect(
      (await call(server, mod, 'DELETE', `/communities/${c.id}/members/${fan.user.id}`)).status,
    ).toBe(403);
    expect(
      (await call(server, mod, 'DELETE', `/communities/${c.id}/members/${owner.user.id}`)).status,
    ).toBe(403);
    expect(
      (await call(server, owner, 'DELETE', `/communities/${c.id}/members/${owner.user.id}`)).status,
    ).toBe(403);
    expect(
      (await call(server, mod, 'DELETE', `/communities/${c.id}/members/${stranger.user.id}`))
        .status,
    ).toBe(200);
    const members = await call(server, fan, 'GET', `/communities/${c.id}/members`);
    expect(
      members.body.members.map((m: { userId: string; role: string }) => [m.userId, m.role]),
    ).toEqual([
      [owner.user.id, 'owner'],
      [fan.user.id, 'moderator'],
      [mod.user.id, 'moderator'],
    ]);
    expect(members.body).toMatchObject({ total: 3, currentPage: 1, totalPages: 1, hasMore: false });
    // hand over: the old owner becomes a moderator
    const handOver = await call(
      server,
      owner,
      'PUT',
      `/communities/${c.id}/members/${mod.user.id}`,
      { role: 'owner' },
    );
    expect(handOver.status).toBe(200);
    const after = await call(server, owner, 'GET', `/communities/${c.id}`);
    expect(after.body).toMatchObject({ ownerId: mod.user.id, role: 'moderator', memberCount: 3 });
  });
});

describe('posts and likes', () => {
  it('members post text and an image; counts move; strangers cannot post', async () => {
    const c = (await create(owner)).body;
    await call(server, fan, 'POST', `/communities/${c.id}/join`);
    const withImage = await postMultipart(
      fan,
      c.id,
      { content: ' Leg day ' },
      { image: await jpeg(200, 120) },
    );
    expect(withImage.status).toBe(201);
    expect(withImage.body).toMatchObject({
      content: 'Leg day',
      authorId: fan.user.id,
      likeCount: 0,
      canDelete: true,
    });
    expect(withImage.body.image.url).toMatch(/^\/api\/media\/[0-9a-f-]+\/content\?/);
    const textOnly = await postMultipart(owner, c.id, { content: 'Welcome!' });
    expect(textOnly.status).toBe(201);
    expect(textOnly.body.image).toBeNull();
    const empty = await postMultipart(fan, c.id, { content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(COMMUNITY_MESSAGES.emptyPost);
    const byStranger = await call(server, stranger, 'POST', `/communities/${c.id}/posts`, {
      content: 'hi',
    });
    expect(byStranger.status).toBe(403);
    // a non-member sees a public community's posts, and its image streams
    const list = await call(server, stranger, 'GET', `/communities/${c.id}/posts`);
    expect(list.body.posts.map((p: { content: string }) => p.content)).toEqual([
      'Welcome!',
      'Leg day',
    ]);
    expect(list.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });
    const paged = await call(server, stranger, 'GET', `/communities/${c.id}/posts?limit=1&page=2`);
    expect(paged.body).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });
    expect(paged.body.posts.map((p: { content: string }) => p.content)).toEqual(['Leg day']);
    const image = await server.app.inject({
      method: 'GET',
      url: list.body.posts[1].image.url,
      headers: stranger.headers,
    });
    expect(image.statusCode).toBe(200);
    const fresh = await call(server, owner, 'GET', `/communities/${c.id}`);
    expect(fresh.body.postCount).toBe(2);
  });

  it('like toggles and keeps likeCount on the post and the community', async () => {
    const c = (await create(owner)).body;
    const post = (
      await call(server, owner, 'POST', `/communities/${c.id}/posts`, { content: 'Like me' })
    ).body;
    const first = await call(server, fan, 'POST', `/communities/posts/${post.id}/like`);
    expect(first.body).toMatchObject({ liked: true, likeCount: 1, communityLikeCount: 1 });
    await call(server, stranger, 'POST', `/communities/posts/${post.id}/like`);
    const undo = await call(server, fan, 'POST', `/communities/posts/${post.id}/like`);
    expect(undo.body).toMatchObject({ liked: false, likeCount: 1, communityLikeCount: 1 });
    const shown = await call(server, stranger, 'GET', `/communities/${c.id}/posts`);
    expect(shown.body.posts[0]).toMatchObject({ likeCount: 1, isLiked: true, canDelete: false });
    expect(
      (await call(server, fan, 'POST', `/communities/posts/${randomUUID()}/like`)).status,
    ).toBe(404);
  });

  it('deletes by author, owner or moderator only, and fixes the counters', async () => {
    const c = (await create(owner)).body;
    await call(server, fan, 'POST', `/communities/${c.id}/join`);
    const post = (
      await call(server, fan, 'POST', `/communities/${c.id}/posts`, { content: 'Mine' })
    ).body;
    await call(server, stranger, 'POST', `/communities/posts/${post.id}/like`);
    expect((await call(server, stranger, 'DELETE', `/communities/posts/${post.id}`)).status).toBe(
      403,
    );
    expect((await call(server, owner, 'DELETE', `/communities/posts/${post.id}`)).status).toBe(200);
    expect((await call(server, fan, 'DELETE', `/communities/posts/${post.id}`)).status).toBe(404);
    const after = await call(server, owner, 'GET', `/communities/${c.id}`);
    expect(after.body).toMatchObject({ postCount: 0, likeCount: 0 });
  });

  it('private posts and their images are for members only', async () => {
    const c = (await create(owner, { isPrivate: true })).body;
    const post = (await postMultipart(owner, c.id, { content: 'Secret' }, { image: await jpeg() }))
      .body;
    await call(server, owner, 'POST', `/communities/${c.id}/invite`, { userId: fan.user.id });
    // invited but not joined: sees the community, not the posts
    expect((await call(server, fan, 'GET', `/communities/${c.id}/posts`)).status).toBe(403);
    expect(
      (await call(server, stranger, 'POST', `/communities/posts/${post.id}/like`)).status,
    ).toBe(404);
    const image = await server.app.inject({
      method: 'GET',
      url: post.image.url,
      headers: stranger.headers,
    });
    expect(image.statusCode).not.toBe(200);
  });
});

describe('the grid, search, recommended, trending', () => {
  let owner2: Actor;
  beforeAll(async () => {
    owner2 = await actor(server, 'creator');
  });

  it('filters by search and category and sorts by activity by default', async () => {
    const tag = randomUUID().slice(0, 8);
    const a = (await create(owner2, { name: `Alpha ${tag}`, category: 'music' })).body;
    const b = (
      await create(owner2, { name: `Beta ${tag}`, category: 'art', description: 'painting' })
    ).body;
    await call(server, owner2, 'POST', `/communities/${a.id}/posts`, { content: 'fresh' });
    const all = await call(server, fan, 'GET', `/communities?search=${tag}`);
    expect(all.body.communities.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
    expect(all.body).toMatchObject({ total: 2, page: 1, currentPage: 1, totalPages: 1 });
    const paged = await call(server, fan, 'GET', `/communities?search=${tag}&limit=1&page=1`);
    expect(paged.body).toMatchObject({ currentPage: 1, totalPages: 2, hasMore: true });
    const art = await call(server, fan, 'GET', `/communities?search=${tag}&category=art`);
    expect(art.body.communities.map((c: { id: string }) => c.id)).toEqual([b.id]);
    const newest = await call(server, fan, 'GET', `/communities?search=${tag}&sortBy=newest`);
    expect(newest.body.communities.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect((await call(server, fan, 'GET', '/communities?sortBy=weird')).status).toBe(400);
    const search = await call(server, fan, 'GET', `/communities/search?q=${tag}`);
    expect(search.body.communities).toHaveLength(2);
    const byDescription = await call(server, fan, 'GET', `/communities/search?q=painting`);
    expect(byDescription.body.communities.map((c: { id: string }) => c.id)).toContain(b.id);
    const joined = await call(server, fan, 'GET', `/communities?joined=true&search=${tag}`);
    expect(joined.body.communities).toEqual([]);
  });

  it('recommends unjoined public communities (followed people first); trending ranks recent likes', async () => {
    const viewer = await actor(server);
    const friend = await actor(server);
    const hot = (await create(owner2)).body;
    const friendly = (await create(owner2)).body;
    await call(server, viewer, 'POST', `/users/${friend.user.id}/follow`);
    await call(server, friend, 'POST', `/communities/${friendly.id}/join`);
    const rec = await call(server, viewer, 'GET', '/communities/recommended?limit=100');
    expect(rec.body.communities[0].id).toBe(friendly.id);
    await call(server, viewer, 'POST', `/communities/${friendly.id}/join`);
    const rec2 = await call(server, viewer, 'GET', '/communities/recommended?limit=100');
    expect(rec2.body.communities.map((c: { id: string }) => c.id)).not.toContain(friendly.id);
    const post = (
      await call(server, owner2, 'POST', `/communities/${hot.id}/posts`, { content: 'hot' })
    ).body;
    for (const who of [fan, stranger, viewer])
      await call(server, who, 'POST', `/communities/posts/${post.id}/like`);
    const trend = await call(server, viewer, 'GET', '/communities/trending');
    expect(trend.body.communities[0].id).toBe(hot.id);
  });

  it('hides a blocked owner’s community from joining', async () => {
    const c = (await create(owner2)).body;
    await block(server, owner2, stranger);
    expect((await call(server, stranger, 'POST', `/communities/${c.id}/join`)).status).toBe(404);
  });
});
