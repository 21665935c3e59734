import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../platform/auth/sessions.ts';
import { bearer } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { seedDemo } from '../../seed/demo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('demo community data', () => {
  it('fills the roadmap, suggestions (with votes), the team and the admin lists', async () => {
    const ids = await seedDemo(server.ctx);
    const get = async (url: string, userId?: string) => {
      const headers = userId
        ? bearer((await createSession(server.ctx.db, userId, { ttlDays: 1 })).token)
        : {};
      return (await server.app.inject({ url: `/api${url}`, headers })).json();
    };
    const roadmap = await get('/roadmap');
    expect(roadmap.items.map((i: { title: string }) => i.title)).toEqual([
      'Group chats',
      'Polls in posts',
      'Scheduled posts',
    ]);
    const ideas = await get('/suggestions', ids.fan);
    expect(ideas.suggestions).toHaveLength(3);
    expect(ideas.suggestions[0]).toMatchObject({ votes: 2, voted: true });
    const team = await get('/team');
    expect(team.members.map((m: { id: string }) => m.id)).toEqual([ids.admin]);
    expect((await get('/admin/contact', ids.admin)).total).toBe(1);
    expect((await get('/admin/feedback', ids.admin)).averageRating).toBe(4.5);
  });
});
