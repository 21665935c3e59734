import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { presentPosts } from './post-views.ts';
import { homeFeed } from './home-feed.queries.ts';
import { authorPosts } from './posts.queries.ts';
import { actor, follow, insertPost, subscribe, vaultImage, type Actor } from './posts.test-kit.ts';
import { PRESENTED_MEDIA_COLUMNS } from '../media/media.presenter.ts';
import { PUBLIC_USER_COLUMNS } from '../users/users.presenter.ts';
import { authorsWithFacts, postMediaRows } from './viewer-state.queries.ts';

/**
 * The page queries read authors and media as jsonb columns (one round trip); the separate
 * batched queries stay for the other lists. Both must give the same rows, field for field –
 * including every timestamp, which jsonb carries as text – and the same responses.
 */
let server: TestServer;
let fan: Actor;
let creator: Actor;
const postIds: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  fan = await actor(server);
  const soon = new Date(Date.now() + 86_400_000);
  const past = new Date(Date.now() - 86_400_000);
  // every nullable timestamp of the author set, so a missed conversion shows
  creator = await actor(server, 'creator', {
    suspended_until: past,
    phone_verified_at: past,
    totp_enabled_at: past,
    pro_pack_active_until: soon,
    pro_pack_canceled_at: past,
    creator_update_at: past,
    creator_update_text: 'update',
    first_login_at: past,
    last_login_at: past,
    onboarding_completed_at: past,
    promoted_until: soon,
    beta_access_at: past,
    profile: JSON.stringify({ vibe: 'calm' }),
  });
  await follow(server, fan, creator);
  await subscribe(server, fan, creator);
  for (let i = 0; i < 3; i++) {
    const post = await insertPost(server, creator.user, {
      published_at: new Date(Date.now() - (i + 1) * 60_000),
      access_level: i === 1 ? 'subscribers' : 'public',
    });
    postIds.push(post.id);
    for (let position = 0; position < i; position++) {
      const media = await vaultImage(server, creator);
      await server.ctx.db
        .insertInto('post_media')
        .values({ post_id: post.id, media_id: media.id, position })
        .execute();
    }
  }
});
afterAll(() => server.close());

describe('authors and media folded into the page query', () => {
  it('give the same rows as the separate queries, for the home feed and a profile list', async () => {
    const window = { limit: 20, offset: 0 };
    for (const [viewerId, result] of [
      [fan.user.id, await homeFeed(server.ctx.db, fan.user.id, window)],
      [fan.user.id, await authorPosts(server.ctx.db, fan.user.id, creator.user.id, window)],
      [null, await authorPosts(server.ctx.db, null, creator.user.id, window)],
    ] as const) {
      expect(result.rows.map((r) => r.id)).toEqual(postIds);
      const extras = result.extras!;
      const separate = await authorsWithFacts(server.ctx.db, viewerId, [creator.user.id]);
      expect(extras.authors).toEqual(separate);
      // only what the presenter shows: no email, password hash or private documents
      expect(Object.keys(extras.authors.get(creator.user.id)!.row).sort()).toEqual(
        [...PUBLIC_USER_COLUMNS].sort(),
      );
      expect(extras.authors.get(creator.user.id)).toMatchObject({
        isFollowing: viewerId !== null,
        isSubscribed: viewerId !== null,
      });
      const media = await postMediaRows(
        server.ctx.db,
        result.rows.map((r) => r.id),
      );
      expect(extras.media.length).toBe(3);
      const byId = (rows: typeof media) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
      expect(byId(extras.media)).toEqual(byId(media));
      for (const item of extras.media)
        expect(Object.keys(item).sort()).toEqual(
          [...PRESENTED_MEDIA_COLUMNS, 'post_id', 'position'].sort(),
        );

      const viewer = viewerId ? { id: viewerId, sessionId: fan.sessionId } : null;
      const folded = await presentPosts(
        server.ctx,
        viewer,
        result.rows,
        server.ctx.db,
        result.facts,
        extras,
      );
      const plain = await presentPosts(server.ctx, viewer, result.rows, server.ctx.db);
      expect(folded).toEqual(plain);
    }
  });
});
