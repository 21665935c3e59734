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

describe('demo posts', () => {
  it('gives each demo creator free, followers, subscriber and paid posts with engagement', async () => {
    const ids = await seedDemo(server.ctx);
    for (const key of ['creator', 'creator2'] as const) {
      const rows = await server.ctx.db
        .selectFrom('posts')
        .select(['access_level', 'type', 'hashtags', 'likes_count', 'comments_count'])
        .where('user_id', '=', ids[key])
        .execute();
      expect(rows.map((r) => r.access_level).sort()).toEqual(
        key === 'creator'
          ? ['followers', 'paid', 'public', 'subscribers']
          : ['followers', 'public', 'subscribers', 'subscribers_or_paid'],
      );
      expect(rows.every((r) => r.type === 'image' && r.hashtags !== '')).toBe(true);
      const publicPost = rows.find((r) => r.access_level === 'public')!;
      expect(publicPost).toMatchObject({ likes_count: 2, comments_count: 2 });
    }
    const { token } = await createSession(server.ctx.db, ids.fan, { ttlDays: 1 });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/posts',
      headers: bearer(token),
    });
    expect(res.json().posts).toHaveLength(8);
    const search = await server.app.inject({ method: 'GET', url: '/api/search?q=%23travel' });
    expect(search.json().posts).toHaveLength(2);
  });
});
