import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openSpiedTestDatabase, type SpiedDatabase } from '../../../test/statement-spy.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { presentComments } from './comments.service.ts';
import { presentOnePost } from './post-views.ts';
import { findVisiblePost } from './posts.queries.ts';
import { actor, call, follow, insertPost, type Actor } from './posts.test-kit.ts';

/**
 * Statements per page (docs/PERFORMANCE.md "The post and profile pages in fewer statements"):
 * GET /posts/{id} reads the post with its viewer state, author and media in one statement and
 * the first page of comments with their authors, likers and total in another; a profile is one
 * statement for the account with the viewer's relation and one for its first page of posts.
 * The answers must be what the separate queries give.
 */

let database: DatabaseHandle;
let server: TestServer;
let statementsOf: SpiedDatabase['statementsOf'];
let creator: Actor;
let fan: Actor;
let other: Actor;

beforeAll(async () => {
  ({ database, statementsOf } = await openSpiedTestDatabase());
  server = await createTestServer({ database });
  [creator, fan, other] = await Promise.all([
    actor(server, 'creator'),
    actor(server),
    actor(server),
  ]);
  await follow(server, fan, creator);
});
afterAll(async () => {
  await server.close();
  await database.close();
  vi.restoreAllMocks();
});

/** The post as the separate queries present it, and its comments likewise. */
async function separately(viewer: Actor | null, postId: string) {
  const viewerArg = viewer ? { id: viewer.user.id, sessionId: viewer.sessionId } : null;
  const row = await findVisiblePost(server.ctx.db, viewer?.user.id ?? null, postId);
  if (!row) throw new Error('not visible');
  const post = await presentOnePost(server.ctx, viewerArg, row);
  const rows = await server.ctx.db
    .selectFrom('comments')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('seq')
    .execute();
  return { post, comments: await presentComments(server.ctx.db, viewer?.user.id ?? null, rows) };
}

describe('GET /posts/{id}', () => {
  it('is two statements, with the same answer as the separate queries', async () => {
    const post = await insertPost(server, creator.user, {
      caption: 'two statements',
      access_level: 'followers',
    });
    for (const [who, text] of [
      [fan, 'first'],
      [other, 'second'],
      [creator, 'third'],
    ] as const) {
      // a comment needs the post unlocked: the other fan follows for this one
      if (who === other) await follow(server, other, creator);
      expect((await call(server, who, 'POST', `/posts/${post.id}/comments`, { text })).status).toBe(
        201,
      );
    }
    const list = await call(server, fan, 'GET', `/posts/${post.id}/comments`);
    const [first, second] = list.body.comments as Array<{ id: string }>;
    await call(server, fan, 'POST', `/posts/${post.id}/like`);
    await call(server, fan, 'POST', `/posts/${post.id}/comments/${first!.id}/like`);
    await call(server, other, 'POST', `/posts/${post.id}/comments/${first!.id}/like`);
    await call(server, creator, 'DELETE', `/posts/${post.id}/comments/${second!.id}`);

    for (const viewer of [fan, other, creator]) {
      // warm: the session cache and the prepared statements
      await call(server, viewer, 'GET', `/posts/${post.id}`);
      const { count, value, statements } = await statementsOf(() =>
        call(server, viewer, 'GET', `/posts/${post.id}`),
      );
      expect(value.status, value.text).toBe(200);
      expect(count, statements.join('\n')).toBe(2);
      const { commentsList, ...shown } = value.body as Record<string, unknown>;
      const expected = await separately(viewer, post.id);
      expect(shown).toEqual(JSON.parse(JSON.stringify(expected.post)));
      expect(commentsList).toEqual(JSON.parse(JSON.stringify(expected.comments)));
    }
    const seen = (await call(server, fan, 'GET', `/posts/${post.id}`)).body;
    expect(seen.isLikedByCurrentUser).toBe(true);
    expect(seen.commentsList.map((c: { text: string }) => c.text)).toEqual([
      'first',
      '[message deleted]',
      'third',
    ]);
    expect(seen.commentsList[0].likedBy).toEqual([fan.user.id, other.user.id]);
    expect(seen.commentsList[0].isLikedByCurrentUser).toBe(true);
  });

  it('a locked post: one statement, no comments; a past-the-end comments page still counts', async () => {
    const locked = await insertPost(server, creator.user, {
      caption: 'subscribers only',
      access_level: 'subscribers',
    });
    await call(server, other, 'GET', `/posts/${locked.id}`);
    const { count, value } = await statementsOf(() =>
      call(server, other, 'GET', `/posts/${locked.id}`),
    );
    expect(value.status).toBe(200);
    expect(value.body.isUnlockedForUser).toBe(false);
    expect(value.body.commentsList).toBeUndefined();
    expect(count).toBe(1);
    expect(value.body).toEqual(
      JSON.parse(JSON.stringify((await separately(other, locked.id)).post)),
    );

    const open = await insertPost(server, creator.user, { caption: 'public' });
    await call(server, fan, 'POST', `/posts/${open.id}/comments`, { text: 'only one' });
    const past = await call(server, fan, 'GET', `/posts/${open.id}/comments?page=3&limit=1`);
    expect(past.status).toBe(200);
    expect(past.body.comments).toEqual([]);
    expect(past.body.totalPages).toBe(1);
    expect(past.body.hasMore).toBe(false);
  });
});

describe('a profile page', () => {
  it('is one statement for the account and one for its posts', async () => {
    await insertPost(server, creator.user, { caption: 'on the profile' });
    const urls = [
      `/users/${creator.user.id}`,
      `/users/username/${creator.user.username.toUpperCase()}`,
      `/posts/user/${creator.user.id}?limit=20`,
    ];
    for (const url of urls) {
      await call(server, fan, 'GET', url);
      const { count, value, statements } = await statementsOf(() => call(server, fan, 'GET', url));
      expect(value.status, `${url} ${value.text}`).toBe(200);
      expect(count, `${url}\n${statements.join('\n')}`).toBe(1);
    }
    const profile = (await call(server, fan, 'GET', urls[0]!)).body;
    expect(profile.id).toBe(creator.user.id);
    expect(profile.isFollowing).toBe(true);
    expect((await call(server, other, 'GET', urls[1]!)).body.isFollowing).toBe(true);
    const stranger = await actor(server);
    expect((await call(server, stranger, 'GET', urls[0]!)).body.isFollowing).toBe(false);
    expect((await call(server, null, 'GET', urls[0]!)).status).toBe(200);

    // blocked by the creator: the profile is a 404, the posts an empty page, as before
    await server.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: creator.user.id, blocked_id: stranger.user.id })
      .execute();
    expect((await call(server, stranger, 'GET', urls[0]!)).status).toBe(404);
    expect((await call(server, stranger, 'GET', urls[1]!)).status).toBe(404);
    const hidden = await call(server, stranger, 'GET', urls[2]!);
    expect(hidden.status).toBe(200);
    expect(hidden.body.posts).toEqual([]);

    // an account without posts, and an unknown one
    const quiet = await actor(server, 'creator');
    const empty = await call(server, fan, 'GET', `/posts/user/${quiet.user.id}?limit=20`);
    expect(empty.status).toBe(200);
    expect(empty.body.posts).toEqual([]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(server, fan, 'GET', `/posts/user/${unknown}?limit=20`)).status).toBe(404);
    expect((await call(server, fan, 'GET', `/users/${unknown}`)).status).toBe(404);
  });
});
