import { randomUUID } from 'node:crypto';
import { REEL_MESSAGES } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { ffmpegClip, hasFfmpeg } from '../media/media.test-kit.ts';
import { actor, block, call, jpeg, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
let creator: Actor;
let fan: Actor;
let clip: Buffer;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  fan = await actor(server);
  if (hasFfmpeg) clip = ffmpegClip('mp4');
});
afterAll(() => server.close());

async function postReel(who: Actor, fields: Record<string, string>, files: Record<string, Buffer>) {
  const body = await multipartBody(files, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/reels',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('POST /reels refusals', () => {
  it('only creators post reels', async () => {
    const res = await postReel(fan, { caption: 'x' }, { video: await jpeg() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REEL_MESSAGES.onlyCreators);
    // a body the schema would refuse still gets the 403 first
    const invalid = await call(server, fan, 'POST', '/reels', { caption: 'x'.repeat(100_000) });
    expect(invalid.status).toBe(403);
    expect(invalid.body.message).toBe(REEL_MESSAGES.onlyCreators);
    expect((await call(server, null, 'GET', '/reels')).status).toBe(401);
  });

  it('a reel needs a video: images and nothing are refused without writing', async () => {
    const image = await postReel(creator, { caption: 'photo' }, { video: await jpeg() });
    expect(image.status).toBe(415);
    expect(image.body.message).toBe(REEL_MESSAGES.videoOnly);
    const none = await call(server, creator, 'POST', '/reels', { caption: 'nothing' });
    expect(none.status).toBe(400);
    const foreign = await call(server, creator, 'POST', '/reels', { mediaId: randomUUID() });
    expect(foreign.status).toBe(404);
    const rows = await server.ctx.db
      .selectFrom('reels')
      .selectAll()
      .where('user_id', '=', creator.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe.runIf(hasFfmpeg)('reels with video (ffmpeg installed)', () => {
  it('creates, lists, likes, counts views and deletes', async () => {
    const created = await postReel(creator, { caption: ' Behind the scenes ' }, { video: clip });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: creator.user.id,
      caption: 'Behind the scenes',
      likeCount: 0,
      viewCount: 0,
      isOwn: true,
      width: 96,
      height: 64,
    });
    expect(created.body.videoUrl).toMatch(/^\/api\/media\/[0-9a-f-]+\/content\?/);
    const id = created.body.id;

    const feed = await call(server, fan, 'GET', '/reels');
    expect(feed.body.reels[0]).toMatchObject({ id, isOwn: false, isLiked: false });
    // the fan may stream the video through the signed URL
    const video = await server.app.inject({
      method: 'GET',
      url: feed.body.reels[0].videoUrl,
      headers: fan.headers,
    });
    expect(video.statusCode).toBe(200);

    const liked = await call(server, fan, 'POST', `/reels/${id}/like`);
    expect(liked.body).toMatchObject({ liked: true, likeCount: 1 });
    const unliked = await call(server, fan, 'POST', `/reels/${id}/like`);
    expect(unliked.body).toMatchObject({ liked: false, likeCount: 0 });

    expect((await call(server, fan, 'POST', `/reels/${id}/view`)).body).toMatchObject({
      counted: true,
      viewCount: 1,
    });
    expect((await call(server, fan, 'POST', `/reels/${id}/view`)).body).toMatchObject({
      counted: false,
      viewCount: 1,
    });
    expect((await call(server, creator, 'POST', `/reels/${id}/view`)).body).toMatchObject({
      counted: false,
    });
    expect((await call(server, fan, 'GET', `/reels/${id}`)).body.viewCount).toBe(1);

    // only the author deletes
    expect((await call(server, fan, 'DELETE', `/reels/${id}`)).status).toBe(404);
    expect((await call(server, creator, 'DELETE', `/reels/${id}`)).status).toBe(200);
    expect((await call(server, fan, 'GET', `/reels/${id}`)).status).toBe(404);
    const after = await server.app.inject({
      method: 'GET',
      url: feed.body.reels[0].videoUrl,
      headers: fan.headers,
    });
    expect(after.statusCode).not.toBe(200);
  });

  it('pages the feed with a cursor, filters one creator, hides blocked authors', async () => {
    const other = await actor(server, 'creator');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await postReel(other, { caption: `r${i}` }, { video: clip })).body.id);
    const page1 = await call(server, fan, 'GET', `/reels?userId=${other.user.id}&limit=2`);
    expect(page1.body.reels.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call(
      server,
      fan,
      'GET',
      `/reels?userId=${other.user.id}&limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.reels.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(page2.body.hasMore).toBe(false);
    expect((await call(server, fan, 'GET', '/reels?cursor=garbage')).status).toBe(400);
    await block(server, other, fan);
    expect((await call(server, fan, 'GET', `/reels?userId=${other.user.id}`)).body.reels).toEqual(
      [],
    );
    expect((await call(server, fan, 'POST', `/reels/${ids[0]}/like`)).status).toBe(404);
  });

  it('a vault video can become a reel; a stranger’s cannot', async () => {
    const upload = await multipartBody({ file: clip });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...creator.headers, ...upload.headers },
      payload: upload.payload,
    });
    const mediaId = res.json().id;
    const other = await actor(server, 'creator');
    expect((await call(server, other, 'POST', '/reels', { mediaId })).status).toBe(404);
    const reel = await call(server, creator, 'POST', '/reels', {
      mediaId,
      caption: 'From the vault',
    });
    expect(reel.status).toBe(201);
    expect(reel.body.mediaId).toBe(mediaId);
  });

  it('comments: anyone who sees the reel comments; the author and the reel owner delete', async () => {
    const reel = (await postReel(creator, { caption: 'Talk to me' }, { video: clip })).body;
    const stranger = await actor(server);
    const added = await call(server, fan, 'POST', `/reels/${reel.id}/comments`, {
      content: ' Love it ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ content: 'Love it', userId: fan.user.id, canDelete: true });
    expect(
      (await call(server, fan, 'POST', `/reels/${reel.id}/comments`, { content: '   ' })).status,
    ).toBe(400);
    await call(server, stranger, 'POST', `/reels/${reel.id}/comments`, { content: 'Second' });
    const list = await call(server, creator, 'GET', `/reels/${reel.id}/comments`);
    expect(list.body.comments.map((c: { content: string }) => c.content)).toEqual([
      'Love it',
      'Second',
    ]);
    expect(list.body.commentCount).toBe(2);
    const paged = await call(server, creator, 'GET', `/reels/${reel.id}/comments?limit=1&page=2`);
    expect(paged.body).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });
    expect(paged.body.comments.map((c: { content: string }) => c.content)).toEqual(['Second']);
    expect(list.body.comments.every((c: { canDelete: boolean }) => c.canDelete)).toBe(true);
    // another user cannot delete the fan's comment; the reel's owner can
    expect(
      (await call(server, stranger, 'DELETE', `/reels/comments/${added.body.id}`)).status,
    ).toBe(404);
    const removed = await call(server, creator, 'DELETE', `/reels/comments/${added.body.id}`);
    expect(removed.body).toMatchObject({ ok: true, commentCount: 1 });
    expect((await call(server, fan, 'GET', `/reels/${reel.id}`)).body.commentCount).toBe(1);
    expect(
      (await call(server, fan, 'POST', `/reels/${randomUUID()}/comments`, { content: 'x' })).status,
    ).toBe(404);
  });
});
