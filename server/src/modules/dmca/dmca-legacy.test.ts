import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { up as linkLegacyTakedowns } from '../../platform/db/migrations/2026-11-27T11-dmca-legacy-takedowns.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';
import { insertPost } from '../posts/posts.test-kit.ts';
import { removedPosts } from './dmca.queries.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
beforeAll(() => {
  ({ server } = kit);
});

const notice = (postIds: string[]) => ({
  claimantName: 'Ada Photographer',
  email: 'ada@example.com',
  copyrightedWork: 'My photo series "Dawn", published 2025',
  statement: 'I have a good faith belief that this use is not authorised by me or the law.',
  signature: 'Ada Photographer',
  goodFaith: true,
  postIds,
});

const counter = {
  statement: 'The photo is my own work, shot in 2024; I can show the original files.',
  signature: 'The Creator',
};

/**
 * A takedown as the code before the restore feature left it: the posts deleted and the
 * `dmca.actioned` audit entry listing them, but no `removed_at` link on the notice's posts.
 */
async function legacyTakedown() {
  const creator = await asUser('creator');
  const taken = await insertPost(server, creator.user, { caption: 'taken down' });
  const ownDelete = await insertPost(server, creator.user, { caption: 'deleted by its author' });
  const laterDelete = await insertPost(server, creator.user, { caption: 'deleted again later' });
  const filed = await call(
    'POST',
    '/dmca',
    (await asUser()).headers,
    notice([taken.id, ownDelete.id, laterDelete.id]),
  );
  expect(filed.status).toBe(201);
  const id = filed.body.id as string;
  // the author deleted one named post before the takedown: not the takedown's to restore
  expect((await call('DELETE', `/posts/${ownDelete.id}`, creator.headers)).status).toBe(200);
  const done = await call('PUT', `/admin/dmca/${id}`, undefined, {
    status: 'actioned',
    removeContent: true,
  });
  expect(done.status).toBe(200);
  const db = server.ctx.db;
  await db
    .updateTable('dmca_notice_posts')
    .set({ removed_at: null })
    .where('notice_id', '=', id)
    .execute();
  // one taken-down post was deleted again, for another reason, an hour later
  await db
    .updateTable('posts')
    .set({ deleted_at: new Date(Date.now() + 3600_000) })
    .where('id', '=', laterDelete.id)
    .execute();
  expect(await removedPosts(db, id)).toEqual([]);
  return { creator, taken, ownDelete, laterDelete, id };
}

const backfill = () => linkLegacyTakedowns(server.ctx.db as unknown as Kysely<unknown>);
const status = async (postId: string, headers: Record<string, string>) =>
  (await call('GET', `/posts/${postId}`, headers)).status;

describe('DMCA takedowns made before the restore feature', () => {
  it('are linked from their own audit record, and a restore brings back only their posts', async () => {
    const { creator, taken, ownDelete, laterDelete, id } = await legacyTakedown();
    const deletedAt = async (postId: string) =>
      (
        await server.ctx.db
          .selectFrom('posts')
          .select('deleted_at')
          .where('id', '=', postId)
          .executeTakeFirstOrThrow()
      ).deleted_at;

    await backfill();
    expect(await removedPosts(server.ctx.db, id)).toEqual([
      { post_id: taken.id, creator_id: creator.user.id, removed_at: await deletedAt(taken.id) },
    ]);
    // running it again changes nothing
    await backfill();
    expect((await removedPosts(server.ctx.db, id)).map((r) => r.post_id)).toEqual([taken.id]);

    const res = await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'restored' });
    expect(res.status).toBe(200);
    expect(await status(taken.id, creator.headers)).toBe(200);
    expect(await status(ownDelete.id, creator.headers)).toBe(404);
    expect(await status(laterDelete.id, creator.headers)).toBe(404);
    const log = await call('GET', `/admin/activity?targetId=${id}`);
    const restored = (
      log.body.activities as { action: string; details: Record<string, unknown> }[]
    ).find((a) => a.action === 'dmca.restored');
    expect(restored?.details.restoredPosts).toEqual([taken.id]);
  });

  it('a countered legacy takedown is restored the same way', async () => {
    const { creator, taken, id } = await legacyTakedown();
    const countered = await call('POST', `/dmca/${id}/counter-notice`, creator.headers, counter);
    expect(countered.status).toBe(201);
    await backfill();
    const res = await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'restored' });
    expect(res.status).toBe(200);
    expect(await status(taken.id, creator.headers)).toBe(200);
  });

  it('leaves notices that are not taken down (rejected, or already restored) alone', async () => {
    const { creator, taken, id } = await legacyTakedown();
    // restored before the fix: nothing came back, and the notice is closed
    expect((await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'restored' })).status).toBe(
      200,
    );
    await backfill();
    expect(await removedPosts(server.ctx.db, id)).toEqual([]);
    expect(await status(taken.id, creator.headers)).toBe(404);
  });
});
