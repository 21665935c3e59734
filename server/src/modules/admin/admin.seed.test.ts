import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';
import { DEMO_FLAGGED_TERMS } from './admin.seed.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo moderation', () => {
  it('seeds flagged terms, an automatic flag and a high-priority report, and flags new posts at once', async () => {
    const ids = await seedDemo(server.ctx);
    const admin = bearer(await tokenFor(server.ctx, { id: ids.admin }));
    const get = (url: string) => server.app.inject({ url: `/api${url}`, headers: admin });
    expect((await get('/admin/settings')).json().moderation).toEqual({
      flaggedTerms: DEMO_FLAGGED_TERMS,
      reportThreshold: 2,
    });
    const reports = (await get('/admin/reports')).json().reports as Array<{
      type: string;
      source: string;
      priority: string;
      reporterCount: number;
    }>;
    expect(reports).toContainEqual(
      expect.objectContaining({ type: 'comment', source: 'auto', reporterCount: 0 }),
    );
    expect(
      reports.filter((r) => r.source === 'user' && r.priority === 'high' && r.reporterCount === 2),
    ).toHaveLength(2);
    // the terms written by the seed apply right away (no stale cache from earlier seed steps)
    const creator = bearer(await tokenFor(server.ctx, { id: ids.creator }));
    const post = await server.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: creator,
      payload: { caption: 'Buy followers cheap' },
    });
    expect(post.statusCode).toBe(201);
    const flags = (await get('/admin/reports?source=auto')).json().reports as Array<{
      targetId: string;
    }>;
    expect(flags.map((f) => f.targetId)).toContain(post.json().id);
  });
});
