import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { publish, revokeSessionSockets } from '../../platform/realtime/publish.ts';
import type { BusSignal } from '../../platform/realtime/types.ts';
import { listen, TestSocket } from './ws-test-client.ts';

// Two server processes behind a load balancer, as far as a test can make them: two apps, each
// with its own Redis connections and hub, sharing one database.
const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
let database: DatabaseHandle;
let a: TestServer;
let b: TestServer;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestServer({ env, database });
  b = await createTestServer({ env, database });
  baseA = await listen(a.app);
  baseB = await listen(b.app);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.close();
});

/**
 * Resolves once both instances have handled everything A published before it: Redis delivers
 * one connection's messages in order, and every bus message shares one channel.
 */
async function drainedFromA() {
  const name = `test.barrier.${crypto.randomUUID()}`;
  const heard = new Set<string>();
  const done = new Promise<void>((resolve) => {
    const offs = (['a', 'b'] as const).map((who) =>
      (who === 'a' ? a : b).ctx.bus.onSignal((s) => {
        if (s.name !== name) return;
        heard.add(who);
        if (heard.size < 2) return;
        for (const off of offs) off();
        resolve();
      }),
    );
  });
  await a.ctx.bus.signal({ name, data: {} });
  await done;
}

it('delivers an event published on one instance to a socket on the other', async () => {
  const user = await createUser(a.ctx);
  const { socket } = await TestSocket.open(
    `${baseA}/realtime?token=${await tokenFor(a.ctx, user)}`,
  );
  await publish(b.ctx, { userIds: [user.id] }, 'notification', {
    notificationId: 'from-b',
    type: 'tip',
  });
  expect((await socket.next('notification')).data.notificationId).toBe('from-b');
  await socket.close();
});

it('closes a revoked session’s socket on whichever instance holds it', async () => {
  const user = await createUser(a.ctx);
  const token = await tokenFor(a.ctx, user);
  const onA = await TestSocket.open(`${baseA}/realtime?token=${token}`);
  const onB = await TestSocket.open(`${baseB}/realtime?token=${token}`);
  await revokeSessionSockets(b.ctx, [onA.ready.sessionId]);
  for (const { socket } of [onA, onB]) {
    await socket.next('session_revoked');
    expect((await socket.closed).code).toBe(4401);
  }
});

it('keeps a user online while another instance still holds one of their sockets', async () => {
  const watcher = await createUser(a.ctx);
  const star = await createUser(a.ctx);
  const w = await TestSocket.open(`${baseA}/realtime?token=${await tokenFor(a.ctx, watcher)}`);
  w.socket.send({ type: 'presence_watch', data: { userIds: [star.id] } });
  expect((await w.socket.next('presence')).data.online).toBe(false);
  // the watch also sent a probe through the bus; were A to read it after the star connects,
  // A would answer it with one more "online" than this test counts
  await drainedFromA();

  const token = await tokenFor(a.ctx, star);
  const onA = await TestSocket.open(`${baseA}/realtime?token=${token}`);
  expect((await w.socket.next('presence')).data.online).toBe(true);
  // B counts its own first socket for the star and announces online again: harmless
  const onB = await TestSocket.open(`${baseB}/realtime?token=${token}`);
  expect((await w.socket.next('presence')).data.online).toBe(true);
  // A's last socket goes: A says offline, B still holds one and corrects it
  await onA.socket.close();
  expect((await w.socket.next('presence')).data.online).toBe(false);
  expect((await w.socket.next('presence')).data.online).toBe(true);
  await onB.socket.close();
  expect((await w.socket.next('presence')).data.online).toBe(false);
  await w.socket.close();
});

it('answers a new watcher with "online" when only another instance holds the user', async () => {
  const star = await createUser(a.ctx);
  const onB = await TestSocket.open(`${baseB}/realtime?token=${await tokenFor(a.ctx, star)}`);
  const watcher = await createUser(a.ctx);
  const w = await TestSocket.open(`${baseA}/realtime?token=${await tokenFor(a.ctx, watcher)}`);
  w.socket.send({ type: 'presence_watch', data: { userIds: [star.id] } });
  // A holds no socket of the star: offline at once, then B answers the probe
  expect((await w.socket.next('presence')).data).toEqual({ userId: star.id, online: false });
  expect((await w.socket.next('presence')).data).toEqual({ userId: star.id, online: true });
  await onB.socket.close();
  await w.socket.close();
});

it('carries a signal to every instance, the sender included, and never to a socket', async () => {
  const user = await createUser(a.ctx);
  const { socket } = await TestSocket.open(
    `${baseA}/realtime?token=${await tokenFor(a.ctx, user)}`,
  );
  const name = `test.signal.${user.id}`;
  const heard: Array<[string, BusSignal]> = [];
  const offs = [
    a.ctx.bus.onSignal((s) => void (s.name === name && heard.push(['a', s]))),
    b.ctx.bus.onSignal((s) => void (s.name === name && heard.push(['b', s]))),
  ];
  await b.ctx.bus.signal({ name, data: { n: 1 } });
  const deadline = Date.now() + 3000;
  while (heard.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(heard.map(([who]) => who).sort()).toEqual(['a', 'b']);
  expect(heard[0]![1]).toEqual({ name, data: { n: 1 } });
  for (const off of offs) off();
  socket.send({ type: 'ping', data: { id: 'flush' } });
  await socket.next('pong');
  expect(socket.history.map((f) => f.type)).toEqual(['ready', 'pong']);
  await socket.close();
});
