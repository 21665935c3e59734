import { randomUUID } from 'node:crypto';
import { STORY_MESSAGES } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/images.ts';
import { runJobs } from '../auth/auth.test-helpers.ts';
import { signedContentUrl } from '../media/media.presenter.ts';
import {
  actor,
  block,
  call,
  follow,
  jpeg,
  subscribe,
  vaultImage,
  type Actor,
} from '../posts/posts.test-kit.ts';
import { STORY_EXPIRE_JOB } from './stories.service.ts';

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

/** POST /stories as the spec's client sends it: multipart, textPosition as JSON text. */
async function postStory(who: Actor, fields: Record<string, string>, file?: Buffer) {
  const body = await multipartBody(file ? { media: file } : {}, fields);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/stories',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const textStory = (who: Actor, accessLevel = 'public', text = 'Hello') =>
  call(server, who, 'POST', '/stories', {
    textOverlay: text,
    backgroundColor: '#7C3AED',
    accessLevel,
  });

const storyCount = async (userId: string) =>
  Number(
    (
      await server.ctx.db
        .selectFrom('stories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /stories', () => {
  it('creates an image story from multipart with every SPEC §3 field', async () => {
    const res = await postStory(
      creator,
      {
        mediaType: 'image',
        caption: ' Sunset walk ',
        textOverlay: 'Golden hour',
        textPosition: '{"x":0.5,"y":0.3}',
        textSize: '32',
        backgroundColor: '#000000',
        textColor: '#FFEE00',
        accessLevel: 'public',
      },
      await jpeg(320, 480),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId: creator.user.id,
      user: { id: creator.user.id, username: creator.user.username },
      mediaType: 'image',
      caption: 'Sunset walk',
      textOverlay: 'Golden hour',
      textPosition: { x: 0.5, y: 0.3 },
      textSize: 32,
      backgroundColor: '#000000',
      textColor: '#ffee00',
      accessLevel: 'public',
      isOwn: true,
      seen: true,
      viewCount: 0,
    });
    expect(res.body.storyId).toBe(res.body.id);
    expect(res.body.media).toMatch(/^\/api\/media\/[0-9a-f-]+\/content\?/);
    const lifetime = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(Math.round(lifetime / 3_600_000)).toBe(24);
    // the file went through the pipeline into the creator's vault, re-encoded
    const item = await server.ctx.db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', res.body.mediaId)
      .executeTakeFirstOrThrow();
    expect(item.owner_id).toBe(creator.user.id);
    expect(item.original_key.startsWith('private/')).toBe(true);
    expect(item.mime).toBe('image/webp');
    const file = await server.app.inject({
      method: 'GET',
      url: res.body.media,
      headers: creator.headers,
    });
    expect(file.statusCode).toBe(200);
    // and its expiry job waits for the 24 hours
    const job = await server.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `stories.expire:${res.body.id}`)
      .executeTakeFirstOrThrow();
    expect(job.type).toBe(STORY_EXPIRE_JOB);
    expect(job.run_at.toISOString()).toBe(res.body.expiresAt);
  });

  it('takes a text-only story with a background colour, and named sizes', async () => {
    const res = await postStory(creator, {
      textOverlay: 'Live tonight at 9',
      backgroundColor: '#1e293b',
      textSize: 'large',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      mediaType: 'text',
      media: null,
      textSize: 40,
      backgroundColor: '#1e293b',
      textPosition: { x: 0.5, y: 0.5 },
      textColor: '#ffffff',
      accessLevel: 'public',
    });
  });

  it('takes a vault item by id (JSON), and refuses a stranger’s item', async () => {
    const item = await vaultImage(server, creator);
    const ok = await call(server, creator, 'POST', '/stories', { mediaId: item.id });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ mediaType: 'image', mediaId: item.id });
    const other = await actor(server, 'creator');
    const refused = await call(server, other, 'POST', '/stories', { mediaId: item.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('MEDIA_NOT_FOUND');
    expect(await storyCount(other.user.id)).toBe(0);
  });

  it('answers a non-creator 403 ONLY_CREATORS with "Only creators" in the message', async () => {
    const fan = await actor(server);
    const res = await postStory(fan, { textOverlay: 'hi' }, await jpeg());
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ONLY_CREATORS');
    expect(res.body.message).toContain('Only creators');
    expect(res.body.message).toBe(STORY_MESSAGES.onlyCreators);
    const pending = await actor(server, 'fan', { identity_status: 'pending' });
    const waiting = await textStory(pending);
    expect(waiting.status).toBe(403);
    expect(waiting.body.message).toContain('Only creators');
    expect(waiting.body.requiresIdentityVerification).toBe(true);
    expect(await storyCount(fan.user.id)).toBe(0);
    // a body the schema would refuse still gets the 403 first (it opens the become-creator modal)
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/stories',
      headers: fan.headers,
      payload: { textOverlay: 'x'.repeat(100_000) },
    });
    expect(invalid.statusCode).toBe(403);
    expect(invalid.json().code).toBe('ONLY_CREATORS');
    const visitor = await server.app.inject({
      method: 'POST',
      url: '/api/stories',
      payload: { textOverlay: 'x' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses bad input with a 4xx naming the field, and stores nothing', async () => {
    const before = await storyCount(creator.user.id);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 400, 'EMPTY_STORY'],
      [{ caption: '   ' }, 400, 'EMPTY_STORY'],
      [{ mediaType: 'image', textOverlay: 'no photo' }, 400, 'EMPTY_STORY'],
      [{ textOverlay: 'x', textPosition: '{x:1' }, 400, 'VALIDATION_FAILED'],
      [{ textOverlay: 'x', textPosition: '{"x":2,"y":0.5}' }, 400, 'VALIDATION_FAILED'],
      [{ textOverlay: 'x', backgroundColor: 'url(javascript:alert(1))' }, 400, 'VALIDATION_FAILED'],
      [{ textOverlay: 'x', accessLevel: 'paid' }, 400, 'VALIDATION_FAILED'],
      [{ textOverlay: 'x', textSize: '500' }, 400, 'VALIDATION_FAILED'],
      [{ textOverlay: 'x'.repeat(251) }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [fields, status, code] of cases) {
      const res = await postStory(creator, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body.code, JSON.stringify(fields)).toBe(code);
    }
    const position = await postStory(creator, { textOverlay: 'x', textPosition: '{x:1' });
    expect(position.body.field).toBe('textPosition');
    // audio is not a story, refused by its bytes before anything is stored
    const wav = Buffer.alloc(44 + 800);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + 800, 4);
    wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(8000, 24);
    wav.writeUInt32LE(8000, 28);
    wav.writeUInt16LE(1, 32);
    wav.writeUInt16LE(8, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(800, 40);
    const audio = await postStory(creator, {}, wav);
    expect(audio.status).toBe(415);
    expect(await storyCount(creator.user.id)).toBe(before);
  });

  it('limits stories per day', async () => {
    const busy = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('stories')
      .values(
        Array.from({ length: 50 }, () => ({
          user_id: busy.user.id,
          media_type: 'text' as const,
          text_overlay: 'x',
          expires_at: new Date(Date.now() + 3_600_000),
        })),
      )
      .execute();
    const res = await textStory(busy);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LIMIT_REACHED');
  });
});

describe('who sees which story', () => {
  let author: Actor;
  let follower: Actor;
  let subscriber: Actor;
  let stranger: Actor;
  const ids: Record<string, string> = {};
  const mediaOf: Record<string, string> = {};

  beforeAll(async () => {
    author = await actor(server, 'creator');
    [follower, subscriber, stranger] = await Promise.all([
      actor(server),
      actor(server),
      actor(server),
    ]);
    for (const level of ['public', 'followers', 'subscribers']) {
      const res = await postStory(author, { accessLevel: level, caption: level }, await jpeg());
      expect(res.status).toBe(201);
      ids[level] = res.body.id;
      mediaOf[level] = res.body.mediaId;
    }
    await follow(server, follower, author);
    await subscribe(server, subscriber, author);
  });

  const visibleLevels = async (who: Actor) => {
    const res = await call(server, who, 'GET', `/stories?userId=${author.user.id}`);
    expect(res.status).toBe(200);
    return (res.body.stories as Array<{ caption: string }>).map((s) => s.caption).sort();
  };

  it('applies the access levels to lists, single stories, views and media', async () => {
    expect(await visibleLevels(stranger)).toEqual(['public']);
    expect(await visibleLevels(follower)).toEqual(['followers', 'public']);
    expect(await visibleLevels(subscriber)).toEqual(['followers', 'public', 'subscribers']);
    expect(await visibleLevels(author)).toEqual(['followers', 'public', 'subscribers']);

    for (const [who, level] of [
      [stranger, 'followers'],
      [stranger, 'subscribers'],
      [follower, 'subscribers'],
    ] as const) {
      const id = ids[level]!;
      expect((await call(server, who, 'GET', `/stories/${id}`)).status).toBe(404);
      const view = await call(server, who, 'POST', `/stories/${id}/view`);
      expect(view.status).toBe(404);
      expect(view.body.code).toBe('STORY_NOT_FOUND');
      const media = await server.app.inject({
        method: 'GET',
        url: signedContentUrl(server.ctx, mediaOf[level]!, 'large', who.sessionId),
        headers: who.headers,
      });
      expect(media.statusCode).toBe(403);
    }
    const allowed = await server.app.inject({
      method: 'GET',
      url: signedContentUrl(server.ctx, mediaOf.subscribers!, 'large', subscriber.sessionId),
      headers: subscriber.headers,
    });
    expect(allowed.statusCode).toBe(200);
    // followers-only stories only land in the tray of followers (and subscribers)
    const tray = await call(server, follower, 'GET', '/stories');
    expect(tray.body.groups.map((g: { userId: string }) => g.userId)).toEqual([author.user.id]);
    expect((await call(server, stranger, 'GET', '/stories')).body.groups).toEqual([]);
  });

  it('hides everything across a block, either way', async () => {
    const blocker = await actor(server);
    await follow(server, blocker, author);
    expect((await call(server, blocker, 'GET', '/stories')).body.groups).toHaveLength(1);
    await block(server, author, blocker);
    expect((await call(server, blocker, 'GET', '/stories')).body.groups).toEqual([]);
    expect((await call(server, blocker, 'GET', `/stories/${ids.public}`)).status).toBe(404);
    expect((await call(server, blocker, 'POST', `/stories/${ids.public}/view`)).status).toBe(404);
  });

  it('refuses visitors on every route', async () => {
    for (const [method, url] of [
      ['GET', '/stories'],
      ['GET', `/stories/${ids.public}`],
      ['POST', `/stories/${ids.public}/view`],
      ['GET', `/stories/${ids.public}/viewers`],
      ['DELETE', `/stories/${ids.public}`],
    ] as const) {
      expect((await call(server, null, method, url)).status, url).toBe(401);
    }
  });
});

describe('the tray, views and viewers', () => {
  it('groups by creator with unseen groups first, oldest story first inside', async () => {
    const fan = await actor(server);
    const [a, b] = [await actor(server, 'creator'), await actor(server, 'creator')];
    await follow(server, fan, a);
    await follow(server, fan, b);
    const a1 = (await textStory(a, 'public', 'a1')).body.id as string;
    const a2 = (await textStory(a, 'public', 'a2')).body.id as string;
    const b1 = (await textStory(b, 'public', 'b1')).body.id as string;

    let tray = await call(server, fan, 'GET', '/stories');
    // both unseen: the most recent first
    expect(tray.body.groups.map((g: { userId: string }) => g.userId)).toEqual([
      b.user.id,
      a.user.id,
    ]);
    expect(tray.body.groups[1].stories.map((s: { id: string }) => s.id)).toEqual([a1, a2]);
    expect(tray.body.stories.map((s: { id: string }) => s.id)).toEqual([b1, a1, a2]);

    expect((await call(server, fan, 'POST', `/stories/${b1}/view`)).body.counted).toBe(true);
    tray = await call(server, fan, 'GET', '/stories');
    expect(
      tray.body.groups.map((g: { userId: string; hasUnseen: boolean }) => [g.userId, g.hasUnseen]),
    ).toEqual([
      [a.user.id, true],
      [b.user.id, false],
    ]);
    await call(server, fan, 'POST', `/stories/${a1}/view`);
    tray = await call(server, fan, 'GET', '/stories');
    expect(tray.body.groups[0].stories.map((s: { seen: boolean }) => s.seen)).toEqual([
      true,
      false,
    ]);

    // paging through groups
    const first = await call(server, fan, 'GET', '/stories?limit=1');
    expect(first.body.groups).toHaveLength(1);
    expect(first.body).toMatchObject({ currentPage: 1, totalPages: 2, hasMore: true });
    const second = await call(server, fan, 'GET', '/stories?limit=1&page=2');
    expect(second.body.groups[0].userId).not.toBe(first.body.groups[0].userId);
    expect(second.body).toMatchObject({ currentPage: 2, totalPages: 2, hasMore: false });
    const past = await call(server, fan, 'GET', '/stories?limit=1&page=5');
    expect(past.body).toMatchObject({ groups: [], currentPage: 5, totalPages: 2, hasMore: false });
  });

  it('counts one view per viewer, not the owner, and lists viewers to the owner only', async () => {
    const owner = await actor(server, 'creator');
    const id = (await textStory(owner)).body.id as string;
    const fans = await Promise.all([actor(server), actor(server), actor(server)]);
    for (const fan of fans) {
      await follow(server, fan, owner);
      expect((await call(server, fan, 'POST', `/stories/${id}/view`)).body.counted).toBe(true);
    }
    expect((await call(server, fans[0]!, 'POST', `/stories/${id}/view`)).body.counted).toBe(false);
    expect((await call(server, owner, 'POST', `/stories/${id}/view`)).body.counted).toBe(false);

    const page1 = await call(server, owner, 'GET', `/stories/${id}/viewers?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.viewCount).toBe(3);
    expect(page1.body.viewers).toHaveLength(2);
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call(
      server,
      owner,
      'GET',
      `/stories/${id}/viewers?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.viewers).toHaveLength(1);
    expect(page2.body.hasMore).toBe(false);
    const seen = [...page1.body.viewers, ...page2.body.viewers].map(
      (v: { userId: string }) => v.userId,
    );
    expect(seen.sort()).toEqual(fans.map((f) => f.user.id).sort());
    const own = await call(server, owner, 'GET', `/stories/${id}`);
    expect(own.body.viewCount).toBe(3);

    // a viewer (who can see the story) and a stranger both get the not-found answer
    for (const who of [fans[0]!, await actor(server, 'creator')]) {
      const res = await call(server, who, 'GET', `/stories/${id}/viewers`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('STORY_NOT_FOUND');
    }
    expect((await call(server, owner, 'GET', `/stories/${id}/viewers?cursor=nope`)).status).toBe(
      400,
    );
  });
});

describe('deleting and expiring', () => {
  it("lets only the owner delete; the story's own upload goes, a vault pick stays", async () => {
    const owner = await actor(server, 'creator');
    const uploaded = await postStory(owner, { caption: 'bye' }, await jpeg());
    const picked = await vaultImage(server, owner);
    const fromVault = await call(server, owner, 'POST', '/stories', { mediaId: picked.id });

    const other = await actor(server, 'creator');
    const refused = await call(server, other, 'DELETE', `/stories/${uploaded.body.id}`);
    expect(refused.status).toBe(404);
    expect(await storyCount(owner.user.id)).toBe(2);
    expect((await call(server, owner, 'DELETE', `/stories/${randomUUID()}`)).status).toBe(404);

    for (const id of [uploaded.body.id, fromVault.body.id]) {
      const res = await call(server, owner, 'DELETE', `/stories/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, storyId: id });
      expect((await call(server, owner, 'GET', `/stories/${id}`)).status).toBe(404);
    }
    const media = await server.ctx.db
      .selectFrom('media_items')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [uploaded.body.mediaId, picked.id])
      .execute();
    const byId = new Map(media.map((m) => [m.id, m.deleted_at]));
    expect(byId.get(uploaded.body.mediaId)).not.toBeNull();
    expect(byId.get(picked.id)).toBeNull();
  });

  it('never serves an expired story, and the job removes it with its files', async () => {
    const owner = await actor(server, 'creator');
    const fan = await actor(server);
    await follow(server, fan, owner);
    const story = await postStory(owner, { caption: 'short-lived' }, await jpeg());
    const mediaUrl = (await call(server, fan, 'GET', `/stories/${story.body.id}`)).body
      .media as string;
    expect(
      (await server.app.inject({ method: 'GET', url: mediaUrl, headers: fan.headers })).statusCode,
    ).toBe(200);
    await call(server, fan, 'POST', `/stories/${story.body.id}/view`);

    // the 24 hours pass; before the job runs, nothing serves it any more
    await server.ctx.db
      .updateTable('stories')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', story.body.id)
      .execute();
    expect((await call(server, fan, 'GET', '/stories')).body.groups).toEqual([]);
    expect((await call(server, fan, 'GET', `/stories/${story.body.id}`)).status).toBe(404);
    expect((await call(server, owner, 'GET', `/stories/${story.body.id}/viewers`)).status).toBe(
      404,
    );
    expect(
      (await server.app.inject({ method: 'GET', url: mediaUrl, headers: fan.headers })).statusCode,
    ).toBe(403);

    await server.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('dedupe_key', '=', `stories.expire:${story.body.id}`)
      .execute();
    await runJobs(server);
    expect(await storyCount(owner.user.id)).toBe(0);
    const views = await server.ctx.db
      .selectFrom('story_views')
      .select('story_id')
      .where('story_id', '=', story.body.id)
      .execute();
    expect(views).toEqual([]);
    const item = await server.ctx.db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', story.body.mediaId)
      .executeTakeFirstOrThrow();
    expect(item.deleted_at).not.toBeNull();
    // the purge job ran too: the original is gone from storage
    const file = await server.app.inject({
      method: 'GET',
      url: signedContentUrl(server.ctx, item.id, 'original', owner.sessionId),
      headers: owner.headers,
    });
    expect(file.statusCode).toBe(404);
  });
});
