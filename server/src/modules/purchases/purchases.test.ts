import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import {
  actor,
  block,
  call,
  clearMediaRefs,
  insertPost,
  purchase,
  vaultImage,
} from '../posts/posts.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const ids = (body: { posts: Array<{ id: string }> }) => body.posts.map((p) => p.id);

describe('GET /purchased-content', () => {
  it('lists what the caller bought, newest purchase first, unlocked with originals', async () => {
    const creator = await actor(server, 'creator');
    const other = await actor(server, 'creator');
    const buyer = await actor(server);
    const media = await vaultImage(server, creator);
    const withMedia = await call(server, creator, 'POST', '/posts', {
      caption: 'bought with media',
      selectedMediaItems: [media.id],
      accessDetails: { accessLevel: 'paid', price: 5 },
    });
    const first = await insertPost(server, creator.user, {
      access_level: 'paid',
      price_cents: 300,
    });
    const fromOther = await insertPost(server, other.user, {
      access_level: 'paid',
      price_cents: 900,
    });
    await insertPost(server, creator.user, { access_level: 'paid', price_cents: 400 });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await purchase(server, buyer, first, minutesAgo(3));
    await purchase(server, buyer, fromOther, minutesAgo(2));
    await purchase(server, buyer, withMedia.body, minutesAgo(1));

    const all = await call(server, buyer, 'GET', '/purchased-content');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([withMedia.body.id, fromOther.id, first.id]);
    expect(all.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });
    expect(all.body.posts[0]).toMatchObject({ isPaidBy: true, isUnlockedForUser: true });
    expect(all.body.posts[0].imageUrl).toMatch(/^\/api\/media\//);

    const byCreator = await call(
      server,
      buyer,
      'GET',
      `/purchased-content/creator/${creator.user.id}`,
    );
    expect(ids(byCreator.body)).toEqual([withMedia.body.id, first.id]);
    const paged = await call(server, buyer, 'GET', '/purchased-content?limit=2&page=2');
    expect(ids(paged.body)).toEqual([first.id]);
    expect(paged.body).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });

    // someone else's purchases are not the caller's
    const stranger = await actor(server);
    const none = await call(server, stranger, 'GET', '/purchased-content');
    expect(none.body.posts).toEqual([]);
    const single = await call(server, stranger, 'GET', `/posts/${withMedia.body.id}`);
    expect(single.body).toMatchObject({ isPaidBy: false, isUnlockedForUser: false });
    expect(clearMediaRefs(single.text)).toEqual([]);
  });

  it('drops deleted posts and blocked creators; needs a session and a known creator id', async () => {
    const creator = await actor(server, 'creator');
    const buyer = await actor(server);
    const gone = await insertPost(server, creator.user, { access_level: 'paid', price_cents: 300 });
    const kept = await insertPost(server, creator.user, { access_level: 'paid', price_cents: 300 });
    await purchase(server, buyer, gone);
    await purchase(server, buyer, kept);
    await call(server, creator, 'DELETE', `/posts/${gone.id}`);
    expect(ids((await call(server, buyer, 'GET', '/purchased-content')).body)).toEqual([kept.id]);
    const ofCreator = `/purchased-content/creator/${creator.user.id}`;
    expect(ids((await call(server, buyer, 'GET', ofCreator)).body)).toEqual([kept.id]);
    await block(server, buyer, creator);
    expect(ids((await call(server, buyer, 'GET', '/purchased-content')).body)).toEqual([]);
    expect(ids((await call(server, buyer, 'GET', ofCreator)).body)).toEqual([]);

    expect((await call(server, null, 'GET', '/purchased-content')).status).toBe(401);
    expect((await call(server, buyer, 'GET', '/purchased-content/creator/nope')).status).toBe(400);
    const unknown = await call(server, buyer, 'GET', `/purchased-content/creator/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
  });
});
