import { randomUUID } from 'node:crypto';
import { EMPTY_POST_MESSAGE } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  actor,
  call,
  insertPost,
  jpeg,
  postMultipart,
  vaultImage,
  type Actor,
} from './posts.test-kit.ts';
import { signedRelease } from '../releases/releases.test-kit.ts';

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

const postsCount = async (userId: string) =>
  (
    await server.ctx.db
      .selectFrom('users')
      .select('posts_count')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).posts_count;

describe('POST /posts', () => {
  it('creates a multipart post with an image, JSON-text accessDetails and hashtags', async () => {
    const release = await signedRelease(server, creator.user.id);
    const res = await postMultipart(
      server,
      creator,
      {
        caption: 'Golden hour at the #Beach',
        accessDetails: JSON.stringify({ accessLevel: 'paid', price: 9.99, requiresUnlock: false }),
        hashtags: '#sunset, travel',
        modelReleaseIds: JSON.stringify([release]),
      },
      { image: await jpeg() },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      caption: 'Golden hour at the #Beach',
      type: 'image',
      hashtags: ['beach', 'sunset', 'travel'],
      accessDetails: { accessLevel: 'paid', price: 9.99, priceCents: 999, requiresUnlock: true },
      isUnlockedForUser: true,
      isOwner: true,
      likeCount: 0,
      mediaCount: 1,
      mediaTypes: ['image'],
      modelReleaseIds: [release],
      user: { id: creator.user.id },
    });
    expect(res.body.id).toBe(res.body.postId);
    // the owner sees their own originals through signed URLs
    expect(res.body.imageUrl).toMatch(/^\/api\/media\/.+\/content\?/);
    expect(res.body.image).toBe(res.body.imageUrl);
    const vault = await server.ctx.db
      .selectFrom('media_items')
      .select('id')
      .where('owner_id', '=', creator.user.id)
      .execute();
    expect(vault.map((m) => m.id)).toContain(res.body.media[0].id);
  });

  it('accepts JSON with vault items (ids and {id}) and own media URLs, in order', async () => {
    const [a, b, c] = [
      await vaultImage(server, creator),
      await vaultImage(server, creator),
      await vaultImage(server, creator),
    ];
    const res = await call(server, creator, 'POST', '/posts', {
      selectedMediaItems: [a!.id, { id: b!.id }],
      imageUrl: `/api/media/${c!.id}/content?variant=large&exp=1&sig=x`,
    });
    expect(res.status).toBe(201);
    expect(res.body.media.map((m: { id: string }) => m.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(res.body).toMatchObject({
      caption: '',
      type: 'image',
      accessDetails: { accessLevel: 'public' },
    });
  });

  it('refuses external media URLs and other creators’ vault items', async () => {
    const external = await call(server, creator, 'POST', '/posts', {
      imageUrl: 'https://evil.example/cat.jpg',
    });
    expect(external).toMatchObject({ status: 400, body: { code: 'EXTERNAL_MEDIA_URL' } });
    const other = await actor(server, 'creator');
    const theirs = await vaultImage(server, other);
    for (const body of [
      { selectedMediaItems: [theirs.id] },
      { videoUrl: `/api/media/${theirs.id}/content` },
      { selectedMediaItems: [randomUUID()] },
    ]) {
      const res = await call(server, creator, 'POST', '/posts', body);
      expect(res, JSON.stringify(body)).toMatchObject({
        status: 404,
        body: { code: 'MEDIA_NOT_FOUND' },
      });
    }
  });

  it('answers the exact empty-post 400, for JSON and multipart', async () => {
    for (const res of [
      await call(server, creator, 'POST', '/posts', { caption: '   ' }),
      await call(server, creator, 'POST', '/posts', {}),
      await postMultipart(server, creator, { caption: '', hashtags: 'travel' }),
      // nothing to post is said first, before the price or the tags are judged
      await call(server, creator, 'POST', '/posts', { accessDetails: { accessLevel: 'paid' } }),
      await call(server, creator, 'POST', '/posts', { hashtags: ['not a tag!'] }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: EMPTY_POST_MESSAGE, code: 'EMPTY_POST' });
    }
  });

  it('lets only creators post: fans 403 Only creators, pending verification 403 flagged', async () => {
    const fan = await actor(server);
    const res = await call(server, fan, 'POST', '/posts', { caption: 'hi' });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Only creators');
    const pending = await actor(server, 'fan', { identity_status: 'pending' });
    const pendingRes = await postMultipart(
      server,
      pending,
      { caption: 'hi' },
      { image: await jpeg() },
    );
    expect(pendingRes.status).toBe(403);
    expect(pendingRes.body.requiresIdentityVerification).toBe(true);
    expect((await call(server, null, 'POST', '/posts', { caption: 'hi' })).status).toBe(401);
  });

  it('checks prices: 3.00–200.00, two decimals, only for paid levels', async () => {
    const post = (accessDetails: Record<string, unknown>) =>
      call(server, creator, 'POST', '/posts', { caption: 'priced', accessDetails });
    for (const accessDetails of [
      { accessLevel: 'paid' },
      { accessLevel: 'paid', price: 2.99 },
      { accessLevel: 'paid', price: 200.01 },
      { accessLevel: 'subscribers_or_paid', price: 5.555 },
      { accessLevel: 'public', price: 5 },
      { accessLevel: 'followers', price: 3 },
      { accessLevel: 'paid', price: 'abc' },
      { accessLevel: 'vip' },
    ]) {
      const res = await post(accessDetails);
      expect(res.status, JSON.stringify(accessDetails)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    for (const [price, cents] of [
      [3, 300],
      [200, 20000],
      ['12.50', 1250],
    ] as const) {
      const res = await post({ accessLevel: 'subscribers_or_paid', price });
      expect(res.status).toBe(201);
      expect(res.body.accessDetails).toEqual({
        accessLevel: 'subscribers_or_paid',
        price: cents / 100,
        priceCents: cents,
        requiresUnlock: true,
      });
    }
    const free = await post({ accessLevel: 'subscribers', requiresUnlock: true });
    expect(free.body.accessDetails).toMatchObject({ price: null, requiresUnlock: false });
  });

  it('takes accessDetails as the spec words it: requiresUnlock without accessLevel', async () => {
    // a creator of its own: the create rate limit is per account
    const author = await actor(server, 'creator');
    const paid = { accessLevel: 'paid', price: 5, priceCents: 500, requiresUnlock: true };
    const json = await call(server, author, 'POST', '/posts', {
      caption: 'locked',
      accessDetails: { requiresUnlock: true, price: 5 },
    });
    expect(json).toMatchObject({ status: 201, body: { accessDetails: paid } });
    const form = await postMultipart(
      server,
      author,
      { caption: 'locked', accessDetails: JSON.stringify({ requiresUnlock: true, price: 5 }) },
      { image: await jpeg() },
    );
    expect(form).toMatchObject({ status: 201, body: { accessDetails: paid } });
    const free = await call(server, author, 'POST', '/posts', {
      caption: 'open',
      accessDetails: { requiresUnlock: false },
    });
    expect(free.body.accessDetails).toMatchObject({ accessLevel: 'public', requiresUnlock: false });
    const noPrice = await call(server, author, 'POST', '/posts', {
      caption: 'locked',
      accessDetails: { requiresUnlock: true },
    });
    expect(noPrice).toMatchObject({ status: 400, body: { field: 'accessDetails.price' } });
    const empty = await call(server, author, 'POST', '/posts', {
      accessDetails: { requiresUnlock: false },
    });
    expect(empty).toMatchObject({ status: 400, body: { message: EMPTY_POST_MESSAGE } });

    const relocked = await call(server, author, 'PUT', `/posts/${free.body.id}`, {
      accessDetails: { requiresUnlock: true, price: 5 },
    });
    expect(relocked).toMatchObject({ status: 200, body: { accessDetails: paid } });
    const reopened = await call(server, author, 'PUT', `/posts/${free.body.id}`, {
      accessDetails: { requiresUnlock: false },
    });
    expect(reopened.body.accessDetails).toMatchObject({ accessLevel: 'public', price: null });
  });

  it('turns bad multipart input into 4xx, never 5xx', async () => {
    const bad = await postMultipart(server, creator, { caption: 'x', accessDetails: '{oops' });
    expect(bad).toMatchObject({ status: 400, body: { field: 'accessDetails' } });
    const notImage = await postMultipart(server, creator, {}, { image: Buffer.from('<svg/>') });
    expect(notImage.status).toBeGreaterThanOrEqual(400);
    expect(notImage.status).toBeLessThan(500);
    const badIds = await postMultipart(server, creator, { selectedMediaItems: '["nope"]' });
    expect(badIds.status).toBe(400);
  });
});

describe('GET, PUT and DELETE /posts/{id}', () => {
  it('reads, edits (owner only) and validates ids', async () => {
    const post = await insertPost(server, creator.user, { caption: 'first #one', hashtags: 'one' });
    const anyone = await call(server, null, 'GET', `/posts/${post.id}`);
    expect(anyone).toMatchObject({ status: 200, body: { id: post.id, isOwner: false } });
    expect(anyone.body.commentsList).toEqual([]);
    expect((await call(server, null, 'GET', `/posts/${randomUUID()}`)).status).toBe(404);
    expect(await call(server, null, 'GET', '/posts/not-a-uuid')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Post not found' },
    });

    const edited = await call(server, creator, 'PUT', `/posts/${post.id}`, {
      caption: 'second #two',
      accessDetails: { accessLevel: 'paid', price: 4 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      caption: 'second #two',
      hashtags: ['two', 'one'],
      accessDetails: { accessLevel: 'paid', priceCents: 400 },
    });
    const stranger = await actor(server, 'creator');
    const denied = await call(server, stranger, 'PUT', `/posts/${post.id}`, { caption: 'mine' });
    expect(denied).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    const emptied = await call(server, creator, 'PUT', `/posts/${post.id}`, {
      caption: ' ',
      accessDetails: { accessLevel: 'paid', price: 1 },
    });
    expect(emptied.body.message).toBe(EMPTY_POST_MESSAGE);
    const deniedDelete = await call(server, stranger, 'DELETE', `/posts/${post.id}`);
    expect(deniedDelete.status).toBe(403);
  });

  it('answers a malformed post or comment id with the 404 of a missing one', async () => {
    const fan = await actor(server);
    const post = await insertPost(server, creator.user, { caption: 'ids' });
    const comment = await call(server, fan, 'POST', `/posts/${post.id}/comments`, { text: 'hi' });
    expect(comment.status).toBe(201);
    const postMissing = { code: 'NOT_FOUND', message: 'Post not found' };
    const commentMissing = { code: 'NOT_FOUND', message: 'Comment not found' };
    type Method = Parameters<typeof call>[2];
    const cases: Array<[Method, string, Record<string, unknown> | undefined, object]> = [
      ['GET', '/posts/notauuid', undefined, postMissing],
      ['PUT', '/posts/notauuid', { caption: 'edited' }, postMissing],
      ['DELETE', '/posts/123', undefined, postMissing],
      ['POST', '/posts/notauuid/like', undefined, postMissing],
      ['DELETE', '/posts/notauuid/like', undefined, postMissing],
      ['POST', '/posts/notauuid/view', undefined, postMissing],
      ['GET', '/posts/notauuid/comments', undefined, postMissing],
      ['POST', '/posts/notauuid/comments', { text: 'hi' }, postMissing],
      ['PUT', `/posts/notauuid/comments/${comment.body.id}`, { text: 'x' }, postMissing],
      ['DELETE', `/posts/${post.id}/comments/notauuid`, undefined, commentMissing],
      ['PUT', `/posts/${post.id}/comments/notauuid`, { text: 'x' }, commentMissing],
      ['POST', `/posts/${post.id}/comments/notauuid/like`, undefined, commentMissing],
      ['GET', '/posts/user/notauuid', undefined, { code: 'NOT_FOUND', message: 'User not found' }],
    ];
    for (const [method, url, payload, body] of cases) {
      const res = await call(server, fan, method, url, payload);
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body });
      // a missing post answers the same
      const missing = await call(
        server,
        fan,
        method,
        url.replace('notauuid', randomUUID()),
        payload,
      );
      expect(missing, `${method} ${url} (missing)`).toMatchObject({ status: 404, body });
    }
    // before its idempotency key is asked for (a missing post's unlock needs one to be judged)
    const unlock = await call(server, fan, 'POST', '/posts/notauuid/unlock');
    expect(unlock).toMatchObject({ status: 404, body: postMissing });
    // the length cap stays a validation error
    const tooLong = await call(server, fan, 'GET', `/posts/${'a'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
  });

  it('deletes idempotently and exactly once under 10 concurrent duplicates', async () => {
    const created = await call(server, creator, 'POST', '/posts', { caption: 'bye #gone' });
    const before = await postsCount(creator.user.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(server, creator, 'DELETE', `/posts/${created.body.id}`),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await postsCount(creator.user.id)).toBe(before - 1);
    const again = await call(server, creator, 'DELETE', `/posts/${created.body.id}`);
    expect(again).toMatchObject({ status: 200, body: { ok: true, postId: created.body.id } });
    expect((await call(server, null, 'GET', `/posts/${created.body.id}`)).status).toBe(404);
    const tag = await server.ctx.db
      .selectFrom('hashtags')
      .select('posts_count')
      .where('tag', '=', 'gone')
      .executeTakeFirstOrThrow();
    expect(tag.posts_count).toBe(0);
    expect((await call(server, creator, 'DELETE', `/posts/${randomUUID()}`)).status).toBe(404);
  });
});

describe('likes and views', () => {
  it('likes idempotently and answers likeCount and isLikedByCurrentUser', async () => {
    const post = await insertPost(server, creator.user);
    const fan = await actor(server);
    for (let i = 0; i < 2; i++) {
      const res = await call(server, fan, 'POST', `/posts/${post.id}/like`);
      expect(res.body).toEqual({
        postId: post.id,
        liked: true,
        isLikedByCurrentUser: true,
        likeCount: 1,
        likes: 1,
      });
    }
    const seen = await call(server, fan, 'GET', `/posts/${post.id}`);
    expect(seen.body).toMatchObject({ likeCount: 1, likes: 1, isLikedByCurrentUser: true });
    for (let i = 0; i < 2; i++) {
      const res = await call(server, fan, 'DELETE', `/posts/${post.id}/like`);
      expect(res.body).toMatchObject({ liked: false, likeCount: 0 });
    }
    expect((await call(server, null, 'POST', `/posts/${post.id}/like`)).status).toBe(401);
  });

  it('notifies the creator once per fan while the notice is unread, however often they tap', async () => {
    const post = await insertPost(server, creator.user);
    const [fan, other] = [await actor(server), await actor(server)];
    const likeNotices = () =>
      server.ctx.db
        .selectFrom('notifications')
        .select(['actor_id', 'is_read'])
        .where('user_id', '=', creator.user.id)
        .where('type', '=', 'like')
        .where('related_id', '=', post.id)
        .execute();
    for (let i = 0; i < 3; i++) {
      await call(server, fan, 'POST', `/posts/${post.id}/like`);
      await call(server, fan, 'DELETE', `/posts/${post.id}/like`);
    }
    await call(server, other, 'POST', `/posts/${post.id}/like`);
    expect((await likeNotices()).map((n) => n.actor_id).sort()).toEqual(
      [fan.user.id, other.user.id].sort(),
    );
    // once read, a later like is news again
    await server.ctx.db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', creator.user.id)
      .execute();
    await call(server, fan, 'POST', `/posts/${post.id}/like`);
    expect((await likeNotices()).filter((n) => !n.is_read).map((n) => n.actor_id)).toEqual([
      fan.user.id,
    ]);
  });

  it('keeps the count exact under 20 concurrent likes (and duplicates)', async () => {
    const post = await insertPost(server, creator.user);
    const fans = await Promise.all(Array.from({ length: 20 }, () => actor(server)));
    const like = (f: Actor) => call(server, f, 'POST', `/posts/${post.id}/like`);
    const results = await Promise.all([...fans.map(like), ...fans.slice(0, 5).map(like)]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await server.ctx.db
      .selectFrom('posts')
      .select('likes_count')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.likes_count).toBe(20);
    expect(Math.max(...results.map((r) => r.body.likeCount))).toBe(20);
  });

  it('counts a view once per viewer per hour, never the owner or a visitor', async () => {
    const post = await insertPost(server, creator.user);
    const fan = await actor(server);
    const first = await call(server, fan, 'POST', `/posts/${post.id}/view`);
    expect(first.body).toEqual({ postId: post.id, counted: true, viewCount: 1 });
    const second = await call(server, fan, 'POST', `/posts/${post.id}/view`);
    expect(second.body).toEqual({ postId: post.id, counted: false, viewCount: 1 });
    expect((await call(server, creator, 'POST', `/posts/${post.id}/view`)).body.counted).toBe(
      false,
    );
    expect((await call(server, null, 'POST', `/posts/${post.id}/view`)).body.counted).toBe(false);
    // an earlier hour does not count for this one
    await server.ctx.db
      .updateTable('post_views')
      .set({ hour_bucket: new Date(Date.now() - 2 * 3_600_000) })
      .where('post_id', '=', post.id)
      .execute();
    const later = await call(server, fan, 'POST', `/posts/${post.id}/view`);
    expect(later.body).toMatchObject({ counted: true, viewCount: 2 });
    const job = await server.ctx.db
      .selectFrom('jobs')
      .select('type')
      .where('type', '=', 'posts.prune-views')
      .executeTakeFirst();
    expect(job).toBeDefined();
  });
});
