import { randomUUID } from 'node:crypto';
import { SCHEDULER_MESSAGES, SchedulerLimits } from '@fanspace/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import type { Worker } from '../../platform/jobs/worker.ts';
import { actor, call, follow, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { publishers } from './scheduler.publish.ts';
import {
  drain,
  inMinutes,
  itemRow,
  makeDue,
  makeJobsDue,
  publishJobs,
  schedule,
  worker,
} from './scheduler.test-kit.ts';

let server: TestServer;
let creator: Actor;
let fan: Actor;
let jobs: Worker;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  fan = await actor(server);
  await follow(server, fan, creator);
  jobs = worker(server);
});
afterAll(async () => {
  await jobs.stop();
  await server.close();
});

const run = () => drain(server, [jobs]);
const postsOf = (userId: string) =>
  server.ctx.db.selectFrom('posts').selectAll().where('user_id', '=', userId).execute();
const notesOf = (userId: string) =>
  server.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

describe('POST /scheduler', () => {
  it('schedules a post with id and itemId; the job publishes it at its time, once', async () => {
    const media = await vaultImage(server, creator);
    const at = inMinutes(90);
    const res = await schedule(
      server,
      creator,
      'post',
      {
        caption: 'Tomorrow morning #launch',
        selectedMediaItems: [media.id],
        accessDetails: { accessLevel: 'followers' },
      },
      at,
    );
    expect(res.status).toBe(201);
    const item = res.body.item;
    expect(res.body.id).toBe(item.id);
    expect(item).toMatchObject({
      itemId: item.id,
      type: 'post',
      status: 'pending',
      scheduledFor: at,
      attempts: 0,
      maxAttempts: SchedulerLimits.maxAttempts,
      lastError: null,
      resultId: null,
      preview: { text: 'Tomorrow morning #launch', mediaCount: 1, audience: 'followers' },
    });
    expect(item.preview.thumbnailUrl).toMatch(/^\/api\/media\//);
    const [job] = await publishJobs(server, item.id);
    expect(job!.run_at.toISOString()).toBe(at);

    // nothing happens before its time
    await run();
    expect(await postsOf(creator.user.id)).toHaveLength(0);
    expect((await itemRow(server, item.id)).status).toBe('pending');

    await makeDue(server, item.id);
    await run();
    const posts = await postsOf(creator.user.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.caption).toBe('Tomorrow morning #launch');
    const row = await itemRow(server, item.id);
    expect(row).toMatchObject({ status: 'published', result_id: posts[0]!.id, attempts: 1 });
    // the follower sees it in the home feed
    const feed = await call(server, fan, 'GET', '/posts');
    expect(feed.body.posts.map((p: { id: string }) => p.id)).toContain(posts[0]!.id);
    // the creator is told
    const notes = await notesOf(creator.user.id);
    expect(notes.at(-1)).toMatchObject({ type: 'system', related_id: posts[0]!.id });
    expect(notes.at(-1)!.data).toMatchObject({
      event: 'scheduled_published',
      url: `/p/${posts[0]!.id}`,
    });
    const listed = await call(server, creator, 'GET', `/scheduler/${item.id}`);
    expect(listed.body.item).toMatchObject({
      status: 'published',
      resultUrl: `/p/${posts[0]!.id}`,
    });
    // running everything again publishes nothing twice
    await makeJobsDue(server, item.id);
    await run();
    expect(await postsOf(creator.user.id)).toHaveLength(1);
    await server.ctx.db.deleteFrom('posts').where('user_id', '=', creator.user.id).execute();
  });

  it('publishes stories and mass messages through their own services', async () => {
    const story = await schedule(server, creator, 'story', {
      textOverlay: 'Coming soon',
      backgroundColor: '#111827',
      accessLevel: 'followers',
    });
    const mass = await schedule(server, creator, 'mass_message', {
      segment: 'followers',
      text: 'New set out now',
    });
    expect([story.status, mass.status]).toEqual([201, 201]);
    await makeDue(server, story.body.id);
    await makeDue(server, mass.body.id);
    await run();
    const storyRow = await itemRow(server, story.body.id);
    expect(storyRow.status).toBe('published');
    const tray = await call(server, fan, 'GET', '/stories');
    expect(tray.body.stories.map((s: { id: string }) => s.id)).toContain(storyRow.result_id);
    const massRow = await itemRow(server, mass.body.id);
    expect(massRow.status).toBe('published');
    const sent = await server.ctx.db
      .selectFrom('mass_messages')
      .selectAll()
      .where('id', '=', massRow.result_id!)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'completed', sent_count: 1 });
    const chats = await call(server, fan, 'GET', '/chats');
    expect(chats.body.chats[0].lastMessage.text).toBe('New set out now');
  });

  it('refuses times in the past or too far, bad and unpublishable payloads; stores nothing', async () => {
    const count = async () => (await call(server, creator, 'GET', '/scheduler')).body.items.length;
    const before = await count();
    const foreign = await vaultImage(server, await actor(server, 'creator'));
    const cases: Array<[string, Record<string, unknown>, string, number, string, string?]> = [
      [
        'post',
        { caption: 'x' },
        new Date(Date.now() - 60_000).toISOString(),
        400,
        'SCHEDULE_TIME_INVALID',
      ],
      ['post', { caption: 'x' }, inMinutes(366 * 24 * 60), 400, 'SCHEDULE_TIME_INVALID'],
      ['post', { caption: 'x' }, 'tomorrow', 400, 'VALIDATION_FAILED'],
      ['post', { caption: '   ' }, inMinutes(5), 400, 'EMPTY_POST'],
      [
        'post',
        { caption: { text: 'x' } },
        inMinutes(5),
        400,
        'VALIDATION_FAILED',
        'payload.caption',
      ],
      [
        'post',
        { caption: 'x', accessDetails: { accessLevel: 'paid' } },
        inMinutes(5),
        400,
        'VALIDATION_FAILED',
        'accessDetails.price',
      ],
      [
        'post',
        { caption: 'x', selectedMediaItems: [foreign.id] },
        inMinutes(5),
        404,
        'MEDIA_NOT_FOUND',
      ],
      ['story', {}, inMinutes(5), 400, 'EMPTY_STORY'],
      [
        'story',
        { textOverlay: 'x', accessLevel: 'vip' },
        inMinutes(5),
        400,
        'VALIDATION_FAILED',
        'payload.accessLevel',
      ],
      ['mass_message', { segment: 'everyone', text: 'x' }, inMinutes(5), 400, 'VALIDATION_FAILED'],
      ['mass_message', { segment: 'followers' }, inMinutes(5), 400, 'VALIDATION_FAILED', 'text'],
      ['reel', { caption: 'x' }, inMinutes(5), 400, 'VALIDATION_FAILED'],
    ];
    for (const [type, payload, at, status, code, field] of cases) {
      const res = await schedule(server, creator, type, payload, at);
      const label = `${type} ${JSON.stringify(payload)} ${at}`;
      expect(res.status, label).toBe(status);
      expect(res.body.code, label).toBe(code);
      if (field) expect(res.body.field, label).toBe(field);
    }
    const past = await schedule(
      server,
      creator,
      'post',
      { caption: 'x' },
      new Date(Date.now() - 1000).toISOString(),
    );
    expect(past.body.message).toBe(SCHEDULER_MESSAGES.inPast);
    expect(await count()).toBe(before);
    // the dry runs left nothing behind
    expect(await postsOf(creator.user.id)).toHaveLength(0);
  });

  it('is for creators only; visitors are 401 on every route', async () => {
    const res = await schedule(server, fan, 'post', { caption: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ONLY_CREATORS');
    expect(res.body.message).toBe(SCHEDULER_MESSAGES.onlyCreators);
    expect((await call(server, fan, 'GET', '/scheduler')).status).toBe(403);
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/scheduler'],
      ['POST', '/scheduler'],
      ['POST', '/scheduler/batch'],
      ['PUT', '/scheduler/bulk'],
      ['DELETE', '/scheduler/bulk'],
      ['GET', `/scheduler/${id}`],
      ['PUT', `/scheduler/${id}`],
      ['DELETE', `/scheduler/${id}`],
    ] as const) {
      const visitor = await server.app.inject({ method, url: `/api${url}`, payload: {} });
      expect(visitor.statusCode, url).toBe(401);
    }
  });

  it('caps the pending items per creator', async () => {
    const busy = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('scheduled_items')
      .values(
        Array.from({ length: SchedulerLimits.maxPending }, () => ({
          user_id: busy.user.id,
          type: 'post' as const,
          payload: JSON.stringify({ caption: 'x' }),
          scheduled_for: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    const res = await schedule(server, busy, 'post', { caption: 'one more' });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('LIMIT_REACHED');
  });
});

describe('failures', () => {
  const original = publishers.post;
  afterEach(() => {
    publishers.post = original;
  });

  it('retries a failing publish with backoff, then marks it failed with the error and notifies', async () => {
    const res = await schedule(server, creator, 'post', { caption: 'will fail' });
    const id = res.body.id as string;
    let calls = 0;
    publishers.post = async () => {
      calls += 1;
      throw new Error('disk on fire');
    };
    await makeDue(server, id);
    await run();
    let row = await itemRow(server, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toBe('A server error stopped publishing');
    const retry = (await publishJobs(server, id)).filter((j) => j.status === 'pending');
    expect(retry).toHaveLength(1);
    expect(retry[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 500);

    for (let attempt = 2; attempt <= SchedulerLimits.maxAttempts; attempt += 1) {
      await makeJobsDue(server, id);
      await run();
    }
    expect(calls).toBe(SchedulerLimits.maxAttempts);
    row = await itemRow(server, id);
    expect(row).toMatchObject({ status: 'failed', attempts: SchedulerLimits.maxAttempts });
    expect((await publishJobs(server, id)).filter((j) => j.status === 'pending')).toEqual([]);
    const note = (await notesOf(creator.user.id)).at(-1)!;
    expect(note.data).toMatchObject({
      event: 'scheduled_failed',
      scheduledItemId: id,
      url: '/scheduler',
    });
    expect(String(note.data.message)).toContain('could not be published');

    // a failed item can be rescheduled: back to pending, attempts reset, and it goes out
    publishers.post = original;
    const again = await call(server, creator, 'PUT', `/scheduler/${id}`, {
      scheduledFor: inMinutes(30),
    });
    expect(again.status).toBe(200);
    expect(again.body.item).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    await makeDue(server, id);
    await run();
    expect((await itemRow(server, id)).status).toBe('published');
    await server.ctx.db.deleteFrom('posts').where('user_id', '=', creator.user.id).execute();
  });

  it('fails at once, without retries, when the services refuse (media deleted, no longer a creator)', async () => {
    const media = await vaultImage(server, creator);
    const gone = await schedule(server, creator, 'post', {
      caption: 'x',
      selectedMediaItems: [media.id],
    });
    await call(server, creator, 'DELETE', `/media/${media.id}`);
    await makeDue(server, gone.body.id);
    await run();
    const row = await itemRow(server, gone.body.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Media not found' });

    const former = await actor(server, 'creator');
    const later = await schedule(server, former, 'story', { textOverlay: 'hi' });
    await server.ctx.db
      .updateTable('users')
      .set({ account_type: 'fan' })
      .where('id', '=', former.user.id)
      .execute();
    await makeDue(server, later.body.id);
    await run();
    const refused = await itemRow(server, later.body.id);
    expect(refused.status).toBe('failed');
    expect(refused.last_error).toContain('Only creators');
  });
});

describe('PUT and DELETE /scheduler/{id}', () => {
  it('reschedules (the old job does nothing), edits, cancels, restores and publishes now', async () => {
    const res = await schedule(server, creator, 'post', { caption: 'first draft' }, inMinutes(10));
    const id = res.body.id as string;
    const moved = await call(server, creator, 'PUT', `/scheduler/${id}`, {
      scheduledFor: inMinutes(600),
      payload: { caption: 'second draft' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.item.payload).toEqual({ caption: 'second draft' });
    // the first job comes due at the old time: nothing is published
    const [oldJob] = await publishJobs(server, id);
    await server.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('id', '=', oldJob!.id)
      .execute();
    await run();
    expect((await itemRow(server, id)).status).toBe('pending');
    expect(await postsOf(creator.user.id)).toHaveLength(0);

    const badEdit = await call(server, creator, 'PUT', `/scheduler/${id}`, {
      payload: { caption: '' },
    });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.code).toBe('EMPTY_POST');
    expect((await itemRow(server, id)).payload).toEqual({ caption: 'second draft' });
    const past = await call(server, creator, 'PUT', `/scheduler/${id}`, {
      scheduledFor: new Date(Date.now() - 5000).toISOString(),
    });
    expect(past.status).toBe(400);

    const canceled = await call(server, creator, 'PUT', `/scheduler/${id}`, { status: 'canceled' });
    expect(canceled.body.item.status).toBe('canceled');
    await makeJobsDue(server, id);
    await run();
    expect(await postsOf(creator.user.id)).toHaveLength(0);

    const restored = await call(server, creator, 'PUT', `/scheduler/${id}`, { status: 'pending' });
    expect(restored.body.item.status).toBe('pending');
    const now = await call(server, creator, 'PUT', `/scheduler/${id}`, { publishNow: true });
    expect(now.status).toBe(200);
    await run();
    const posts = await postsOf(creator.user.id);
    expect(posts.map((p) => p.caption)).toEqual(['second draft']);
    const published = await call(server, creator, 'PUT', `/scheduler/${id}`, {
      scheduledFor: inMinutes(5),
    });
    expect(published.status).toBe(409);
    expect(published.body.code).toBe('SCHEDULED_ITEM_NOT_EDITABLE');
    // deleting the schedule entry leaves what it published
    expect((await call(server, creator, 'DELETE', `/scheduler/${id}`)).status).toBe(200);
    expect(await postsOf(creator.user.id)).toHaveLength(1);
    await server.ctx.db.deleteFrom('posts').where('user_id', '=', creator.user.id).execute();
  });

  it("answers 404 for another creator's items on every route, and changes nothing", async () => {
    const mine = await schedule(server, creator, 'post', { caption: 'mine' });
    const id = mine.body.id as string;
    const other = await actor(server, 'creator');
    const attempts: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', `/scheduler/${id}`],
      ['PUT', `/scheduler/${id}`, { scheduledFor: inMinutes(5) }],
      ['PUT', `/scheduler/${id}`, { status: 'canceled' }],
      ['DELETE', `/scheduler/${id}`],
      ['PUT', '/scheduler/bulk', { ids: [id], shiftMinutes: 60 }],
      ['DELETE', '/scheduler/bulk', { ids: [id] }],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(server, other, method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('SCHEDULED_ITEM_NOT_FOUND');
    }
    expect((await call(server, other, 'GET', '/scheduler')).body.items).toEqual([]);
    const row = await itemRow(server, id);
    expect(row).toMatchObject({ status: 'pending', revision: 1 });
    expect((await call(server, creator, 'GET', '/scheduler/not-a-uuid')).status).toBe(400);
  });
});

describe('lists, batch and bulk', () => {
  let lister: Actor;
  beforeAll(async () => {
    lister = await actor(server, 'creator');
  });

  it('lists soonest first with type, status and range filters and a keyset cursor', async () => {
    const a = await schedule(server, lister, 'post', { caption: 'a' }, inMinutes(30));
    const b = await schedule(server, lister, 'story', { textOverlay: 'b' }, inMinutes(20));
    const c = await schedule(server, lister, 'post', { caption: 'c' }, inMinutes(40));
    await call(server, lister, 'PUT', `/scheduler/${c.body.id}`, { status: 'canceled' });

    const all = await call(server, lister, 'GET', '/scheduler');
    expect(all.body.items.map((i: { id: string }) => i.id)).toEqual([
      b.body.id,
      a.body.id,
      c.body.id,
    ]);
    expect(all.body.pendingCount).toBe(2);
    const posts = await call(server, lister, 'GET', '/scheduler?type=post&status=pending');
    expect(posts.body.items.map((i: { id: string }) => i.id)).toEqual([a.body.id]);
    const range = await call(
      server,
      lister,
      'GET',
      `/scheduler?from=${encodeURIComponent(inMinutes(25))}&to=${encodeURIComponent(inMinutes(45))}`,
    );
    expect(range.body.items.map((i: { id: string }) => i.id)).toEqual([a.body.id, c.body.id]);
    const first = await call(server, lister, 'GET', '/scheduler?limit=2');
    expect(first.body.hasMore).toBe(true);
    const next = await call(
      server,
      lister,
      'GET',
      `/scheduler?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(next.body.items.map((i: { id: string }) => i.id)).toEqual([c.body.id]);
    expect(next.body.hasMore).toBe(false);
    expect((await call(server, lister, 'GET', '/scheduler?cursor=bad')).status).toBe(400);
  });

  it('batch: all or nothing, each refused item named', async () => {
    const batcher = await actor(server, 'creator');
    const good = { type: 'post', scheduledFor: inMinutes(60), payload: { caption: 'one' } };
    const refused = await call(server, batcher, 'POST', '/scheduler/batch', {
      items: [
        good,
        { type: 'story', scheduledFor: inMinutes(60), payload: {} },
        {
          type: 'post',
          scheduledFor: new Date(Date.now() - 1000).toISOString(),
          payload: { caption: 'x' },
        },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('SCHEDULER_BATCH_INVALID');
    expect(
      refused.body.errors.map((e: { index: number; code: string }) => [e.index, e.code]),
    ).toEqual([
      [1, 'EMPTY_STORY'],
      [2, 'SCHEDULE_TIME_INVALID'],
    ]);
    expect((await call(server, batcher, 'GET', '/scheduler')).body.items).toEqual([]);

    const ok = await call(server, batcher, 'POST', '/scheduler/batch', {
      items: [
        good,
        {
          type: 'mass_message',
          scheduledFor: inMinutes(90),
          payload: { segment: 'subscribers', text: 'hi' },
        },
      ],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.count).toBe(2);
    expect(ok.body.items.every((i: { id: string; itemId: string }) => i.id === i.itemId)).toBe(
      true,
    );
    expect((await call(server, batcher, 'POST', '/scheduler/batch', { items: [] })).status).toBe(
      400,
    );
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/scheduler/batch',
      headers: batcher.headers,
      payload: [good],
    });
    expect(bare.statusCode).toBe(201);
  });

  it('bulk: shift, set a time, cancel; all or nothing; bulk delete', async () => {
    const bulk = await actor(server, 'creator');
    const times = [inMinutes(60), inMinutes(120)];
    const ids: string[] = [];
    for (const at of times)
      ids.push((await schedule(server, bulk, 'post', { caption: at }, at)).body.id);

    const shifted = await call(server, bulk, 'PUT', '/scheduler/bulk', { ids, shiftMinutes: 30 });
    expect(shifted.status).toBe(200);
    expect(shifted.body.items.map((i: { scheduledFor: string }) => i.scheduledFor)).toEqual(
      times.map((t) => new Date(Date.parse(t) + 30 * 60_000).toISOString()),
    );
    const target = inMinutes(24 * 60);
    const set = await call(server, bulk, 'PUT', '/scheduler/bulk', { ids, scheduledFor: target });
    expect(set.body.items.every((i: { scheduledFor: string }) => i.scheduledFor === target)).toBe(
      true,
    );

    // one item cannot move into the past: nothing moves, the reason is listed
    const tooEarly = await call(server, bulk, 'PUT', '/scheduler/bulk', {
      ids,
      shiftMinutes: -2 * 24 * 60,
    });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.code).toBe('SCHEDULER_BATCH_INVALID');
    expect(tooEarly.body.errors).toHaveLength(2);
    expect((await itemRow(server, ids[0]!)).scheduled_for.toISOString()).toBe(target);

    const two = await call(server, bulk, 'PUT', '/scheduler/bulk', {
      ids,
      shiftMinutes: 5,
      status: 'canceled',
    });
    expect(two.status).toBe(400);
    const foreign = await schedule(server, creator, 'post', { caption: 'not yours' });
    const mixed = await call(server, bulk, 'PUT', '/scheduler/bulk', {
      ids: [...ids, foreign.body.id],
      status: 'canceled',
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.missingIds).toEqual([foreign.body.id]);
    expect((await itemRow(server, ids[0]!)).status).toBe('pending');

    const canceled = await call(server, bulk, 'PUT', '/scheduler/bulk', {
      ids,
      status: 'canceled',
    });
    expect(canceled.body.items.map((i: { status: string }) => i.status)).toEqual([
      'canceled',
      'canceled',
    ]);

    const refusedDelete = await call(server, bulk, 'DELETE', '/scheduler/bulk', {
      ids: [...ids, foreign.body.id],
    });
    expect(refusedDelete.status).toBe(404);
    expect((await call(server, bulk, 'GET', '/scheduler')).body.items).toHaveLength(2);
    const deleted = await call(server, bulk, 'DELETE', '/scheduler/bulk', { ids });
    expect(deleted.body).toMatchObject({ ok: true, count: 2 });
    expect((await call(server, bulk, 'GET', '/scheduler')).body.items).toEqual([]);
  });
});
