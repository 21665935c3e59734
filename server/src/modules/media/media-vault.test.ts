import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { ingestMedia } from './media.service.ts';
import { actor, call, detailedImage, type Actor } from './media.test-kit.ts';

let server: TestServer;
let owner: Actor;
let stranger: Actor;

beforeAll(async () => {
  server = await createTestServer({ worker: true });
  owner = await actor(server);
  stranger = await actor(server);
});
afterAll(() => server.close());

async function add(who: Actor, title: string, bytes?: Buffer, folderId?: string | null) {
  return ingestMedia(
    server.ctx,
    who.user.id,
    {
      filename: `${title}.png`,
      mimetype: 'image/png',
      bytes: bytes ?? (await detailedImage(8 + title.length, 8, 'png')),
    },
    folderId !== undefined ? { folderId } : {},
  );
}

async function runJobs() {
  for (let round = 0; round < 20; round += 1) {
    await server.runtime.worker!.runOnce();
    const due = await server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirst();
    if (!due) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('vault items', () => {
  it('lists newest first with keyset paging and filters by type, folder and text', async () => {
    const user = await actor(server);
    const a = await add(user, 'sunset beach');
    const b = await add(user, 'city night');
    const c = await add(user, 'beach party');
    const first = await call(server, user, 'GET', '/media?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items.map((i: { id: string }) => i.id)).toEqual([c.id, b.id]);
    expect(first.body.hasMore).toBe(true);
    const second = await call(
      server,
      user,
      'GET',
      `/media?limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });

    const beach = await call(server, user, 'GET', '/media?q=BEACH');
    expect(beach.body.items.map((i: { title: string }) => i.title)).toEqual([
      'beach party',
      'sunset beach',
    ]);
    expect((await call(server, user, 'GET', '/media?q=%25')).body.items).toEqual([]);
    expect((await call(server, user, 'GET', '/media?mediaType=video')).body.items).toEqual([]);
    expect((await call(server, user, 'GET', '/media?mediaType=image')).body.items).toHaveLength(3);
    expect((await call(server, user, 'GET', '/media?cursor=garbage')).status).toBe(400);
    // NUL and other control characters never reach PostgreSQL (which refuses NUL): 4xx/200
    expect((await call(server, user, 'GET', '/media?q=a%00b')).status).toBe(200);
    const nul = await call(server, user, 'PUT', `/media/${a.id}`, {
      title: 'x\u0000y',
      description: 'l1\nl2\u0000',
    });
    expect(nul.body).toMatchObject({ title: 'xy', description: 'l1\nl2' });
    const presigned = await call(server, user, 'POST', '/uploads/presigned-url', {
      filename: 'a\u0000.jpg',
      contentType: 'image/jpeg',
      size: 10,
      title: '\u0000',
    });
    expect(presigned.status).toBe(200);

    // each item as its owner sees it: signed URLs for this session, the original included
    const item = first.body.items[0];
    expect(item.mediaUrl).toContain('variant=large');
    expect(item.originalUrl).toContain('variant=original');
    expect(item).toMatchObject({ folderId: null, mimeType: 'image/webp', title: 'beach party' });
    expect(item.sizeBytes).toBeGreaterThan(0);
  });

  it('gets, edits and deletes an item; the purge job removes its files', async () => {
    const item = await add(owner, 'edit me');
    const got = await call(server, owner, 'GET', `/media/${item.id}`);
    expect(got.body).toMatchObject({ id: item.id, title: 'edit me', description: '' });
    const edited = await call(server, owner, 'PUT', `/media/${item.id}`, {
      title: '  New title ',
      description: 'About it',
      ownerId: stranger.user.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'New title', description: 'About it' });

    const keys = await server.ctx.db
      .selectFrom('media_items')
      .select(['original_key', 'large_key', 'small_key', 'teaser_key', 'owner_id'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(keys.owner_id).toBe(owner.user.id);
    const storage = getFileStorage(server.ctx.config);
    expect(await storage.exists(keys.original_key)).toBe(true);

    expect((await call(server, owner, 'DELETE', `/media/${item.id}`)).status).toBe(200);
    expect((await call(server, owner, 'GET', `/media/${item.id}`)).status).toBe(404);
    expect((await call(server, owner, 'DELETE', `/media/${item.id}`)).status).toBe(404);
    await runJobs();
    for (const key of [keys.original_key, keys.large_key!, keys.small_key!, keys.teaser_key!])
      expect(await storage.exists(key), key).toBe(false);
  });

  it('an edit with nothing to change (empty, or only unknown fields) answers as it is', async () => {
    const user = await actor(server);
    const item = await add(user, 'as is');
    const folder = (await call(server, user, 'POST', '/media/folders', { name: 'Keep' })).body;
    for (const body of [{}, { ownerId: stranger.user.id }]) {
      const put = await call(server, user, 'PUT', `/media/${item.id}`, body);
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ id: item.id, title: 'as is' });
      const renamed = await call(server, user, 'PUT', `/media/folders/${folder.id}`, body);
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: folder.id, name: 'Keep' });
    }
    expect((await call(server, stranger, 'PUT', `/media/${item.id}`, {})).status).toBe(404);
    expect((await call(server, stranger, 'PUT', `/media/folders/${folder.id}`, {})).status).toBe(
      404,
    );
    await call(server, user, 'DELETE', `/media/${item.id}`);
    expect((await call(server, user, 'PUT', `/media/${item.id}`, {})).status).toBe(404);
  });

  it('answers 404 for another user’s ids on every route, and for malformed ids', async () => {
    const mine = await add(owner, 'private thing');
    const folder = (await call(server, owner, 'POST', '/media/folders', { name: 'Mine' })).body;
    const attempts = [
      call(server, stranger, 'GET', `/media/${mine.id}`),
      call(server, stranger, 'PUT', `/media/${mine.id}`, { title: 'hacked' }),
      call(server, stranger, 'DELETE', `/media/${mine.id}`),
      call(server, stranger, 'POST', '/media/move', { mediaIds: [mine.id], folderId: null }),
      call(server, owner, 'POST', '/media/move', { mediaIds: [mine.id], folderId: null }).then(
        async () => call(server, stranger, 'GET', `/media?folderId=${folder.id}`),
      ),
      call(server, stranger, 'GET', `/media/folders/${folder.id}`),
      call(server, stranger, 'PUT', `/media/folders/${folder.id}`, { name: 'x' }),
      call(server, stranger, 'DELETE', `/media/folders/${folder.id}`),
      call(server, stranger, 'POST', '/media/folders', { name: 'child', parentId: folder.id }),
      call(server, stranger, 'POST', '/media/move', {
        mediaIds: [(await add(stranger, 's')).id],
        folderId: folder.id,
      }),
      call(server, owner, 'GET', '/media/not-a-uuid'),
      call(server, owner, 'DELETE', '/media/folders/not-a-uuid'),
      call(server, owner, 'GET', '/media/folders/not-a-uuid'),
      call(server, owner, 'GET', '/media/folders/00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of await Promise.all(attempts))
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    const after = await call(server, owner, 'GET', `/media/${mine.id}`);
    expect(after.body.title).toBe('private thing');
    expect(
      (await call(server, stranger, 'GET', '/media')).body.items.map((i: { id: string }) => i.id),
    ).not.toContain(mine.id);
    expect((await call(server, null, 'GET', '/media')).status).toBe(401);
  });
});

describe('folders and moves', () => {
  it('creates, lists with counts, renames, nests, refuses cycles and deletes to the root', async () => {
    const user = await actor(server);
    const trips = (await call(server, user, 'POST', '/media/folders', { name: ' Trips ' })).body;
    expect(trips).toMatchObject({ name: 'Trips', parentId: null, itemCount: 0 });
    const rome = await call(server, user, 'POST', '/media/folders', {
      name: 'Rome',
      parentId: trips.id,
    });
    expect(rome.status).toBe(201);
    const a = await add(user, 'colosseum', undefined, rome.body.id);
    await add(user, 'loose');

    const listed = (await call(server, user, 'GET', '/media/folders')).body.folders;
    expect(listed.map((f: { name: string; itemCount: number }) => [f.name, f.itemCount])).toEqual([
      ['Rome', 1],
      ['Trips', 0],
    ]);
    // one folder reads as the list shows it
    const one = await call(server, user, 'GET', `/media/folders/${rome.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(listed.find((f: { id: string }) => f.id === rome.body.id));
    const inRome = await call(server, user, 'GET', `/media?folderId=${rome.body.id}`);
    expect(inRome.body.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect((await call(server, user, 'GET', '/media?folderId=root')).body.items).toHaveLength(1);

    const renamed = await call(server, user, 'PUT', `/media/folders/${trips.id}`, {
      name: 'Travel',
    });
    expect(renamed.body).toMatchObject({ name: 'Travel' });
    const cycle = await call(server, user, 'PUT', `/media/folders/${trips.id}`, {
      parentId: rome.body.id,
    });
    expect(cycle.status).toBe(400);
    const self = await call(server, user, 'PUT', `/media/folders/${trips.id}`, {
      parentId: trips.id,
    });
    expect(self.status).toBe(400);
    expect((await call(server, user, 'POST', '/media/folders', { name: '   ' })).status).toBe(400);

    expect((await call(server, user, 'DELETE', `/media/folders/${trips.id}`)).status).toBe(200);
    const left = (await call(server, user, 'GET', '/media/folders')).body.folders;
    expect(left).toEqual([expect.objectContaining({ name: 'Rome', parentId: null })]);
    expect((await call(server, user, 'DELETE', `/media/folders/${rome.body.id}`)).status).toBe(200);
    // the item survived and is back at the root
    const item = await call(server, user, 'GET', `/media/${a.id}`);
    expect(item.body.folderId).toBeNull();
  });

  it('moves items between folders and to the root, all or nothing', async () => {
    const user = await actor(server);
    const folder = (await call(server, user, 'POST', '/media/folders', { name: 'Box' })).body;
    const a = await add(user, 'a');
    const b = await add(user, 'b');
    const moved = await call(server, user, 'POST', '/media/move', {
      mediaIds: [a.id, b.id],
      folderId: folder.id,
    });
    expect(moved.body).toEqual({ moved: 2 });
    expect(
      (await call(server, user, 'GET', `/media?folderId=${folder.id}`)).body.items,
    ).toHaveLength(2);
    const theirs = await add(stranger, 'theirs');
    const mixed = await call(server, user, 'POST', '/media/move', {
      mediaIds: [a.id, theirs.id],
      folderId: null,
    });
    expect(mixed.status).toBe(404);
    expect(mixed.body.missingIds).toEqual([theirs.id]);
    expect((await call(server, user, 'GET', `/media/${a.id}`)).body.folderId).toBe(folder.id);
    const back = await call(server, user, 'POST', '/media/move', {
      mediaIds: [a.id],
      folderId: null,
    });
    expect(back.body).toEqual({ moved: 1 });
    const put = await call(server, user, 'PUT', `/media/${b.id}`, { folderId: null });
    expect(put.body.folderId).toBeNull();
    expect(
      (await call(server, user, 'POST', '/media/move', { mediaIds: [], folderId: null })).status,
    ).toBe(400);
  });
});

describe('duplicates', () => {
  it('groups identical uploads by content hash and counts the wasted bytes', async () => {
    const user = await actor(server);
    const empty = await call(server, user, 'GET', '/media/duplicates/stats');
    expect(empty.body).toEqual({ duplicateGroups: 0, duplicateItems: 0, wastedBytes: 0 });

    const photo = await detailedImage(30, 20);
    const other = await detailedImage(20, 30, 'png');
    const first = await add(user, 'one', photo);
    const second = await add(user, 'two', photo);
    const third = await add(user, 'three', photo);
    await add(user, 'four', other);
    await add(user, 'five', other);
    await add(user, 'unique');
    // another user's copy of the same bytes is not this user's duplicate
    await add(stranger, 'same', photo);

    const stats = await call(server, user, 'GET', '/media/duplicates/stats');
    expect(stats.body).toEqual({
      duplicateGroups: 2,
      duplicateItems: 3,
      wastedBytes: photo.length * 2 + other.length,
    });

    const found = await call(server, user, 'GET', '/media/duplicates/find');
    expect(found.status).toBe(200);
    const [biggest, next] = found.body.groups;
    const bigWaste = Math.max(photo.length * 2, other.length);
    expect(biggest.wastedBytes).toBe(bigWaste);
    const photoGroup = found.body.groups.find((g: { count: number }) => g.count === 3);
    expect(photoGroup.items.map((i: { id: string }) => i.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    expect(photoGroup).toMatchObject({ sizeBytes: photo.length, wastedBytes: photo.length * 2 });
    expect(next).toBeDefined();
    const limited = await call(server, user, 'GET', '/media/duplicates/find?limit=1');
    expect(limited.body.groups).toHaveLength(1);

    await call(server, user, 'DELETE', `/media/${second.id}`);
    const afterDelete = await call(server, user, 'GET', '/media/duplicates/stats');
    expect(afterDelete.body.duplicateItems).toBe(2);
  });
});
