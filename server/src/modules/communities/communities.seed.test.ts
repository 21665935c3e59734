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

describe('demo communities and productions', () => {
  it('fills the grid, the private invite and Maya’s productions', async () => {
    const ids = await seedDemo(server.ctx);
    const as = async (userId: string) =>
      bearer((await createSession(server.ctx.db, userId, { ttlDays: 1 })).token);
    const fan = await as(ids.fan);
    const grid = (await server.app.inject({ url: '/api/communities', headers: fan })).json();
    const byName = new Map(grid.communities.map((c: { name: string }) => [c.name, c]));
    expect(byName.get('Alpine Photographers')).toMatchObject({
      memberCount: 4,
      likeCount: 4,
      postCount: 2,
      isMember: true,
    });
    expect(byName.get("Maya's Inner Circle")).toMatchObject({
      isPrivate: true,
      isInvited: true,
      isMember: false,
    });
    const stranger = await as(ids.fan2);
    const theirs = (await server.app.inject({ url: '/api/communities', headers: stranger })).json();
    expect(theirs.communities.map((c: { name: string }) => c.name)).not.toContain(
      "Maya's Inner Circle",
    );
    const maya = await as(ids.creator);
    const productions = (
      await server.app.inject({ url: '/api/productions', headers: maya })
    ).json();
    expect(productions.productions[0]).toMatchObject({
      title: 'Dolomites sunrise shoot',
      status: 'planned',
    });
  });
});
