import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import { withTransaction } from '../../platform/db/database.ts';
import {
  publish,
  publishAfterCommit,
  revokeSessionSockets,
  revokeSessionSocketsAfterCommit,
} from '../../platform/realtime/publish.ts';
import { originAllowed } from './realtime.service.ts';
import { listen, TestSocket } from './ws-test-client.ts';

let server: TestServer;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await createTestServer();
  base = await listen(server.app);
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => server.close());

async function signedIn() {
  const user = await createUser(server.ctx);
  return { user, token: await tokenFor(server.ctx, user) };
}

async function open(token: string) {
  const { socket, ready } = await TestSocket.open(`${base}/realtime?token=${token}`);
  sockets.push(socket);
  return { socket, ready };
}

async function connectRaw(url: string, headers: Record<string, string> = {}) {
  const socket = await TestSocket.connect(url, { headers });
  sockets.push(socket);
  return socket;
}

/**
 * Proves a socket did NOT get an event without sleeping: delivery is ordered, so once a later
 * marker event has arrived, anything published before it would have arrived too.
 */
async function expectNothingBefore({ socket, ready }: Awaited<ReturnType<typeof open>>) {
  await publish(server.ctx, { sessionIds: [ready.sessionId] }, 'invalidate', {
    keys: [['marker']],
  });
  await socket.next('invalidate', (f) => f.data.keys[0]?.[0] === 'marker');
  expect(socket.received()).toEqual([]);
}

describe('authentication', () => {
  it('accepts a session token in the query and says who is connected', async () => {
    const { user, token } = await signedIn();
    const { ready } = await open(token);
    expect(ready.userId).toBe(user.id);
    expect(ready.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts the session cookie and a bearer header', async () => {
    const { user, token } = await signedIn();
    const viaCookie = await connectRaw(`${base}/realtime`, { cookie: `fs_session=${token}` });
    expect((await viaCookie.next('ready')).data.userId).toBe(user.id);
    const viaBearer = await connectRaw(`${base}/realtime`, bearer(token));
    expect((await viaBearer.next('ready')).data.userId).toBe(user.id);
  });

  it('closes with 4401 without a token, with a bad one and with a revoked one', async () => {
    const { user, token } = await signedIn();
    await revokeSessions(server.ctx.db, { userId: user.id });
    const cases = [
      [`${base}/realtime`, 'Not authenticated'],
      [`${base}/realtime?token=nope`, 'Session expired or revoked'],
      [`${base}/realtime?token=`, 'Session expired or revoked'],
      [`${base}/realtime?token=${token}`, 'Session expired or revoked'],
    ] as const;
    for (const [url, reason] of cases) {
      const socket = await connectRaw(url);
      expect(await socket.closed).toEqual({ code: 4401, reason });
      expect(socket.received()).toEqual([]);
    }
  });

  it('lets an explicit token win over a cookie', async () => {
    const { token } = await signedIn();
    const socket = await connectRaw(`${base}/realtime?token=bad`, {
      cookie: `fs_session=${token}`,
    });
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('originAllowed (cookie-authenticated sockets)', () => {
  const prod = { isProduction: true, PUBLIC_URL: 'https://fans.example' };
  it('allows non-browsers, the same host and the public URL in production', () => {
    expect(originAllowed(undefined, 'api.internal:3000', prod)).toBe(true);
    expect(originAllowed('https://api.internal:3000', 'api.internal:3000', prod)).toBe(true);
    expect(originAllowed('https://fans.example', 'api.internal:3000', prod)).toBe(true);
  });
  it('refuses other origins in production, and anything goes in development', () => {
    expect(originAllowed('https://evil.example', 'fans.example', prod)).toBe(false);
    expect(originAllowed('null', 'fans.example', prod)).toBe(false);
    expect(originAllowed('https://evil.example', 'fans.example', { isProduction: false })).toBe(
      true,
    );
  });
});

describe('client frames', () => {
  it('answers ping with pong, with or without data', async () => {
    const { socket } = await open((await signedIn()).token);
    socket.send({ type: 'ping' });
    expect(Date.parse((await socket.next('pong')).data.at)).not.toBeNaN();
    socket.send({ type: 'ping', data: { id: 'p2' } });
    expect((await socket.next('pong')).data.id).toBe('p2');
  });

  it('answers bad frames with an error frame and stays open', async () => {
    const { socket } = await open((await signedIn()).token);
    const bad: Array<[unknown, string]> = [
      ['{"type":', 'MALFORMED_BODY'],
      ['[1,2]', 'VALIDATION_FAILED'],
      ['"ping"', 'VALIDATION_FAILED'],
      [{ type: 'launch_missiles' }, 'VALIDATION_FAILED'],
      [{ type: 'constructor' }, 'VALIDATION_FAILED'],
      [{ type: 'presence_watch', data: { userIds: 'all' } }, 'VALIDATION_FAILED'],
      [{ type: 'ping', data: 'x'.repeat(5000) }, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [frame, code] of bad) {
      socket.send(frame);
      expect((await socket.next('error')).data.code).toBe(code);
    }
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next('error')).data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    socket.send({ type: 'ping' });
    await socket.next('pong');
  });

  it('survives a frame over the transport limit by dropping only that socket', async () => {
    const { token } = await signedIn();
    const { socket } = await open(token);
    socket.ws.send('x'.repeat(70 * 1024));
    // 1009 (message too big), or 1006 when the plugin's error handler cuts the socket first
    expect([1006, 1009]).toContain((await socket.closed).code);
    await open(token);
  });

  it('rate-limits a flooding client without answering every dropped frame', async () => {
    const { socket } = await open((await signedIn()).token);
    for (let i = 0; i < 60; i += 1) socket.send({ type: 'ping' });
    expect((await socket.next('error')).data.code).toBe('RATE_LIMITED');
    // long enough to refill a token (10/s); the ping after the flood proves it was all handled
    await new Promise((resolve) => setTimeout(resolve, 250));
    socket.send({ type: 'ping', data: { id: 'after-flood' } });
    await socket.next('pong', (f) => f.data.id === 'after-flood');
    const errors = socket.history.filter((f) => f.type === 'error').length;
    const pongs = socket.history.filter((f) => f.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(30);
    // dropped frames are not answered one by one (a refill mid-flood may start a new episode)
    expect(errors).toBeLessThan(5);
    expect(pongs + errors).toBeLessThan(50);
  });
});

describe('delivery', () => {
  it('sends a user event to every socket of that user and nobody else', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const a1 = await open(alice.token);
    const a2 = await open(await tokenFor(server.ctx, alice.user, 'second device'));
    const b = await open(bob.token);
    await publish(server.ctx, { userIds: [alice.user.id] }, 'notification', {
      notificationId: 'n1',
      type: 'tip',
    });
    for (const { socket } of [a1, a2]) {
      expect((await socket.next('notification')).data).toEqual({
        notificationId: 'n1',
        type: 'tip',
      });
    }
    await expectNothingBefore(b);
  });

  it('targets sessions, de-duplicates overlapping audiences, and broadcasts', async () => {
    const alice = await signedIn();
    const a1 = await open(alice.token);
    const a2 = await open(await tokenFor(server.ctx, alice.user));
    const to = { userIds: [alice.user.id], sessionIds: [a1.ready.sessionId] };
    await publish(server.ctx, to, 'message_new', { chatId: 'c', messageId: 'm' });
    await a1.socket.next('message_new');
    await a2.socket.next('message_new');
    await expectNothingBefore(a1);

    await publish(server.ctx, { sessionIds: [a2.ready.sessionId] }, 'typing', {
      chatId: 'c',
      userId: 'u',
      isTyping: true,
    });
    await a2.socket.next('typing');
    await expectNothingBefore(a1);

    await publish(server.ctx, { broadcast: true }, 'invalidate', { keys: [['settings']] });
    for (const { socket } of [a1, a2]) {
      expect((await socket.next('invalidate')).data.keys).toEqual([['settings']]);
    }
  });

  it('publishAfterCommit delivers after commit and never after a rollback', async () => {
    const { user, token } = await signedIn();
    const opened = await open(token);
    const { socket } = opened;
    const event = { notificationId: 'rolled-back', type: 'like' };
    await expect(
      withTransaction(server.ctx.db, async (tx) => {
        publishAfterCommit(server.ctx, tx, { userIds: [user.id] }, 'notification', event);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await expectNothingBefore(opened);

    await withTransaction(server.ctx.db, async (tx) => {
      publishAfterCommit(server.ctx, tx, { userIds: [user.id] }, 'notification', {
        notificationId: 'committed',
        type: 'like',
      });
      // not yet: the transaction is still open
      expect(socket.received()).toEqual([]);
    });
    expect((await socket.next('notification')).data.notificationId).toBe('committed');
  });
});

describe('session revocation', () => {
  it('sends session_revoked and closes only that session’s sockets with 4401', async () => {
    const { user, token } = await signedIn();
    const revoked = await open(token);
    const revokedTwin = await open(token);
    const other = await open(await tokenFor(server.ctx, user));
    const ids = await revokeSessions(server.ctx.db, { sessionId: revoked.ready.sessionId });
    await revokeSessionSockets(server.ctx, ids);
    for (const { socket } of [revoked, revokedTwin]) {
      expect((await socket.next('session_revoked')).data).toEqual({ sessionId: ids[0] });
      expect(await socket.closed).toEqual({ code: 4401, reason: 'Session revoked' });
    }
    await expectNothingBefore(other);
  });

  it('revokes after commit: all other sessions, as "log out everywhere else" does', async () => {
    const { user, token } = await signedIn();
    const current = await open(token);
    const others = [
      await open(await tokenFor(server.ctx, user)),
      await open(await tokenFor(server.ctx, user)),
    ];
    await withTransaction(server.ctx.db, async (tx) => {
      const ids = await revokeSessions(tx, {
        userId: user.id,
        exceptSessionId: current.ready.sessionId,
      });
      revokeSessionSocketsAfterCommit(server.ctx, tx, ids);
    });
    for (const { socket } of others) expect((await socket.closed).code).toBe(4401);
    await expectNothingBefore(current);
  });
});

describe('presence', () => {
  it('tells watchers when a user gets a first socket and loses the last', async () => {
    const watcher = await signedIn();
    const star = await signedIn();
    const w = await open(watcher.token);
    w.socket.send({ type: 'presence_watch', data: { userIds: [star.user.id] } });
    // watching answers with the current state at once
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: false });

    const s1 = await open(star.token);
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: true });
    const s2 = await open(star.token);
    await s1.socket.close();
    await s2.socket.close();
    // the second socket neither re-announced online nor did closing the first announce offline
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: false });
    expect(w.socket.received()).toEqual([]);
    // a later watcher learns at once that the star is online
    const s3 = await open(star.token);
    await w.socket.next('presence');
    const late = await open((await signedIn()).token);
    late.socket.send({ type: 'presence_watch', data: { userIds: [star.user.id] } });
    expect((await late.socket.next('presence')).data).toEqual({
      userId: star.user.id,
      online: true,
    });
    await s3.socket.close();
  });

  it('shows a user who hides their activity status as offline, and follows the switch', async () => {
    const watcher = await signedIn();
    const star = await signedIn();
    await server.ctx.db
      .updateTable('users')
      .set({ privacy: JSON.stringify({ showActivityStatus: false }) })
      .where('id', '=', star.user.id)
      .execute();
    const w = await open(watcher.token);
    w.socket.send({ type: 'presence_watch', data: { userIds: [star.user.id] } });
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: false });

    // connecting is not announced, and a new watcher is told "offline"
    const s1 = await open(star.token);
    await expectNothingBefore(w);
    const late = await open((await signedIn()).token);
    late.socket.send({ type: 'presence_watch', data: { userIds: [star.user.id] } });
    expect((await late.socket.next('presence')).data).toEqual({
      userId: star.user.id,
      online: false,
    });

    // switching it on while connected shows them online at once, switching off offline again
    const setStatus = (showActivityStatus: boolean) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(star.token),
        payload: { privacy: { showActivityStatus } },
      });
    expect((await setStatus(true)).statusCode).toBe(200);
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: true });
    expect((await setStatus(false)).statusCode).toBe(200);
    expect((await w.socket.next('presence')).data).toEqual({ userId: star.user.id, online: false });
    // leaving while hidden says nothing more
    await s1.socket.close();
    await expectNothingBefore(w);
  });
});
