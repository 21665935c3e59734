import { DmcaLimits } from '@fanspace/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { startWorker } from '../../platform/jobs/worker.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';
import { insertPost } from '../posts/posts.test-kit.ts';
import { DMCA_RESTORE_JOB, runDueRestore } from './dmca.restore.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
beforeAll(() => {
  ({ server } = kit);
});

const notice = (extra: Record<string, unknown>) => ({
  claimantName: 'Ada Photographer',
  email: 'Ada@Example.com',
  copyrightedWork: 'My photo series "Dawn", published 2025',
  statement: 'I have a good faith belief that this use is not authorised by me or the law.',
  signature: 'Ada Photographer',
  goodFaith: true,
  ...extra,
});

/** Filed by a fresh account each time (the form's rate limit is per account or address). */
async function filedAgainst(asVisitor = false) {
  const creator = await asUser('creator');
  const filer = asVisitor ? null : (await asUser()).headers;
  const post = await insertPost(server, creator.user, { caption: 'stolen photo' });
  const other = await insertPost(server, creator.user, { caption: 'original work' });
  const res = await call(
    'POST',
    '/dmca',
    filer,
    notice({
      infringingUrls: [`https://fanspace.example/p/${post.id}`],
    }),
  );
  expect(res.status).toBe(201);
  return { creator, post, other, id: res.body.id as string };
}

describe('filing a notice', () => {
  it('anyone files one; post ids are taken from URLs and from postIds', async () => {
    const { post, id } = await filedAgainst(true);
    const list = await call('GET', '/admin/dmca?status=submitted');
    const row = list.body.notices.find((n: { id: string }) => n.id === id);
    expect(row).toMatchObject({
      status: 'submitted',
      email: 'ada@example.com',
      postIds: [post.id],
      contentRemoved: false,
      counterNotice: null,
    });
  });

  it('refuses incomplete or invalid notices without storing anything', async () => {
    const before = (await call('GET', '/admin/dmca')).body.total;
    for (const body of [
      notice({}),
      notice({ infringingUrls: ['not a url'] }),
      notice({ infringingUrls: ['ftp://x.example/a'] }),
      notice({ postIds: ['00000000-0000-4000-8000-000000000000'] }),
      notice({ postIds: ['nope'] }),
      notice({ infringingUrls: ['https://x.example'], statement: 'too short' }),
      notice({ infringingUrls: ['https://x.example'], goodFaith: false }),
      notice({ infringingUrls: ['https://x.example'], email: 'bad' }),
      { ...notice({ infringingUrls: ['https://x.example'] }), signature: undefined },
    ]) {
      const res = await call('POST', '/dmca', (await asUser()).headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/admin/dmca')).body.total).toBe(before);
  });

  it('a signed-in filer sees their notice in /dmca/mine; others do not', async () => {
    const filer = await asUser();
    const stranger = await asUser();
    const creator = await asUser('creator');
    const post = await insertPost(server, creator.user);
    const res = await call('POST', '/dmca', filer.headers, notice({ postIds: [post.id] }));
    const mine = await call('GET', '/dmca/mine', filer.headers);
    expect(mine.body.filed.map((n: { id: string }) => n.id)).toEqual([res.body.id]);
    const theirs = await call('GET', '/dmca/mine', stranger.headers);
    expect(theirs.body.filed).toEqual([]);
    // not yet actioned: the creator has nothing to answer
    expect((await call('GET', '/dmca/mine', creator.headers)).body.againstMe).toEqual([]);
    expect((await call('GET', '/dmca/mine', null)).status).toBe(401);
  });
});

describe('admin handling and counter-notice', () => {
  it('actioning with removeContent hides the post, tells the creator and is audit-logged', async () => {
    const { creator, post, other, id } = await filedAgainst();
    const reviewing = await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'reviewing' });
    expect(reviewing.body.notice.status).toBe('reviewing');
    const done = await call('PUT', `/admin/dmca/${id}`, undefined, {
      status: 'actioned',
      notes: 'Matches the original',
      removeContent: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.notice).toMatchObject({ status: 'actioned', contentRemoved: true });

    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(404);
    expect((await call('GET', `/posts/${other.id}`, creator.headers)).status).toBe(200);
    const notes = await call('GET', '/notifications', creator.headers);
    expect(JSON.stringify(notes.body)).toContain('copyright (DMCA) notice');
    // it leads to where the counter-notice is sent (the removed post itself is gone)
    const takedown = notes.body.notifications.find(
      (n: { relatedId: string }) => n.relatedId === id,
    );
    expect(takedown.data).toMatchObject({ url: '/settings/standing' });
    expect(takedown.data.message).toContain('Settings → Account standing');
    const log = await call('GET', `/admin/activity?targetId=${id}`);
    expect(log.body.activities.map((a: { action: string }) => a.action).sort()).toEqual([
      'dmca.actioned',
      'dmca.reviewing',
    ]);
    const mine = await call('GET', '/dmca/mine', creator.headers);
    expect(mine.body.againstMe[0]).toMatchObject({ id, email: '', notes: null });
  });

  it('only the affected creator may counter, once, after the takedown', async () => {
    const { creator, id } = await filedAgainst();
    const body = {
      statement: 'This is my own original photo, taken by me in 2024 with my camera.',
      signature: 'The Creator',
    };
    const early = await call('POST', `/dmca/${id}/counter-notice`, creator.headers, body);
    expect(early.status).toBe(409);
    await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'actioned', removeContent: true });

    const stranger = await asUser('creator');
    const denied = await call('POST', `/dmca/${id}/counter-notice`, stranger.headers, body);
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('DMCA_NOTICE_NOT_FOUND');
    expect(
      (
        await call('POST', `/dmca/${id}/counter-notice`, creator.headers, {
          ...body,
          statement: 'short',
        })
      ).status,
    ).toBe(400);

    const ok = await call('POST', `/dmca/${id}/counter-notice`, creator.headers, body);
    expect(ok.status).toBe(201);
    expect(ok.body.notice).toMatchObject({
      status: 'countered',
      counterNotice: { signature: 'The Creator' },
    });
    expect((await call('POST', `/dmca/${id}/counter-notice`, creator.headers, body)).status).toBe(
      409,
    );
    const list = await call('GET', '/admin/dmca?status=countered');
    expect(list.body.notices.map((n: { id: string }) => n.id)).toContain(id);
  });

  it('refuses admin routes to others, bad updates and unknown ids', async () => {
    const { creator, post, id } = await filedAgainst();
    const fan = await asUser();
    for (const who of [fan, creator]) {
      expect((await call('GET', '/admin/dmca', who.headers)).status).toBe(403);
      const put = await call('PUT', `/admin/dmca/${id}`, who.headers, {
        status: 'actioned',
        removeContent: true,
      });
      expect(put.status).toBe(403);
    }
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(200);
    const bad = await call('PUT', `/admin/dmca/${id}`, undefined, {
      status: 'rejected',
      removeContent: true,
    });
    expect(bad.status).toBe(400);
    expect((await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'done' })).status).toBe(
      400,
    );
    const missing = await call(
      'PUT',
      '/admin/dmca/00000000-0000-4000-8000-000000000000',
      undefined,
      {
        status: 'rejected',
      },
    );
    expect(missing.status).toBe(404);
  });
});

describe('after the counter-notice: restore or uphold', () => {
  const counter = {
    statement: 'This is my own original photo, taken by me in 2024 with my camera.',
    signature: 'The Creator',
  };
  async function countered() {
    const filed = await filedAgainst();
    await call('PUT', `/admin/dmca/${filed.id}`, undefined, {
      status: 'actioned',
      removeContent: true,
    });
    const res = await call(
      'POST',
      `/dmca/${filed.id}/counter-notice`,
      filed.creator.headers,
      counter,
    );
    expect(res.status).toBe(201);
    return { ...filed, notice: res.body.notice };
  }
  const restoreJobs = (id: string) =>
    server.ctx.db
      .selectFrom('jobs')
      .select(['id', 'run_at', 'status'])
      .where('type', '=', DMCA_RESTORE_JOB)
      .where(sql<string>`payload->>'noticeId'`, '=', id)
      .execute();
  const actions = async (id: string) =>
    (await call('GET', `/admin/activity?targetId=${id}`)).body.activities as {
      action: string;
      admin: unknown;
      details: Record<string, unknown>;
    }[];

  it('a countered notice nobody decided on restores the post when the period ends', async () => {
    const { creator, post, id, notice } = await countered();
    const days = (Date.parse(notice.restoreAfter) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(DmcaLimits.restoreAfterDays - 0.01);
    expect(days).toBeLessThan(DmcaLimits.restoreAfterDays + 0.01);
    const [job] = await restoreJobs(id);
    expect(job?.run_at.toISOString()).toBe(notice.restoreAfter);

    // not due yet: the job does nothing
    expect(await runDueRestore(server.ctx, id)).toBe(false);
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(404);

    const past = new Date(Date.now() - 1000);
    await server.ctx.db
      .updateTable('dmca_notices')
      .set({ restore_after: past })
      .where('id', '=', id)
      .execute();
    await server.ctx.db
      .updateTable('jobs')
      .set({ run_at: past })
      .where('id', '=', job!.id)
      .execute();
    const worker = startWorker({
      db: server.ctx.db,
      queue: server.runtime.queue,
      log: server.ctx.log,
      pollMs: 60_000,
    });
    try {
      expect(await worker.runOnce()).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(200);
    const list = await call('GET', '/admin/dmca?status=restored');
    expect(list.body.notices.find((n: { id: string }) => n.id === id)).toMatchObject({
      contentRemoved: false,
      restoreAfter: null,
    });
    expect(JSON.stringify((await call('GET', '/notifications', creator.headers)).body)).toContain(
      'back online',
    );
    const restored = (await actions(id)).find((a) => a.action === 'dmca.restored');
    expect(restored).toMatchObject({ admin: null, details: { automatic: true } });
    expect(restored?.details.restoredPosts).toEqual([post.id]);
    // running it again changes nothing
    expect(await runDueRestore(server.ctx, id)).toBe(false);
  });

  it('the filer learns about the counter-notice', async () => {
    const filer = await asUser();
    const creator = await asUser('creator');
    const post = await insertPost(server, creator.user);
    const res = await call('POST', '/dmca', filer.headers, notice({ postIds: [post.id] }));
    const id = res.body.id as string;
    await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'actioned', removeContent: true });
    await call('POST', `/dmca/${id}/counter-notice`, creator.headers, counter);
    const mine = await call('GET', '/dmca/mine', filer.headers);
    expect(mine.body.filed[0]).toMatchObject({ status: 'countered', counterNotice: counter });
    expect(mine.body.filed[0].restoreAfter).toEqual(expect.any(String));
    expect(JSON.stringify((await call('GET', '/notifications', filer.headers)).body)).toContain(
      'counter-notice',
    );
    const told = (await call('GET', '/notifications', filer.headers)).body.notifications.find(
      (n: { relatedId: string }) => n.relatedId === id,
    );
    expect(told.data).toMatchObject({ url: '/settings/standing' });
  });

  it('an admin restores a taken-down post at once, audit-logged', async () => {
    const { creator, post, id } = await filedAgainst();
    await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'actioned', removeContent: true });
    const res = await call('PUT', `/admin/dmca/${id}`, undefined, {
      status: 'restored',
      notes: 'Fair use',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'The content was restored',
      notice: { status: 'restored', contentRemoved: false, notes: 'Fair use' },
    });
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(200);
    const restored = (await actions(id)).find((a) => a.action === 'dmca.restored');
    expect(restored?.admin).toMatchObject({ id: kit.adminId });
    expect(restored?.details).toMatchObject({ from: 'actioned', automatic: false });
    // a second restore is refused
    const again = await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'restored' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
  });

  it('upholding keeps the post down, also after the period ends', async () => {
    const { creator, post, id } = await countered();
    const res = await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'upheld' });
    expect(res.status).toBe(200);
    expect(res.body.notice).toMatchObject({ status: 'upheld', restoreAfter: null });
    expect(await runDueRestore(server.ctx, id, new Date(Date.now() + 30 * 86_400_000))).toBe(false);
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(404);
    const upheld = (await call('GET', '/notifications', creator.headers)).body.notifications.find(
      (n: { data: { message?: string } }) => n.data.message?.includes('stays removed'),
    );
    expect(upheld.data).toMatchObject({ url: '/settings/standing' });
    expect((await actions(id)).map((a) => a.action)).toContain('dmca.upheld');
  });

  it('refuses restore or uphold out of order, changing nothing', async () => {
    const { creator, post, id } = await filedAgainst();
    for (const status of ['restored', 'upheld']) {
      const res = await call('PUT', `/admin/dmca/${id}`, undefined, { status });
      expect(res.status, status).toBe(409);
    }
    await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'actioned', removeContent: true });
    expect((await call('PUT', `/admin/dmca/${id}`, undefined, { status: 'upheld' })).status).toBe(
      409,
    );
    const list = await call('GET', '/admin/dmca?status=actioned');
    expect(list.body.notices.find((n: { id: string }) => n.id === id)).toMatchObject({
      contentRemoved: true,
    });
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(404);
    const fan = await asUser();
    expect(
      (await call('PUT', `/admin/dmca/${id}`, fan.headers, { status: 'restored' })).status,
    ).toBe(403);
    expect((await call('GET', `/posts/${post.id}`, creator.headers)).status).toBe(404);
  });
});
