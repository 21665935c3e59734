import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, type Actor } from '../posts/posts.test-kit.ts';

let server: TestServer;
let creator: Actor;
let other: Actor;
let fan: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  other = await actor(server, 'creator');
  fan = await actor(server);
});
afterAll(() => server.close());

describe('creator notes', () => {
  it('writes, lists, edits and deletes private notes about a fan', async () => {
    const created = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      note: '  Likes sunset sets \u0000',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: fan.user.id,
      note: 'Likes sunset sets',
      user: { id: fan.user.id, username: fan.user.username },
    });
    const id = created.body.id as string;
    await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      note: 'Tipped twice',
    });

    const about = await call(server, creator, 'GET', `/creator-notes/user/${fan.user.id}`);
    expect(about.body.notes.map((n: { note: string }) => n.note)).toEqual([
      'Tipped twice',
      'Likes sunset sets',
    ]);
    const all = await call(server, creator, 'GET', '/creator-notes');
    expect(all.body.notes).toHaveLength(2);

    const edited = await call(server, creator, 'PUT', `/creator-notes/${id}`, {
      note: 'Loves sunsets',
    });
    expect(edited).toMatchObject({ status: 200, body: { id, note: 'Loves sunsets' } });
    expect((await call(server, creator, 'DELETE', `/creator-notes/${id}`)).body).toEqual({
      ok: true,
      id,
    });
    expect(
      (await call(server, creator, 'GET', `/creator-notes/user/${fan.user.id}`)).body.notes,
    ).toHaveLength(1);
  });

  it('keeps notes private: another creator sees none and cannot touch them (404)', async () => {
    const mine = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      note: 'Secret',
    });
    const id = mine.body.id as string;
    expect(
      (await call(server, other, 'GET', `/creator-notes/user/${fan.user.id}`)).body.notes,
    ).toEqual([]);
    expect((await call(server, other, 'GET', '/creator-notes')).body.notes).toEqual([]);
    const edit = await call(server, other, 'PUT', `/creator-notes/${id}`, { note: 'hacked' });
    expect(edit).toMatchObject({ status: 404, body: { code: 'CREATOR_NOTE_NOT_FOUND' } });
    expect((await call(server, other, 'DELETE', `/creator-notes/${id}`)).status).toBe(404);
    const still = await call(server, creator, 'GET', `/creator-notes/user/${fan.user.id}`);
    expect(still.body.notes.map((n: { note: string }) => n.note)).toContain('Secret');
  });

  it('refuses fans, visitors, blank notes, self notes and unknown people', async () => {
    // a fan has no notes: the list is empty (no 403); writing one stays creator-only
    expect(await call(server, fan, 'GET', '/creator-notes')).toMatchObject({
      status: 200,
      body: { notes: [] },
    });
    const fanWrite = await call(server, fan, 'POST', '/creator-notes', {
      userId: creator.user.id,
      note: 'x',
    });
    expect(fanWrite.body.code).toBe('ONLY_CREATORS');
    expect((await call(server, null, 'GET', '/creator-notes')).status).toBe(401);
    const blank = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      note: '   ',
    });
    expect(blank).toMatchObject({ status: 400, body: { field: 'note' } });
    const self = await call(server, creator, 'POST', '/creator-notes', {
      userId: creator.user.id,
      note: 'me',
    });
    expect(self).toMatchObject({ status: 400, body: { code: 'CANNOT_TARGET_SELF' } });
    const nobody = await call(server, creator, 'POST', '/creator-notes', {
      userId: randomUUID(),
      note: 'x',
    });
    expect(nobody.status).toBe(404);
    const aboutNobody = await call(server, creator, 'GET', `/creator-notes/user/${randomUUID()}`);
    expect(aboutNobody).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const badId = await call(server, creator, 'PUT', '/creator-notes/not-a-uuid', { note: 'x' });
    expect(badId.status).toBe(400);
    const tooLong = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      note: 'x'.repeat(2001),
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('templates', () => {
  it('saves message and post templates with prices and filters by type', async () => {
    const msg = await call(server, creator, 'POST', '/templates', {
      type: 'message',
      name: 'Welcome',
      body: 'Thanks for subscribing!',
    });
    expect(msg).toMatchObject({
      status: 201,
      body: { type: 'message', price: null, priceCents: null },
    });
    const post = await call(server, creator, 'POST', '/templates', {
      type: 'post',
      name: 'Weekly set',
      body: 'New set is out',
      price: 9.99,
    });
    expect(post.body).toMatchObject({ type: 'post', price: 9.99, priceCents: 999 });
    const onlyPosts = await call(server, creator, 'GET', '/templates?type=post');
    expect(onlyPosts.body.templates.map((t: { name: string }) => t.name)).toEqual(['Weekly set']);
    expect((await call(server, creator, 'GET', '/templates')).body.templates).toHaveLength(2);

    const id = post.body.id as string;
    const edited = await call(server, creator, 'PUT', `/templates/${id}`, {
      name: 'Weekly drop',
      price: null,
    });
    expect(edited.body).toMatchObject({ name: 'Weekly drop', price: null, body: 'New set is out' });
    expect((await call(server, creator, 'DELETE', `/templates/${id}`)).status).toBe(200);
    expect((await call(server, creator, 'GET', '/templates?type=post')).body.templates).toEqual([]);
  });

  it('checks prices and names, and hides templates from other users (404)', async () => {
    const cheap = await call(server, creator, 'POST', '/templates', {
      type: 'message',
      name: 'x',
      body: 'y',
      price: 1,
    });
    expect(cheap).toMatchObject({ status: 400, body: { field: 'price' } });
    const cents = await call(server, creator, 'POST', '/templates', {
      type: 'post',
      name: 'x',
      body: 'y',
      price: 5.555,
    });
    expect(cents.status).toBe(400);
    const blank = await call(server, creator, 'POST', '/templates', {
      type: 'post',
      name: ' ',
      body: 'y',
    });
    expect(blank).toMatchObject({ status: 400, body: { field: 'name' } });
    const badType = await call(server, creator, 'POST', '/templates', {
      type: 'story',
      name: 'x',
      body: 'y',
    });
    expect(badType.status).toBe(400);

    const mine = await call(server, creator, 'POST', '/templates', {
      type: 'message',
      name: 'Mine',
      body: 'b',
    });
    const id = mine.body.id as string;
    expect((await call(server, other, 'GET', '/templates')).body.templates).toEqual([]);
    const steal = await call(server, other, 'PUT', `/templates/${id}`, { name: 'Theirs' });
    expect(steal).toMatchObject({ status: 404, body: { code: 'TEMPLATE_NOT_FOUND' } });
    expect((await call(server, other, 'DELETE', `/templates/${id}`)).status).toBe(404);
    expect(
      (await call(server, fan, 'POST', '/templates', { type: 'message', name: 'x', body: 'y' }))
        .status,
    ).toBe(403);
  });
});

describe('reads by id and minimal bodies', () => {
  it('reads a note back by id; takes content or text for note', async () => {
    const viaContent = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      content: 'Prefers mornings',
    });
    expect(viaContent).toMatchObject({ status: 201, body: { note: 'Prefers mornings' } });
    const viaText = await call(server, creator, 'POST', '/creator-notes', {
      userId: fan.user.id,
      text: 'Asked for a shout-out',
    });
    expect(viaText.body.note).toBe('Asked for a shout-out');
    const none = await call(server, creator, 'POST', '/creator-notes', { userId: fan.user.id });
    expect(none).toMatchObject({ status: 400, body: { field: 'note' } });

    const id = viaContent.body.id as string;
    const listed = (await call(server, creator, 'GET', '/creator-notes')).body.notes.find(
      (n: { id: string }) => n.id === id,
    );
    expect(await call(server, creator, 'GET', `/creator-notes/${id}`)).toMatchObject({
      status: 200,
      body: listed,
    });
    for (const [who, path] of [
      [other, `/creator-notes/${id}`],
      [fan, `/creator-notes/${id}`],
      [creator, '/creator-notes/not-a-uuid'],
    ] as const)
      expect(await call(server, who, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'CREATOR_NOTE_NOT_FOUND', message: 'Note not found' },
      });
  });

  it('defaults a template to a message named by its first line; reads it back by id', async () => {
    const made = await call(server, creator, 'POST', '/templates', {
      content: 'Thanks for the tip!\nSee you soon',
    });
    expect(made).toMatchObject({
      status: 201,
      body: { type: 'message', name: 'Thanks for the tip!', price: null },
    });
    expect(made.body.body).toContain('See you soon');
    const named = await call(server, creator, 'POST', '/templates', {
      name: 'Promo',
      body: 'Body wins',
      content: 'ignored',
    });
    expect(named.body).toMatchObject({ type: 'message', name: 'Promo', body: 'Body wins' });
    expect(
      (await call(server, creator, 'POST', '/templates', { name: 'Empty' })).body,
    ).toMatchObject({ field: 'body' });

    const id = made.body.id as string;
    const listed = (await call(server, creator, 'GET', '/templates')).body.templates.find(
      (t: { id: string }) => t.id === id,
    );
    expect(await call(server, creator, 'GET', `/templates/${id}`)).toMatchObject({
      status: 200,
      body: listed,
    });
    for (const [who, path] of [
      [other, `/templates/${id}`],
      [creator, '/templates/nope'],
    ] as const)
      expect(await call(server, who, 'GET', path)).toMatchObject({
        status: 404,
        body: { code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' },
      });
    // a fan has no templates: empty list, not 403
    expect(await call(server, fan, 'GET', '/templates')).toMatchObject({
      status: 200,
      body: { templates: [] },
    });
  });
});
