import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import { RealtimeHub } from '../../platform/realtime/hub.ts';
import { realtimeRoutes } from './realtime.routes.ts';
import { listen, TestSocket } from './ws-test-client.ts';

// A second endpoint on a hub whose timers are off, so tests drive heartbeats and session
// re-checks by hand instead of waiting for them.
let server: TestServer;
let hub: RealtimeHub;
let url: (token: string) => string;

beforeAll(async () => {
  server = await createTestServer({
    extraRoutes: async (api) => {
      hub = new RealtimeHub(api.ctx, { heartbeatMs: 0, revalidateMs: 0 });
      await api.register(realtimeRoutes, { path: '/_test/realtime', hub });
    },
  });
  const base = await listen(server.app);
  url = (token) => `${base}/_test/realtime?token=${token}`;
});
afterAll(() => server?.close());

async function token() {
  return tokenFor(server.ctx, await createUser(server.ctx));
}

it('drops a socket that stops answering heartbeats and keeps one that answers', async () => {
  const dead = await TestSocket.open(url(await token()), { autoPong: false });
  const healthy = await TestSocket.open(url(await token()));
  hub.heartbeat();
  // the automatic pong goes out as soon as the ping arrives, ahead of this frame
  await new Promise<void>((resolve) => healthy.socket.ws.once('ping', () => resolve()));
  healthy.socket.send({ type: 'ping', data: { id: 'after-heartbeat' } });
  await healthy.socket.next('pong');
  hub.heartbeat();
  expect((await dead.socket.closed).code).toBe(1006);
  expect(hub.size).toBe(1);
  await healthy.socket.close();
});

it('closes sockets whose session ended without an event reaching the hub', async () => {
  const user = await createUser(server.ctx);
  const kept = await TestSocket.open(url(await tokenFor(server.ctx, user)));
  const revoked = await TestSocket.open(url(await tokenFor(server.ctx, user)));
  const banned = await createUser(server.ctx);
  const bannedSocket = await TestSocket.open(url(await tokenFor(server.ctx, banned)));

  // straight in the database, with no session_revoked published
  await revokeSessions(server.ctx.db, { sessionId: revoked.ready.sessionId });
  await server.ctx.db
    .updateTable('users')
    .set({ status: 'banned' })
    .where('id', '=', banned.id)
    .execute();
  await hub.revalidate();

  for (const { socket, ready } of [revoked, bannedSocket]) {
    expect((await socket.next('session_revoked')).data.sessionId).toBe(ready.sessionId);
    expect((await socket.closed).code).toBe(4401);
  }
  kept.socket.send({ type: 'ping' });
  await kept.socket.next('pong');
  await kept.socket.close();
});

// last: it stops the hub
it('closes its sockets with 1001 when it stops, and refuses new ones', async () => {
  const { socket } = await TestSocket.open(url(await token()));
  hub.close();
  expect((await socket.closed).code).toBe(1001);
  const late = await TestSocket.connect(url(await token()));
  expect((await late.closed).code).toBe(1001);
});
