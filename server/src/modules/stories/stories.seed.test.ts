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

describe('demo stories and scheduled items', () => {
  it("fills the fan's tray and Maya's scheduler", async () => {
    const ids = await seedDemo(server.ctx);
    const as = async (userId: string) =>
      bearer((await createSession(server.ctx.db, userId, { ttlDays: 1 })).token);
    const fan = await as(ids.fan);
    const tray = (await server.app.inject({ url: '/api/stories', headers: fan })).json();
    const byUser = new Map(
      tray.groups.map((g: { userId: string; stories: unknown[] }) => [g.userId, g.stories.length]),
    );
    // the fan follows Maya (both of hers) and Leo
    expect(byUser.get(ids.creator)).toBe(2);
    expect(byUser.get(ids.creator2)).toBe(1);
    const photo = tray.stories.find((s: { mediaType: string }) => s.mediaType === 'image');
    expect(photo.textOverlay).toBe('Day 3 in the Alps ⛰️');
    expect((await server.app.inject({ url: photo.media, headers: fan })).statusCode).toBe(200);

    const maya = await as(ids.creator);
    const scheduled = (await server.app.inject({ url: '/api/scheduler', headers: maya })).json();
    expect(scheduled.items.map((i: { type: string }) => i.type)).toEqual([
      'post',
      'story',
      'mass_message',
    ]);
    expect(scheduled.pendingCount).toBe(3);
  });
});
