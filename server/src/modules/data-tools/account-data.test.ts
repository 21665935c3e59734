import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { openChat, send } from '../chats/chats.test-kit.ts';
import { ingestMedia } from '../media/media.service.ts';
import { follow, insertPost, jpeg, vaultImage } from '../posts/posts.test-kit.ts';
import { actor, call, exportZip, runJobs } from './data-tools.test-kit.ts';
import { parseOlderThan, runRetention } from './account-data.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

/** Bytes on disk under the media root for these keys (what storage usage must report). */
function diskBytes(keys: Array<string | null>) {
  const root = path.join(server.ctx.config.dataDir, 'media');
  return keys
    .filter((k): k is string => k !== null)
    .reduce((n, key) => n + fs.statSync(path.join(root, ...key.split('/'))).size, 0);
}
const filesOf = (item: {
  original_key: string;
  large_key: string | null;
  small_key: string | null;
  poster_key: string | null;
  teaser_key: string | null;
}) => [item.original_key, item.large_key, item.small_key, item.poster_key, item.teaser_key];

describe('storage usage', () => {
  it('reports the real stored bytes per category, checked against the files on disk', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const inPost = await vaultImage(server, creator);
    const inChat = await vaultImage(server, creator);
    const vaultOnly = await vaultImage(server, creator);
    const post = await insertPost(server, creator.user);
    await server.ctx.db
      .insertInto('post_media')
      .values({ post_id: post.id, media_id: inPost.id, position: 0 })
      .execute();
    const chat = await openChat(server, creator, fan);
    await send(server, creator, chat.id, { text: 'for you', mediaItemId: inChat.id });
    await exportZip(server, creator, 'profile');

    const res = await call(server, creator, 'GET', '/data/storage-usage');
    expect(res.status).toBe(200);
    const by = Object.fromEntries(
      (res.body.categories as Array<{ key: string; bytes: number; files: number }>).map((c) => [
        c.key,
        c,
      ]),
    );
    expect(by.posts).toMatchObject({ bytes: diskBytes(filesOf(inPost)), files: 4 });
    expect(by.messages).toMatchObject({ bytes: diskBytes(filesOf(inChat)), files: 4 });
    expect(by.vault).toMatchObject({ bytes: diskBytes(filesOf(vaultOnly)), files: 4 });
    const exportRow = await server.ctx.db
      .selectFrom('data_exports')
      .select('storage_key')
      .where('user_id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(by.exports).toMatchObject({ bytes: diskBytes([exportRow.storage_key]), files: 1 });
    expect(by.profile).toMatchObject({ bytes: 0, files: 0 });
    expect(res.body.exact).toBe(true);
    expect(res.body.totalBytes).toBe(
      Object.values(by).reduce((n, c) => n + (c as { bytes: number }).bytes, 0),
    );
    // the fan stores nothing
    const fanUsage = await call(server, fan, 'GET', '/data/storage-usage');
    expect(fanUsage.body.totalBytes).toBe(0);
    expect((await call(server, null, 'GET', '/data/storage-usage')).status).toBe(401);
  });
});

describe('optimize storage', () => {
  it('removes unused duplicate copies and leftover files of deleted items, reporting bytes freed', async () => {
    const creator = await actor(server, 'creator');
    // three uploads of the same photo: the oldest stays, a copy used in a post stays, the
    // unused copy goes
    const photo = await jpeg();
    const upload = () =>
      ingestMedia(server.ctx, creator.user.id, {
        filename: 'photo.jpg',
        mimetype: 'image/jpeg',
        bytes: photo,
      });
    const original = await upload();
    const sameHash = upload;
    const usedCopy = await sameHash();
    const unusedCopy = await sameHash();
    const post = await insertPost(server, creator.user);
    await server.ctx.db
      .insertInto('post_media')
      .values({ post_id: post.id, media_id: usedCopy.id, position: 0 })
      .execute();
    // a deleted item whose files were never purged
    const leftover = await vaultImage(server, creator);
    await server.ctx.db
      .updateTable('media_items')
      .set({ deleted_at: new Date() })
      .where('id', '=', leftover.id)
      .execute();
    const expected = diskBytes(filesOf(unusedCopy)) + diskBytes(filesOf(leftover));

    const res = await call(server, creator, 'POST', '/data/optimize-storage');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      bytesFreed: expected,
      filesRemoved: 8,
      duplicatesRemoved: 1,
      orphanedFilesRemoved: 4,
    });
    const storage = getFileStorage(server.ctx.config);
    expect(await storage.exists(unusedCopy.original_key)).toBe(false);
    expect(await storage.exists(usedCopy.original_key)).toBe(true);
    expect(await storage.exists(original.original_key)).toBe(true);
    // a second run finds nothing left to free
    const again = await call(server, creator, 'POST', '/data/optimize-storage');
    expect(again.body).toMatchObject({ bytesFreed: 0, duplicatesRemoved: 0 });
  });
});

describe('sync and clear cache', () => {
  it('recomputes drifted counters and reports them', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    await follow(server, fan, creator);
    await insertPost(server, creator.user);
    await server.ctx.db
      .updateTable('users')
      .set({ followers_count: 40, posts_count: 0 })
      .where('id', '=', creator.user.id)
      .execute();
    const res = await call(server, creator, 'POST', '/data/sync');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'idle',
      progress: 100,
      counters: { followers: 1, following: 0, subscribers: 0, posts: 1 },
      corrected: { followers: [40, 1], posts: [0, 1] },
    });
    expect(Date.parse(res.body.lastSync)).toBeGreaterThan(Date.now() - 10_000);
    const user = await server.ctx.db
      .selectFrom('users')
      .select(['followers_count', 'posts_count'])
      .where('id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ followers_count: 1, posts_count: 1 });
    expect((await call(server, creator, 'POST', '/data/sync')).body.corrected).toEqual({});
    const visitor = await call(server, null, 'POST', '/data/sync');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Not authenticated');
  });

  it("clears only the caller's server caches", async () => {
    const a = await actor(server, 'creator');
    const b = await actor(server, 'creator');
    await vaultImage(server, a);
    await vaultImage(server, b);
    await call(server, a, 'GET', '/data/storage-usage');
    await call(server, b, 'GET', '/data/storage-usage');
    const res = await call(server, a, 'POST', '/data/clear-cache');
    expect(res.status).toBe(200);
    expect(res.body.cleared.storageMeasurements).toBe(1);
    const left = await server.ctx.db
      .selectFrom('media_stored_sizes')
      .select('owner_id')
      .where('owner_id', 'in', [a.user.id, b.user.id])
      .execute();
    expect(left.map((r) => r.owner_id)).toEqual([b.user.id]);
  });
});

describe('cleanup', () => {
  it('parses olderThan durations and dates, refusing the rest', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(parseOlderThan('30d', now).toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(parseOlderThan('12h', now).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(parseOlderThan('2026-01-01', now).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // a bare number is days
    expect(parseOlderThan(30, now).toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(parseOlderThan(0.5, now).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    for (const bad of ['0d', 'yesterday', '2027-01-01', '30x', '99999y', '1999-01-01', 0, -3, 8000])
      expect(() => parseOlderThan(bad, now), String(bad)).toThrow(/olderThan/);
  });

  it("deletes the caller's old exports and notifications, nobody else's", async () => {
    const fan = await actor(server);
    const other = await actor(server);
    const old = await exportZip(server, fan, 'profile');
    await sql`update data_exports set created_at = now() - interval '40 days' where id = ${old.id}`.execute(
      server.ctx.db,
    );
    const recent = await exportZip(server, fan, 'profile');
    for (const who of [fan, other])
      await server.ctx.db
        .insertInto('notifications')
        .values([
          {
            user_id: who.user.id,
            type: 'system',
            created_at: new Date(Date.now() - 50 * 86_400_000),
          },
          { user_id: who.user.id, type: 'system' },
        ])
        .execute();
    const bad = await call(server, fan, 'POST', '/data/cleanup', { olderThan: 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('olderThan');
    const negative = await call(server, fan, 'POST', '/data/cleanup', { olderThan: -1 });
    expect(negative).toMatchObject({ status: 400, body: { field: 'olderThan' } });
    const res = await call(server, fan, 'POST', '/data/cleanup', { olderThan: 30 });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({ exports: 1, notifications: 1 });
    // the cut-off is 30 days back, as '30d' gives
    expect(Date.now() - Date.parse(res.body.olderThan)).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(Date.now() - Date.parse(res.body.olderThan)).toBeLessThan(30 * 86_400_000 + 60_000);
    const again = await call(server, fan, 'POST', '/data/cleanup', { olderThan: '30d' });
    expect(again.status).toBe(200);
    expect(again.body.deleted).toMatchObject({ exports: 0, notifications: 0 });
    const exports = (await call(server, fan, 'GET', '/data/exports')).body.exports;
    expect(exports.map((e: { id: string }) => e.id)).toEqual([recent.id]);
    const otherNotes = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', other.user.id)
      .execute();
    expect(otherNotes).toHaveLength(2);
  });
});

describe('retention settings', () => {
  it('saves, validates and applies them with a job (own messages and notifications)', async () => {
    const fan = await actor(server);
    const creator = await actor(server, 'creator');
    expect((await call(server, fan, 'GET', '/data/retention-settings')).body).toMatchObject({
      messagesDays: null,
      notificationsDays: null,
    });
    const chat = await openChat(server, fan, creator);
    const mine = await send(server, fan, chat.id, { text: 'old words' });
    const theirs = await send(server, creator, chat.id, { text: 'their old words' });
    await sql`update messages set created_at = now() - interval '60 days' where id in (${mine.id}, ${theirs.id})`.execute(
      server.ctx.db,
    );
    await server.ctx.db
      .insertInto('notifications')
      .values({
        user_id: fan.user.id,
        type: 'system',
        created_at: new Date(Date.now() - 20 * 86_400_000),
      })
      .execute();

    for (const body of [{ messagesDays: 3 }, { notificationsDays: 99999 }, { messagesDays: 'x' }])
      expect((await call(server, fan, 'PUT', '/data/retention-settings', body)).status).toBe(400);
    const saved = await call(server, fan, 'PUT', '/data/retention-settings', {
      messagesDays: 30,
      notificationsDays: 14,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ messagesDays: 30, notificationsDays: 14 });
    await runJobs(server);

    const rows = await server.ctx.db
      .selectFrom('messages')
      .select(['id', 'status'])
      .where('id', 'in', [mine.id, theirs.id])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [mine.id]: 'deleted',
      [theirs.id]: 'sent',
    });
    const notes = await server.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', fan.user.id)
      .where('created_at', '<', new Date(Date.now() - 14 * 86_400_000))
      .execute();
    expect(notes).toEqual([]);
    const after = await call(server, fan, 'GET', '/data/retention-settings');
    expect(after.body.lastRunAt).not.toBeNull();
    // the next daily run is queued
    const next = await server.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('type', '=', 'data.retention')
      .where('status', '=', 'pending')
      .where((eb) => eb(eb.ref('payload', '->>').key('userId'), '=', fan.user.id))
      .executeTakeFirstOrThrow();
    expect(next.run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // turning everything off stops the chain
    await call(server, fan, 'PUT', '/data/retention-settings', {
      messagesDays: null,
      notificationsDays: null,
    });
    expect(await runRetention(server.ctx, fan.user.id)).toEqual({ notifications: 0, messages: 0 });
  });
});
