import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase } from '../../../test/statement-spy.ts';
import { presentPosts } from './post-views.ts';
import { findVisiblePost } from './posts.queries.ts';
import {
  actor,
  block,
  call,
  follow,
  insertPost,
  vaultImage,
  type Actor,
} from './posts.test-kit.ts';

// Discover served from the per-process ranking (DISCOVER_CACHE_SECONDS > 0): the ranking may
// be up to a minute old, but blocks, deletions and bans apply to every request at once.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { DISCOVER_CACHE_SECONDS: '60' } });
});
afterAll(() => server.close());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const idsOf = (body: { posts: Array<{ id: string }> }) => body.posts.map((p) => p.id);

describe('discover from the cached ranking', () => {
  it('ranks like the uncached query, then keeps the ranking while it is fresh', async () => {
    const creator = await actor(server, 'creator');
    const post = (hours: number, likes: number) =>
      insertPost(server, creator.user, { published_at: hoursAgo(hours), likes_count: likes });
    const hot = await post(2, 10);
    const quiet = await post(0.5, 0);
    const old = await post(240, 100);
    const first = await call(server, null, 'GET', '/posts?limit=50');
    expect(first.status).toBe(200);
    // SPEC §9: 2 x likes + comments, no age decay
    expect(idsOf(first.body)).toEqual([old.id, hot.id, quiet.id]);
    expect(first.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });

    // a newer post is not ranked until the ranking is refreshed …
    const later = await post(1, 500);
    expect(idsOf((await call(server, null, 'GET', '/posts?limit=50')).body)).not.toContain(
      later.id,
    );
    // … and pages slice the same ranking
    const page2 = await call(server, null, 'GET', '/posts?limit=1&offset=1');
    expect(idsOf(page2.body)).toEqual([hot.id]);
    expect(page2.body).toMatchObject({ currentPage: 2, totalPages: 3, hasMore: true });
  });

  it('applies blocks and deletions to every request at once', async () => {
    // a server of its own: its ranking is cold until the first request below
    const own = await createTestServer({ env: { DISCOVER_CACHE_SECONDS: '60' } });
    try {
      const viewer = await actor(own);
      const blocked = await actor(own, 'creator');
      const other = await actor(own, 'creator');
      const theirs = await insertPost(own, blocked.user, { published_at: hoursAgo(0.2) });
      const kept = await insertPost(own, other.user, { published_at: hoursAgo(0.3) });
      const gone = await insertPost(own, other.user, { published_at: hoursAgo(0.4) });
      const see = async () =>
        idsOf((await call(own, viewer, 'GET', '/posts?discoverMode=true&limit=50')).body);
      expect(await see()).toEqual([theirs.id, kept.id, gone.id]);

      await block(own, viewer, blocked);
      await own.ctx.db
        .updateTable('posts')
        .set({ deleted_at: new Date() })
        .where('id', '=', gone.id)
        .execute();
      expect(await see()).toEqual([kept.id]);
      // the blocked creator still sees their own post: the ranking is shared, the filter is not
      expect(
        idsOf((await call(own, blocked, 'GET', '/posts?discoverMode=true&limit=50')).body),
      ).toEqual([theirs.id, kept.id]);
    } finally {
      await own.close();
    }
  });

  it('reads a page in one statement (after the viewer’s blocks), presented as the separate queries present it', async () => {
    const { database, statementsOf } = await openSpiedTestDatabase();
    const own = await createTestServer({ database, env: { DISCOVER_CACHE_SECONDS: '60' } });
    try {
      const creator = await actor(own, 'creator');
      const fan = await actor(own);
      await follow(own, fan, creator);
      const image = await vaultImage(own, creator);
      const withImage = await call(own, creator, 'POST', '/posts', {
        caption: 'with a photo',
        selectedMediaItems: [image.id],
      });
      expect(withImage.status).toBe(201);
      const plain = await insertPost(own, creator.user, { published_at: hoursAgo(1) });
      expect((await call(own, fan, 'POST', `/posts/${withImage.body.id}/like`)).status).toBe(200);
      const url = '/posts?discoverMode=true&limit=50';

      const separately = async (viewer: Actor | null, ids: string[]) => {
        const viewerArg = viewer ? { id: viewer.user.id, sessionId: viewer.sessionId } : null;
        const rows = [];
        for (const id of ids)
          rows.push(await findVisiblePost(own.ctx.db, viewer?.user.id ?? null, id));
        return presentPosts(
          own.ctx,
          viewerArg,
          rows.filter((row) => row !== undefined),
        );
      };
      for (const [viewer, expected] of [
        [fan, 2],
        [null, 1],
      ] as const) {
        // warm: the ranking, the session cache, the prepared statements
        await call(own, viewer, 'GET', url);
        const { count, value, statements } = await statementsOf(() =>
          call(own, viewer, 'GET', url),
        );
        expect(value.status, value.text).toBe(200);
        // the viewer's blocks, then the page (a visitor has no blocks to read)
        expect(count, statements.join('\n')).toBe(expected);
        const ids = idsOf(value.body);
        expect(ids).toEqual([withImage.body.id, plain.id]);
        expect(value.body.posts).toEqual(JSON.parse(JSON.stringify(await separately(viewer, ids))));
      }
      const [liked, other] = (await call(own, fan, 'GET', url)).body.posts;
      expect(liked).toMatchObject({ isLikedByCurrentUser: true, user: { isFollowing: true } });
      expect(liked.media).toHaveLength(1);
      expect(other).toMatchObject({ isLikedByCurrentUser: false });
    } finally {
      await own.close();
      await database.close();
    }
  });
});
