import { randomUUID } from 'node:crypto';
import { PRODUCTION_MESSAGES } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
let creator: Actor;
let other: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  other = await actor(server, 'creator');
});
afterAll(() => server.close());

const release = (owner: Actor, name = 'Ana Model') =>
  server.ctx.db
    .insertInto('model_releases')
    .values({ creator_id: owner.user.id, model_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('productions', () => {
  it('creates with releases, collaborators and posts, then edits, lists and deletes', async () => {
    const r = await release(creator);
    const post = await insertPost(server, creator.user, { caption: 'Sunset set' });
    const partner = await actor(server);
    const created = await call(server, creator, 'POST', '/productions', {
      title: ' Beach shoot ',
      description: 'Summer set',
      shootDate: '2026-12-05',
      releaseIds: [r.id],
      collaborators: [
        { userId: partner.user.id, name: 'Sam', role: 'Photographer' },
        { name: 'Lee', role: 'Makeup' },
      ],
      postIds: [post.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      creatorId: creator.user.id,
      title: 'Beach shoot',
      status: 'planned',
      shootDate: '2026-12-05',
      releaseIds: [r.id],
      releases: [{ id: r.id, modelName: 'Ana Model', status: 'pending' }],
      collaborators: [
        { userId: partner.user.id, name: 'Sam', role: 'Photographer' },
        { userId: null, name: 'Lee', role: 'Makeup' },
      ],
      postIds: [post.id],
      posts: [{ id: post.id, caption: 'Sunset set', createdAt: post.created_at.toISOString() }],
    });
    const id = created.body.id;
    const moved = await call(server, creator, 'PUT', `/productions/${id}`, { status: 'shooting' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'shooting',
      title: 'Beach shoot',
      releaseIds: [r.id],
    });
    const list = await call(server, creator, 'GET', '/productions?status=shooting');
    expect(list.body.productions.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(list.body).toMatchObject({ currentPage: 1, totalPages: 1, hasMore: false });
    expect((await call(server, creator, 'GET', '/productions?status=published')).body.total).toBe(
      0,
    );
    expect((await call(server, creator, 'GET', `/productions/${id}`)).body.status).toBe('shooting');
    // a deleted post drops out of `posts` (its id stays linked)
    await server.ctx.db
      .updateTable('posts')
      .set({ deleted_at: new Date() })
      .where('id', '=', post.id)
      .execute();
    const afterDelete = (await call(server, creator, 'GET', `/productions/${id}`)).body;
    expect(afterDelete).toMatchObject({ postIds: [post.id], posts: [] });
    expect((await call(server, creator, 'DELETE', `/productions/${id}`)).status).toBe(200);
    expect((await call(server, creator, 'GET', `/productions/${id}`)).status).toBe(404);
  });

  it('refuses bad input and other creators’ releases, posts and productions', async () => {
    const theirs = await release(other);
    const theirPost = await insertPost(server, other.user);
    const bad = [
      { title: '' },
      { title: 'x', status: 'wrapped' },
      { title: 'x', shootDate: '2026-02-30' },
      { title: 'x', shootDate: 'tomorrow' },
      { title: 'x', collaborators: [{ role: 'no name' }] },
    ];
    for (const body of bad)
      expect((await call(server, creator, 'POST', '/productions', body)).status).toBe(400);
    const date = await call(server, creator, 'POST', '/productions', {
      title: 'x',
      shootDate: '2026-02-30',
    });
    expect(date.body.message).toBe(PRODUCTION_MESSAGES.badDate);
    const foreignRelease = await call(server, creator, 'POST', '/productions', {
      title: 'x',
      releaseIds: [theirs.id],
    });
    expect(foreignRelease.status).toBe(404);
    expect(foreignRelease.body.missingIds).toEqual([theirs.id]);
    expect(
      (await call(server, creator, 'POST', '/productions', { title: 'x', postIds: [theirPost.id] }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(server, creator, 'POST', '/productions', {
          title: 'x',
          collaborators: [{ userId: randomUUID(), name: 'Ghost' }],
        })
      ).status,
    ).toBe(404);
    const count = await server.ctx.db
      .selectFrom('productions')
      .selectAll()
      .where('creator_id', '=', creator.user.id)
      .execute();
    expect(count).toEqual([]);

    const mine = (await call(server, creator, 'POST', '/productions', { title: 'Mine' })).body;
    expect((await call(server, other, 'GET', `/productions/${mine.id}`)).status).toBe(404);
    expect(
      (await call(server, other, 'PUT', `/productions/${mine.id}`, { title: 'Stolen' })).status,
    ).toBe(404);
    expect((await call(server, other, 'DELETE', `/productions/${mine.id}`)).status).toBe(404);
    expect((await call(server, other, 'GET', '/productions')).body.productions).toEqual([]);
    expect((await call(server, creator, 'PUT', `/productions/${mine.id}`, {})).status).toBe(400);
  });

  it('is for creators only', async () => {
    const fan = await actor(server);
    const res = await call(server, fan, 'GET', '/productions');
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('Only creators');
    expect((await call(server, null, 'GET', '/productions')).status).toBe(401);
  });
});
