import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, call, insertPost, type Actor } from './posts.test-kit.ts';

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

const comment = (who: Actor, postId: string, text: string, replyToCommentId?: string) =>
  call(server, who, 'POST', `/posts/${postId}/comments`, {
    text,
    ...(replyToCommentId ? { replyToCommentId } : {}),
  });

const textsSeenBy = async (who: Actor | null, postId: string) =>
  (await call(server, who, 'GET', `/posts/${postId}/comments`)).body.comments.map(
    (c: { text: string }) => c.text,
  );

describe('writing and reading comments', () => {
  it('comments, replies, resolves @mentions of existing users and pages', async () => {
    const post = await insertPost(server, creator.user);
    const fan = await actor(server);
    const friend = await actor(server, 'fan', { username: `Friend_${Date.now()}` });
    const first = await comment(
      fan,
      post.id,
      `Hi @${friend.user.username.toLowerCase()} and @nobody_here.`,
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      postId: post.id,
      userId: fan.user.id,
      user: { id: fan.user.id },
      replyToCommentId: null,
      likeCount: 0,
      likedBy: [],
      mentions: [friend.user.id],
      isDeleted: false,
      isEdited: false,
    });
    const reply = await comment(creator, post.id, 'thanks!', first.body.id);
    expect(reply.body.replyToCommentId).toBe(first.body.id);
    for (let i = 0; i < 3; i++) await comment(fan, post.id, `more ${i}`);

    const page1 = await call(server, null, 'GET', `/posts/${post.id}/comments?limit=2`);
    expect(page1.body).toMatchObject({
      currentPage: 1,
      totalPages: 3,
      hasMore: true,
      commentsCount: 5,
    });
    expect(page1.body.comments.map((c: { text: string }) => c.text)).toEqual([
      first.body.text,
      'thanks!',
    ]);
    const page3 = await call(server, null, 'GET', `/posts/${post.id}/comments?limit=2&page=3`);
    expect(page3.body).toMatchObject({ currentPage: 3, hasMore: false });
    const single = await call(server, fan, 'GET', `/posts/${post.id}`);
    expect(single.body.commentsCount).toBe(5);
    expect(single.body.commentsList).toHaveLength(5);
  });

  it('refuses empty text, unknown parents and posts of another post', async () => {
    const post = await insertPost(server, creator.user);
    const other = await insertPost(server, creator.user);
    const fan = await actor(server);
    const parent = await comment(fan, other.id, 'elsewhere');
    expect((await comment(fan, post.id, '   ')).status).toBe(400);
    expect((await comment(fan, post.id, '')).status).toBe(400);
    expect((await comment(fan, post.id, 'x', parent.body.id)).status).toBe(404);
    expect((await comment(fan, post.id, 'x', randomUUID())).status).toBe(404);
    expect((await comment(fan, randomUUID(), 'x')).status).toBe(404);
    expect(
      (await call(server, null, 'POST', `/posts/${post.id}/comments`, { text: 'x' })).status,
    ).toBe(401);
  });

  it('keeps comments of a locked post to those who unlocked it', async () => {
    const post = await insertPost(server, creator.user, { access_level: 'subscribers' });
    const fan = await actor(server);
    const read = await call(server, fan, 'GET', `/posts/${post.id}/comments`);
    expect(read).toMatchObject({ status: 403, body: { code: 'POST_LOCKED' } });
    expect((await comment(fan, post.id, 'let me in')).status).toBe(403);
    const single = await call(server, fan, 'GET', `/posts/${post.id}`);
    expect(single.body.commentsList).toBeUndefined();
  });
});

describe('editing, deleting and liking', () => {
  it('edits own comments only; soft-deletes for author or post owner, idempotently', async () => {
    const post = await insertPost(server, creator.user);
    const fan = await actor(server);
    const stranger = await actor(server);
    const c = (await comment(fan, post.id, 'typo')).body;
    const url = `/posts/${post.id}/comments/${c.id}`;
    const edited = await call(server, fan, 'PUT', url, { text: 'fixed' });
    expect(edited.body).toMatchObject({ text: 'fixed', isEdited: true });
    expect((await call(server, stranger, 'PUT', url, { text: 'mine' })).status).toBe(403);
    expect((await call(server, creator, 'PUT', url, { text: 'owner' })).status).toBe(403);
    expect((await call(server, stranger, 'DELETE', url)).status).toBe(403);

    const deletions = await Promise.all([
      call(server, fan, 'DELETE', url),
      call(server, fan, 'DELETE', url),
      call(server, creator, 'DELETE', url),
    ]);
    for (const res of deletions) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isDeleted: true, text: '[message deleted]', mentions: [] });
    }
    expect(await textsSeenBy(stranger, post.id)).toEqual(['[message deleted]']);
    const count = await call(server, stranger, 'GET', `/posts/${post.id}`);
    expect(count.body.commentsCount).toBe(0);
    expect((await call(server, fan, 'PUT', url, { text: 'revive' })).status).toBe(404);

    const byOwner = (await comment(fan, post.id, 'rude')).body;
    const ownerDelete = await call(
      server,
      creator,
      'DELETE',
      `/posts/${post.id}/comments/${byOwner.id}`,
    );
    expect(ownerDelete.body).toMatchObject({ isDeleted: true, text: '[message deleted]' });
  });

  it('toggles comment likes with likeCount and likedBy', async () => {
    const post = await insertPost(server, creator.user);
    const fan = await actor(server);
    const c = (await comment(creator, post.id, 'like me')).body;
    const url = `/posts/${post.id}/comments/${c.id}/like`;
    const liked = await call(server, fan, 'POST', url);
    expect(liked.body).toEqual({
      commentId: c.id,
      liked: true,
      isLikedByCurrentUser: true,
      likeCount: 1,
      likedBy: [fan.user.id],
    });
    const both = await call(server, creator, 'POST', url);
    expect(both.body.likeCount).toBe(2);
    expect([...both.body.likedBy].sort()).toEqual([fan.user.id, creator.user.id].sort());
    const unliked = await call(server, fan, 'POST', url);
    expect(unliked.body).toMatchObject({ liked: false, likeCount: 1, likedBy: [creator.user.id] });
    const listed = await call(server, creator, 'GET', `/posts/${post.id}/comments`);
    expect(listed.body.comments[0]).toMatchObject({ likeCount: 1, isLikedByCurrentUser: true });
  });
});

describe('restricted and blocked commenters', () => {
  it('shows a restricted user’s comments only to them and the restricter', async () => {
    const post = await insertPost(server, creator.user);
    const troll = await actor(server);
    const other = await actor(server);
    await server.ctx.db
      .insertInto('restricts')
      .values({ restricter_id: creator.user.id, restricted_id: troll.user.id })
      .execute();
    await comment(troll, post.id, 'restricted words');
    await comment(other, post.id, 'normal words');
    expect(await textsSeenBy(troll, post.id)).toEqual(['restricted words', 'normal words']);
    expect(await textsSeenBy(creator, post.id)).toEqual(['restricted words', 'normal words']);
    expect(await textsSeenBy(other, post.id)).toEqual(['normal words']);
    expect(await textsSeenBy(null, post.id)).toEqual(['normal words']);
  });

  it('hides comments between blocked users both ways', async () => {
    const post = await insertPost(server, creator.user);
    const a = await actor(server);
    const b = await actor(server);
    const fromA = (await comment(a, post.id, 'from a')).body;
    await comment(b, post.id, 'from b');
    await block(server, b, a);
    expect(await textsSeenBy(a, post.id)).toEqual(['from a']);
    expect(await textsSeenBy(b, post.id)).toEqual(['from b']);
    expect(await textsSeenBy(creator, post.id)).toEqual(['from a', 'from b']);
    // b cannot reply to or like what it cannot see
    expect((await comment(b, post.id, 're', fromA.id)).status).toBe(404);
    const like = await call(server, b, 'POST', `/posts/${post.id}/comments/${fromA.id}/like`);
    expect(like.status).toBe(404);
    // a mention of a blocked user resolves to nobody
    const mention = await comment(b, post.id, `hey @${a.user.username}`);
    expect(mention.body.mentions).toEqual([]);
  });
});
