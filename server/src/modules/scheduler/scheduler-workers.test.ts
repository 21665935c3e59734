import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { publishScheduledItem } from './scheduler.publish.ts';
import { drain, inMinutes, itemRow, makeDue, schedule, worker } from './scheduler.test-kit.ts';

/**
 * Exactly once: two worker processes share the jobs table (each claims with SKIP LOCKED), and a
 * job run twice at the same moment (a worker presumed dead while it still runs) still creates
 * one post, because publishing locks the item and checks it is still pending in the same
 * transaction that writes the post.
 */

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

const postCaptions = async () =>
  (
    await server.ctx.db
      .selectFrom('posts')
      .select('caption')
      .where('user_id', '=', creator.user.id)
      .execute()
  )
    .map((p) => p.caption)
    .sort();

describe('two workers racing', () => {
  it('publish every due item exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await schedule(server, creator, 'post', { caption: `race ${i}` }, inMinutes(5));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    for (const id of ids) await makeDue(server, id);
    const [one, two] = [worker(server), worker(server)];
    try {
      await drain(server, [one, two]);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    expect(await postCaptions()).toEqual(Array.from({ length: 12 }, (_, i) => `race ${i}`).sort());
    for (const id of ids) expect((await itemRow(server, id)).status).toBe('published');
    const done = await server.ctx.db
      .selectFrom('jobs')
      .select(['locked_by'])
      .where('type', '=', 'scheduler.publish')
      .where('status', '=', 'done')
      .execute();
    expect(done).toHaveLength(12);
  });

  it('the same job run twice at once publishes once', async () => {
    const res = await schedule(server, creator, 'post', { caption: 'twice' }, inMinutes(5));
    await makeDue(server, res.body.id);
    const before = (await postCaptions()).length;
    const outcomes = await Promise.all([
      publishScheduledItem(server.ctx, res.body.id, 1),
      publishScheduledItem(server.ctx, res.body.id, 1),
      publishScheduledItem(server.ctx, res.body.id, 1),
    ]);
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(2);
    expect((await postCaptions()).length).toBe(before + 1);
  });
});
