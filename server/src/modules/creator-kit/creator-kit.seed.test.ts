import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/sessions.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { bearer } from '../../../test/factories.ts';
import { seedDemo } from '../../seed/demo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo creator kit', () => {
  it('gives Maya notes, templates, rules, widgets and an invite to Leo', async () => {
    const ids = await seedDemo(server.ctx);
    const as = async (userId: string) =>
      bearer((await createSession(server.ctx.db, userId, { ttlDays: 1 })).token);
    const maya = await as(ids.creator);
    const get = async (url: string, headers: Record<string, string>) =>
      (await server.app.inject({ url: `/api${url}`, headers })).json();
    expect((await get(`/creator-notes/user/${ids.fan}`, maya)).notes).toHaveLength(2);
    expect((await get('/templates', maya)).templates).toHaveLength(2);
    expect((await get('/automation-rules', maya)).rules).toHaveLength(2);
    const widgets = await get(`/widgets/user/${ids.creator}`, {});
    expect(widgets.widgets.map((w: { type: string }) => w.type)).toEqual([
      'about',
      'links',
      'top-posts',
    ]);
    const leo = await as(ids.creator2);
    const invites = await get('/collaborations', leo);
    expect(invites.received).toHaveLength(1);
    expect(invites.received[0]).toMatchObject({ status: 'pending', splitPercent: 20 });
  });
});
