import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_INSIGHT_FALLBACK } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';

/** A seeded dataset whose insight sentences must carry exactly its numbers. */
async function seed(server: TestServer, creator: Actor) {
  const db = server.ctx.db;
  const now = Date.now();
  const hourAgo = (days: number) =>
    new Date(Math.floor((now - days * 86_400_000) / 3_600_000) * 3_600_000);
  const at18 = (days: number) => {
    const d = new Date(now - days * 86_400_000);
    d.setUTCHours(18, 0, 0, 0);
    return d;
  };
  await db
    .insertInto('analytics_creator_counts')
    .values([
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(5),
        metric: 'post_view',
        count: 200,
      },
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(40),
        metric: 'post_view',
        count: 100,
      },
      { creator_id: creator.user.id, grain: 'hour', bucket: hourAgo(5), metric: 'like', count: 12 },
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(40),
        metric: 'like',
        count: 10,
      },
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(5),
        metric: 'profile_view',
        count: 80,
      },
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(5),
        metric: 'subscription',
        count: 10,
      },
      {
        creator_id: creator.user.id,
        grain: 'hour',
        bucket: hourAgo(6),
        metric: 'unsubscription',
        count: 2,
      },
    ])
    .execute();
  await db
    .updateTable('users')
    .set({ subscriber_count: 20, subscription_price_cents: 1000 })
    .where('id', '=', creator.user.id)
    .execute();
  const top = await insertPost(server, creator.user, {
    caption: 'Golden hour',
    published_at: at18(3),
    likes_count: 9,
    comments_count: 3,
  });
  const weak = await insertPost(server, creator.user, {
    caption: 'Quiet one',
    published_at: at18(4),
    likes_count: 0,
    comments_count: 0,
  });
  await insertPost(server, creator.user, {
    caption: 'Morning',
    published_at: new Date(at18(2).getTime() - 10 * 3_600_000),
    likes_count: 1,
    comments_count: 0,
  });
  const day = (d: number) => new Date(now - d * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto('analytics_post_counts')
    .values([
      {
        post_id: top.id,
        day: day(3),
        metric: 'post_view',
        creator_id: creator.user.id,
        count: 150,
      },
      { post_id: top.id, day: day(3), metric: 'like', creator_id: creator.user.id, count: 12 },
      {
        post_id: weak.id,
        day: day(4),
        metric: 'post_view',
        creator_id: creator.user.id,
        count: 50,
      },
    ])
    .execute();
}

function fakeAi(
  answer: (body: { model: string; messages: { content: string }[] }) => [number, unknown],
) {
  const seen: { auth?: string; body?: { model: string; messages: { content: string }[] } } = {};
  const srv = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.auth = req.headers.authorization;
      seen.body = JSON.parse(raw) as typeof seen.body;
      const [status, body] = answer(seen.body!);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return { srv, seen };
}

describe('statistical insights (no AI configured)', () => {
  let server: TestServer;
  let creator: Actor;
  beforeAll(async () => {
    server = await createTestServer();
    creator = await actor(server, 'creator');
    await seed(server, creator);
  });
  afterAll(() => server.close());

  it('writes sentences that match the seeded numbers', async () => {
    const res = await call(server, creator, 'POST', '/ai-insights/generate', { period: '30d' });
    expect(res.status).toBe(201);
    const ins = res.body;
    expect(ins.source).toBe('statistical');
    expect(ins.insightId).toBe(ins.id);
    const by = (title: string) =>
      ins.insights.find((i: { title: string }) => i.title.startsWith(title));
    // 200 vs 100 views: z = 100 / √300 = 5.77
    expect(by('Views rose').text).toBe(
      'Views rose 100.0% to 200 in the last 30 days from 100 the period before; the change is statistically significant (z = 5.77).',
    );
    expect(by('Views rose').significant).toBe(true);
    // 12 vs 10 likes: z = 2 / √22 = 0.43
    expect(by('Likes rose').text).toContain(
      'to 12 in the last 30 days from 10 the period before; with these counts the change may be chance (z = 0.43, not significant).',
    );
    expect(by('Best time to post').text).toBe(
      'Posts published at 18:00 UTC drew the most engagement: 6 likes and comments per post across 2 posts, against 4.33 for all 3 posts.',
    );
    expect(by('Top post').text).toBe(
      'Your best post "Golden hour" had 150 views, 12 likes and 0 comments (8.0% engagement) in the last 30 days.',
    );
    expect(by('Under-performing').text).toBe(
      '"Quiet one" engaged 0.0% of its 50 views, under half your average of 6.0%.',
    );
    // 20 now, +10 new, −2 cancelled → 12 at the start; 2/12 = 16.7 %
    expect(by('Churn').text).toContain(
      '2 of the 12 subscribers you had at the start of the last 30 days cancelled (16.7% churn)',
    );
    // 10 of 80 profile views = 12.5 % ≥ 10 % → test 15 % more: $11.50
    expect(by('Subscription price').text).toBe(
      '10 of 80 profile views turned into subscriptions (12.5%) at $10.00 a month; conversion is high, so a price near $11.50 is worth testing.',
    );
    expect(ins.recommendations).toContain(
      'Try a subscription price of $11.50 for a month and compare conversion.',
    );
    expect(ins.summary).toContain('200 post views, 80 profile views, 12 likes');
  });

  it('keeps a history, makes one monthly insight per month, deletes only your own', async () => {
    const month = await call(server, creator, 'GET', '/ai-insights/monthly');
    expect(month.status).toBe(200);
    expect(month.body.kind).toBe('monthly');
    expect(month.body.month).toBe(new Date().toISOString().slice(0, 7));
    const again = await call(server, creator, 'GET', '/ai-insights/monthly');
    expect(again.body.id).toBe(month.body.id);
    const past = await call(server, creator, 'GET', '/ai-insights/monthly?month=2026-01');
    expect(past.body.insights[0].text).toContain('January 2026');
    expect((await call(server, creator, 'GET', '/ai-insights/monthly?month=2999-01')).status).toBe(
      400,
    );
    expect((await call(server, creator, 'GET', '/ai-insights/monthly?month=2026-13')).status).toBe(
      400,
    );

    const history = await call(server, creator, 'GET', '/ai-insights/history?limit=2');
    expect(history.body).toMatchObject({ total: 3, totalPages: 2, hasMore: true });
    const other = await actor(server, 'creator');
    const id = month.body.id as string;
    expect((await call(server, other, 'DELETE', `/ai-insights/${id}`)).status).toBe(404);
    expect((await call(server, other, 'GET', '/ai-insights/history')).body.total).toBe(0);
    const fan = await actor(server);
    expect((await call(server, fan, 'POST', '/ai-insights/generate', {})).status).toBe(403);
    const del = await call(server, creator, 'DELETE', `/ai-insights/${id}`);
    expect(del.body).toEqual({ ok: true, insightId: id });
    expect((await call(server, creator, 'DELETE', `/ai-insights/${id}`)).status).toBe(404);
    expect(
      (await call(server, creator, 'POST', '/ai-insights/generate', { period: '2d' })).status,
    ).toBe(400);
  });
});

describe('insights with an OpenAI-compatible endpoint', () => {
  it('lets the model write the summary from the same numbers, and falls back on failure', async () => {
    let fail = false;
    const fake = fakeAi(() =>
      fail
        ? [500, { error: 'down' }]
        : [200, { choices: [{ message: { content: 'Views doubled to 200.' } }] }],
    );
    await new Promise<void>((r) => fake.srv.listen(0, '127.0.0.1', r));
    const port = (fake.srv.address() as AddressInfo).port;
    const server = await createTestServer({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'k-test', AI_MODEL: 'tiny' },
    });
    try {
      const creator = await actor(server, 'creator');
      await seed(server, creator);
      const ok = await call(server, creator, 'POST', '/ai-insights/generate', {});
      expect(ok.body.source).toBe('ai');
      expect(ok.body.summary).toBe('Views doubled to 200.');
      expect(fake.seen.auth).toBe('Bearer k-test');
      expect(fake.seen.body?.model).toBe('tiny');
      expect(fake.seen.body?.messages[1]?.content).toContain('"views":200');
      expect(fake.seen.body?.messages[1]?.content).toContain('Views rose 100.0% to 200');
      fail = true;
      const down = await call(server, creator, 'POST', '/ai-insights/generate', {});
      expect(down.body.source).toBe('fallback');
      expect(down.body.summary).toBe(AI_INSIGHT_FALLBACK);
      expect(down.body.summary).toBe(
        'Analytics data loaded successfully. AI insights temporarily unavailable.',
      );
      expect(down.body.recommendations).toEqual(ok.body.recommendations);
      expect(down.body.insights.length).toBeGreaterThan(5);
    } finally {
      await server.close();
      fake.srv.closeAllConnections();
      fake.srv.close();
    }
  });
});
