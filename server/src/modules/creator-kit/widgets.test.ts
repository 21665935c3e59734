import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, call, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
let owner: Actor;
let other: Actor;
beforeAll(async () => {
  server = await createTestServer();
  owner = await actor(server, 'creator');
  other = await actor(server);
});
afterAll(() => server.close());

const add = (who: Actor, body: Record<string, unknown>) =>
  call(server, who, 'POST', '/widgets', body);

describe('profile widgets', () => {
  it('adds, edits, reorders and removes widgets, and keeps /vibes/widgets in step', async () => {
    const links = await add(owner, {
      type: 'links',
      config: { links: [{ label: ' Shop ', url: 'https://shop.example.com' }] },
    });
    expect(links).toMatchObject({
      status: 201,
      body: {
        type: 'links',
        title: 'Links',
        enabled: true,
        position: 0,
        config: { links: [{ label: 'Shop', url: 'https://shop.example.com/' }] },
      },
    });
    const about = await add(owner, {
      type: 'about',
      title: 'Hi',
      config: { text: 'Photographer' },
    });
    const countdown = await add(owner, {
      type: 'countdown',
      config: { targetAt: '2027-01-01T00:00:00Z', label: 'New year set', text: 'dropped' },
    });
    expect(countdown.body.config).toEqual({
      targetAt: '2027-01-01T00:00:00.000Z',
      label: 'New year set',
    });

    const ids = [countdown.body.id, links.body.id, about.body.id] as string[];
    const reordered = await call(server, owner, 'PUT', '/widgets/reorder', { ids });
    expect(reordered.body.widgets.map((w: { id: string }) => w.id)).toEqual(ids);
    expect(reordered.body.widgets.map((w: { position: number }) => w.position)).toEqual([0, 1, 2]);

    const edited = await call(server, owner, 'PUT', `/widgets/${about.body.id}`, {
      enabled: false,
      config: { text: 'Photographer & traveller' },
    });
    expect(edited.body).toMatchObject({ enabled: false, title: 'Hi', position: 2 });

    // the same array /vibes/widgets shows
    const vibes = await call(server, owner, 'GET', '/vibes/widgets');
    expect(vibes.body.widgets.map((w: { id: string }) => w.id)).toEqual(ids);

    expect((await call(server, owner, 'DELETE', `/widgets/${links.body.id}`)).status).toBe(200);
    const mine = await call(server, owner, 'GET', '/widgets');
    expect(mine.body.widgets.map((w: { id: string }) => w.id)).toEqual([ids[0], ids[2]]);
  });

  it('shows only enabled widgets on the profile, with top posts resolved, to anyone', async () => {
    const creator = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('posts')
      .values([
        { user_id: creator.user.id, caption: 'quiet', likes_count: 1 },
        { user_id: creator.user.id, caption: 'hit', likes_count: 10, comments_count: 3 },
        {
          user_id: creator.user.id,
          caption: 'paid',
          access_level: 'paid',
          price_cents: 500,
          likes_count: 99,
        },
      ])
      .execute();
    await add(creator, { type: 'top-posts', config: { limit: 2 } });
    await add(creator, { type: 'schedule', enabled: false, config: { text: 'Fridays' } });
    const seen = await call(server, null, 'GET', `/widgets/user/${creator.user.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.widgets).toHaveLength(1);
    expect(seen.body.widgets[0].posts.map((p: { caption: string }) => p.caption)).toEqual([
      'hit',
      'quiet',
    ]);
    expect((await call(server, null, 'GET', `/widgets/user/${randomUUID()}`)).status).toBe(404);

    await block(server, creator, other);
    expect((await call(server, other, 'GET', `/widgets/user/${creator.user.id}`)).status).toBe(404);
  });

  it("refuses bad input and other users' widget ids without changing anything", async () => {
    const mine = await add(other, { type: 'about', config: { text: 'Me' } });
    const id = mine.body.id as string;
    const before = (await call(server, other, 'GET', '/widgets')).body;

    expect((await add(other, { type: 'links', config: { links: [] } })).body).toMatchObject({
      field: 'config.links',
    });
    const http = await add(other, {
      type: 'links',
      config: { links: [{ label: 'x', url: 'http://a.example' }] },
    });
    expect(http.status).toBe(400);
    expect((await add(other, { type: 'about', config: {} })).status).toBe(400);
    expect((await add(other, { type: 'countdown' })).body).toMatchObject({
      field: 'config.targetAt',
    });
    expect((await add(other, { type: 'weather' })).status).toBe(400);
    const dup = await call(server, other, 'PUT', '/widgets/reorder', { ids: [id, id] });
    expect(dup).toMatchObject({ status: 400, body: { field: 'ids' } });

    const theirs = await call(server, owner, 'PUT', `/widgets/${id}`, { title: 'x' });
    expect(theirs).toMatchObject({ status: 404, body: { code: 'WIDGET_NOT_FOUND' } });
    expect((await call(server, owner, 'DELETE', `/widgets/${id}`)).status).toBe(404);
    expect((await call(server, other, 'GET', '/widgets')).body).toEqual(before);
    expect((await call(server, null, 'GET', '/widgets')).status).toBe(401);
  });

  it('keeps items other clients stored through /vibes/widgets', async () => {
    const who = await actor(server);
    await call(server, who, 'PUT', '/vibes/widgets', {
      widgets: [{ type: 'tip-jar', position: 1 }],
    });
    const made = await add(who, { type: 'about', config: { text: 'Hello' } });
    expect((await call(server, who, 'GET', '/widgets')).body.widgets).toHaveLength(1);
    await call(server, who, 'PUT', '/widgets/reorder', { ids: [made.body.id] });
    const raw = await call(server, who, 'GET', '/vibes/widgets');
    expect(raw.body.widgets).toHaveLength(2);
    expect(raw.body.widgets[1]).toEqual({ type: 'tip-jar', position: 1 });
  });
});

describe('a widget read by id', () => {
  it('is the owner’s, as GET /widgets shows it (disabled too); anyone else gets 404', async () => {
    const made = await add(owner, { type: 'top-posts', enabled: false });
    expect(made).toMatchObject({ status: 201, body: { config: { limit: 3 }, enabled: false } });
    const id = made.body.id as string;
    const listed = (await call(server, owner, 'GET', '/widgets')).body.widgets.find(
      (w: { id: string }) => w.id === id,
    );
    expect(await call(server, owner, 'GET', `/widgets/${id}`)).toMatchObject({
      status: 200,
      body: listed,
    });
    for (const [who, path] of [
      [other, `/widgets/${id}`],
      [owner, `/widgets/${randomUUID()}`],
      [owner, '/widgets/not-a-uuid'],
    ] as const)
      expect(await call(server, who, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'WIDGET_NOT_FOUND', message: 'Widget not found' },
      });
    expect((await call(server, null, 'GET', `/widgets/${id}`)).status).toBe(401);
  });
});
