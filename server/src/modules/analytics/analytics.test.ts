import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, tokenFor, bearer } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import { flushAnalytics } from './recorder.ts';

let server: TestServer;
let creator: Actor;
let other: Actor;
let fan: Actor;
let fan2: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
  other = await actor(server, 'creator');
  fan = await actor(server);
  fan2 = await actor(server);
});
afterAll(() => server.close());

describe('recording events through the real routes', () => {
  it('counts views, likes, comments, profile views, tips and unlocks; money from the ledger', async () => {
    const post = await insertPost(server, creator.user, { caption: 'Sunset set' });
    const paid = await insertPost(server, creator.user, {
      caption: 'Paid one',
      access_level: 'paid',
      price_cents: 500,
    });
    for (const who of [fan, fan2]) {
      expect((await call(server, who, 'POST', `/posts/${post.id}/view`)).status).toBe(200);
      expect((await call(server, who, 'POST', `/posts/${post.id}/like`)).status).toBe(200);
      expect((await call(server, who, 'GET', `/users/${creator.user.id}`)).status).toBe(200);
    }
    // the owner's own view and visit are not counted
    await call(server, creator, 'POST', `/posts/${post.id}/view`);
    await call(server, creator, 'GET', `/users/${creator.user.id}`);
    expect(
      (await call(server, fan, 'POST', `/posts/${post.id}/comments`, { text: 'lovely' })).status,
    ).toBe(201);
    await fund(server, fan, 50);
    expect((await pay(server, fan, 'POST', `/posts/${paid.id}/unlock`)).status).toBe(200);
    expect(
      (
        await pay(server, fan, 'POST', '/tips', {
          recipientUserId: creator.user.id,
          amount: 10,
          tipType: 'profile',
        })
      ).status,
    ).toBe(201);

    const res = await call(server, creator, 'GET', '/analytics');
    expect(res.status).toBe(200);
    expect(res.body.period).toBe('30d');
    expect(res.body.totals).toMatchObject({
      views: 2,
      likes: 2,
      comments: 1,
      profileViews: 2,
      purchases: 1,
      tips: 1,
    });
    expect(res.body.views).toBe(2);
    // 5.00 + 10.00 gross; the creator's share after the platform fee, from the ledger
    const share = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) =>
        eb.fn.sum<string>(eb.cast(eb.ref('metadata', '->>').key('shareCents'), 'bigint')).as('s'),
      )
      .where((eb) => eb(eb.ref('metadata', '->>').key('creatorId'), '=', creator.user.id))
      .executeTakeFirstOrThrow();
    expect(res.body.totals.earningsCents).toBe(Number(share.s));
    expect(res.body.earnings).toBe(Number(share.s) / 100);
    expect(res.body.series).toHaveLength(31);
    expect(res.body.series.reduce((a: number, p: { views: number }) => a + p.views, 0)).toBe(2);

    const content = await call(server, creator, 'GET', '/analytics/content?sort=views');
    expect(content.body.items[0]).toMatchObject({
      postId: post.id,
      views: 2,
      likes: 2,
      comments: 1,
      engagementRate: 150,
    });
    const paidRow = content.body.items.find((i: { postId: string }) => i.postId === paid.id);
    expect(paidRow).toMatchObject({ purchases: 1, price: 5 });
    expect(paidRow.earningsCents).toBeGreaterThan(0);
  });

  it('lists profile viewers 10 per page by page or offset, newest first', async () => {
    const viewers: Actor[] = [];
    for (let i = 0; i < 12; i += 1) viewers.push(await actor(server));
    for (const v of viewers) await call(server, v, 'GET', `/users/username/${other.user.username}`);
    await call(server, viewers[0]!, 'GET', `/users/${other.user.id}`);
    const first = await call(server, other, 'GET', '/analytics/profile-viewers');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: 12,
      limit: 10,
      page: 1,
      totalPages: 2,
      hasMore: true,
    });
    expect(first.body.viewers).toHaveLength(10);
    expect(first.body.viewers[0].user.id).toBe(viewers[0]!.user.id);
    expect(first.body.viewers[0].views).toBe(2);
    const second = await call(server, other, 'GET', '/analytics/profile-viewers?page=2');
    expect(second.body.viewers).toHaveLength(2);
    const byOffset = await call(
      server,
      other,
      'GET',
      '/analytics/profile-viewers?offset=10&limit=5',
    );
    expect(byOffset.body).toMatchObject({ page: 3, offset: 10, limit: 5 });
    expect(byOffset.body.viewers.map((v: { user: { id: string } }) => v.user.id)).toEqual(
      second.body.viewers.map((v: { user: { id: string } }) => v.user.id),
    );
    // another creator sees only their own viewers
    const mine = await call(server, creator, 'GET', '/analytics/profile-viewers');
    expect(mine.body.viewers.map((v: { user: { id: string } }) => v.user.id).sort()).toEqual(
      [fan.user.id, fan2.user.id].sort(),
    );
  });
});

describe('access and validation', () => {
  it('is for creators only and refuses bad periods and limits with 400', async () => {
    for (const url of [
      '/analytics',
      '/analytics/dashboard',
      '/analytics/engagement',
      '/analytics/audience',
      '/analytics/content',
      '/analytics/growth',
      '/analytics/templates',
      '/analytics/profile-viewers',
      '/analytics/v2/dashboard',
      '/analytics/v2/realtime',
      '/analytics/v2/export',
    ]) {
      expect((await call(server, fan, 'GET', url)).status, url).toBe(403);
      expect((await call(server, null, 'GET', url)).status, url).toBe(401);
    }
    expect((await call(server, creator, 'GET', '/analytics?period=2w')).status).toBe(400);
    expect(
      (await call(server, creator, 'GET', '/analytics/profile-viewers?limit=500')).status,
    ).toBe(400);
    expect((await call(server, creator, 'GET', '/analytics/content?sort=price')).status).toBe(400);
  });

  it('logs authorized and unauthorized access', async () => {
    const ok = await call(server, fan, 'POST', '/analytics/authorized-access', {
      resource: 'dashboard',
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ logged: true, kind: 'authorized', resource: 'dashboard' });
    const denied = await call(server, fan, 'POST', '/analytics/unauthorized-access', {
      reason: 'not a creator',
    });
    expect(denied.body).toMatchObject({ kind: 'unauthorized', resource: 'analytics' });
    const rows = await server.ctx.db
      .selectFrom('analytics_access_log')
      .selectAll()
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['authorized', 'unauthorized']);
    expect(
      (
        await call(server, fan, 'POST', '/analytics/authorized-access', {
          resource: 'x'.repeat(300),
        })
      ).status,
    ).toBe(400);
  });
});

describe('v2', () => {
  it('compares with the previous period, with significance', async () => {
    const now = Date.now();
    const db = server.ctx.db;
    const hour = (daysAgo: number) =>
      new Date(Math.floor((now - daysAgo * 86_400_000) / 3_600_000) * 3_600_000);
    await db
      .insertInto('analytics_creator_counts')
      .values([
        {
          creator_id: other.user.id,
          grain: 'hour',
          bucket: hour(3),
          metric: 'post_view',
          count: 100,
        },
        {
          creator_id: other.user.id,
          grain: 'hour',
          bucket: hour(10),
          metric: 'post_view',
          count: 50,
        },
        { creator_id: other.user.id, grain: 'hour', bucket: hour(3), metric: 'like', count: 5 },
        { creator_id: other.user.id, grain: 'hour', bucket: hour(10), metric: 'like', count: 4 },
      ])
      .execute();
    const res = await call(server, other, 'GET', '/analytics/v2/comparative?period=7d');
    expect(res.status).toBe(200);
    expect(res.body.changes.views).toMatchObject({
      current: 100,
      previous: 50,
      change: 50,
      changePercent: 100,
      direction: 'up',
      significant: true,
    });
    expect(res.body.changes.likes).toMatchObject({ current: 5, previous: 4, significant: false });
    const dash = await call(server, other, 'GET', '/analytics/v2/dashboard?period=7d');
    expect(dash.body.cached).toBe(false);
    expect(dash.body.comparison.views.current).toBe(100);
    expect(dash.body.series).toHaveLength(8);
    expect(
      (await call(server, other, 'GET', '/analytics/v2/dashboard?period=7d')).body.cached,
    ).toBe(true);
    const inv = await call(server, other, 'POST', '/analytics/v2/cache/invalidate');
    expect(inv.body).toMatchObject({ ok: true, removed: 1 });
    expect(
      (await call(server, other, 'GET', '/analytics/v2/dashboard?period=7d')).body.cached,
    ).toBe(false);
    const year = await call(server, other, 'GET', '/analytics/v2/dashboard?period=1y');
    expect(year.body.granularity).toBe('month');
    expect(year.body.series.length).toBeGreaterThanOrEqual(12);
  });

  it('realtime shows the last 30 minutes minute by minute', async () => {
    const post = await insertPost(server, creator.user, { caption: 'now' });
    await call(server, fan, 'POST', `/posts/${post.id}/view`);
    const res = await call(server, creator, 'GET', '/analytics/v2/realtime');
    expect(res.status).toBe(200);
    expect(res.body.windowMinutes).toBe(30);
    expect(res.body.minutes).toHaveLength(30);
    expect(res.body.totals.views).toBeGreaterThanOrEqual(1);
    expect(res.body.minutes.at(-1).views).toBeGreaterThanOrEqual(1);
  });

  it('top content, performance, templates, engagement, audience, growth answer with their shapes', async () => {
    const top = await call(
      server,
      creator,
      'GET',
      '/analytics/v2/top-content?metric=likes&limit=1',
    );
    expect(top.body.items).toHaveLength(1);
    expect(top.body.items[0].likes).toBe(2);
    const perf = await call(server, creator, 'GET', '/analytics/v2/performance');
    expect(perf.status).toBe(200);
    expect(perf.body.postsPublished).toBeGreaterThanOrEqual(3);
    expect(perf.body.subscribeConversion).toBe(0);
    expect((await call(server, creator, 'GET', '/analytics/templates')).body.templates.length).toBe(
      4,
    );
    const eng = await call(server, creator, 'GET', '/analytics/engagement');
    expect(eng.body.bestHours.length).toBeGreaterThan(0);
    expect(eng.body.engagementRate).toBeGreaterThan(0);
    const aud = await call(server, creator, 'GET', '/analytics/audience');
    expect(aud.body.topFans[0].user.id).toBe(fan.user.id);
    expect(aud.body.topFans[0].spentCents).toBe(1500);
    expect(aud.body.uniqueProfileViewers).toBe(2);
    const growth = await call(server, creator, 'GET', '/analytics/growth?period=7d');
    expect(growth.body.series).toHaveLength(8);
  });

  it('exports CSV and lets only admins clear the cache', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/analytics/v2/export?period=7d',
      headers: creator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="fanspace-analytics-7d-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body.split('\r\n')[0]).toBe(
      'date,views,profile_views,likes,comments,purchases,tips,subscriptions,unsubscriptions,earnings',
    );
    expect(res.body).toContain('Sunset set');
    expect((await call(server, creator, 'POST', '/analytics/v2/cache/clear')).status).toBe(403);
    const admin = await createAdmin(server.ctx);
    const cleared = await server.app.inject({
      method: 'POST',
      url: '/api/analytics/v2/cache/clear',
      headers: bearer(await tokenFor(server.ctx, admin)),
    });
    expect(cleared.statusCode).toBe(200);
  });

  it('flushes buffered counts additively', async () => {
    await flushAnalytics(server.ctx.db);
    const before = await call(server, creator, 'GET', '/analytics');
    const post = await insertPost(server, creator.user, { caption: 'again' });
    await call(server, fan2, 'POST', `/posts/${post.id}/view`);
    const after = await call(server, creator, 'GET', '/analytics');
    expect(after.body.totals.views).toBe(before.body.totals.views + 1);
  });
});
