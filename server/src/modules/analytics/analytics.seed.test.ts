import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/sessions.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';
import { bearer } from '../../../test/factories.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo analytics', () => {
  it("fills Maya's dashboard, year view and profile viewers", async () => {
    const ids = await seedDemo(server.ctx);
    const maya = bearer((await createSession(server.ctx.db, ids.creator, { ttlDays: 1 })).token);
    const get = async (url: string) =>
      (await server.app.inject({ url: `/api${url}`, headers: maya })).json();
    const dash = await get('/analytics/v2/dashboard');
    expect(dash.totals.views).toBeGreaterThan(300);
    expect(dash.comparison.views.direction).toBe('up');
    const year = await get('/analytics/v2/dashboard?period=1y');
    expect(year.series.filter((p: { views: number }) => p.views > 0).length).toBeGreaterThanOrEqual(
      12,
    );
    const content = await get('/analytics/content?sort=views');
    expect(content.items[0].views).toBeGreaterThan(0);
    // subscriptions are the real ones: new minus cancelled never exceeds who is subscribed now
    const audience = await get('/analytics/audience');
    expect(audience.newSubscribers).toBeGreaterThan(0);
    expect(audience.newSubscribers - audience.unsubscriptions).toBeLessThanOrEqual(
      audience.subscribers,
    );
    const viewers = await get('/analytics/profile-viewers');
    expect(viewers.viewers.map((v: { user: { id: string } }) => v.user.id)).toContain(ids.fan);
  });
});
