import type { PushPayload } from '@fanspace/contracts';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { runJobs } from '../auth/auth.test-helpers.ts';
import { actor, call, type Actor } from '../posts/posts.test-kit.ts';
import { PUSH_JOB } from './push.service.ts';
import { VAPID_SETTING, vapidKeys } from './vapid.ts';

/** A local stand-in for a browser push service: records every request, answers by path. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
let pushService: http.Server;
let pushBase: string;

let server: TestServer;
beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone')
        ? 410
        : req.url?.startsWith('/busy')
          ? 503
          : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  server = await createTestServer({ worker: true });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authB64: auth.toString('base64url'),
  };
}

/** RFC 8291 (aes128gcm) decryption, as a browser does it. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const cipherText = body.subarray(21 + idlen);
  const secret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

async function subscribed(who: Actor, path: string) {
  const keys = browserKeys();
  const endpoint = `${pushBase}${path}`;
  const res = await call(server, who, 'POST', '/push-notifications/subscribe', {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.authB64 },
  });
  expect(res.status, res.text).toBe(201);
  return { ...keys, endpoint };
}

const requestsTo = (path: string) => received.filter((r) => r.path === path);

describe('VAPID keys', () => {
  it('are generated once, stored with the private key encrypted, and served publicly', async () => {
    const first = await call(server, null, 'GET', '/push-notifications/public-key');
    expect(first.status).toBe(200);
    const { publicKey } = first.body as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call(server, null, 'GET', '/push-notifications/public-key')).body.publicKey).toBe(
      publicKey,
    );
    const row = await server.ctx.db
      .selectFrom('platform_settings')
      .select('value')
      .where('key', '=', VAPID_SETTING)
      .executeTakeFirstOrThrow();
    const { privateKey } = await vapidKeys(server.ctx);
    expect(JSON.stringify(row.value)).not.toContain(privateKey);
    expect(row.value).toMatchObject({ publicKey });
  });
});

describe('subscriptions', () => {
  it('validates the PushSubscription and needs a signed-in user', async () => {
    const fan = await actor(server);
    const keys = browserKeys();
    const good = { p256dh: keys.p256dh, auth: keys.authB64 };
    expect(
      (
        await call(server, null, 'POST', '/push-notifications/subscribe', {
          endpoint: `${pushBase}/x`,
          keys: good,
        })
      ).status,
    ).toBe(401);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ endpoint: 'http://push.example.com/x', keys: good }, 'endpoint must be an https URL'],
      [{ endpoint: 'not a url', keys: good }, 'endpoint must be a URL'],
      [
        { endpoint: `${pushBase}/x`, keys: { ...good, p256dh: 'a b' } },
        'keys.p256dh must be base64url',
      ],
      [
        { endpoint: `${pushBase}/x`, keys: { ...good, auth: '***' } },
        'keys.auth must be base64url',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(server, fan, 'POST', '/push-notifications/subscribe', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PUSH_SUBSCRIPTION_INVALID', message });
    }
    expect(
      (await call(server, fan, 'POST', '/push-notifications/subscribe', { endpoint: 'x' })).status,
    ).toBe(400);
    // the {subscription} wrapper is accepted too
    const wrapped = await call(server, fan, 'POST', '/push-notifications/subscribe', {
      subscription: { endpoint: `${pushBase}/wrapped`, keys: good },
    });
    expect(wrapped.status).toBe(201);
    const gone = await call(server, fan, 'POST', '/push-notifications/unsubscribe', {
      endpoint: `${pushBase}/wrapped`,
    });
    expect(gone.body).toEqual({ ok: true, removed: 1 });
  });

  it('sends an encrypted, VAPID-signed test push that the browser can read', async () => {
    const fan = await actor(server);
    const sub = await subscribed(fan, `/ok/${fan.user.id}`);
    const res = await call(server, fan, 'POST', '/push-notifications/test');
    expect(res.body).toEqual({ ok: true, sent: 1, removed: 0, failed: 0 });
    const [request] = requestsTo(`/ok/${fan.user.id}`);
    const { publicKey } = await vapidKeys(server.ctx);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${publicKey}$`));
    expect(request!.body.toString('latin1')).not.toContain('Push notifications are working');
    const payload = JSON.parse(decrypt(request!.body, sub.ecdh, sub.auth)) as PushPayload;
    expect(payload).toMatchObject({ title: 'Fanspace', body: 'Push notifications are working.' });
  });

  it('drops a subscription whose keys cannot encrypt on its first push', async () => {
    const fan = await actor(server);
    const res = await call(server, fan, 'POST', '/push-notifications/subscribe', {
      endpoint: `${pushBase}/ok/bad-keys`,
      keys: { p256dh: 'not-a-key', auth: 'short' },
    });
    expect(res.status).toBe(201);
    const test = await call(server, fan, 'POST', '/push-notifications/test');
    expect(test.body).toEqual({ ok: true, sent: 0, removed: 1, failed: 0 });
    expect(requestsTo('/ok/bad-keys')).toEqual([]);
  });

  it('deletes a subscription the push service reports gone (410), keeps a busy one', async () => {
    const fan = await actor(server);
    await subscribed(fan, `/gone/${fan.user.id}`);
    await subscribed(fan, `/busy/${fan.user.id}`);
    const res = await call(server, fan, 'POST', '/push-notifications/test');
    expect(res.body).toEqual({ ok: true, sent: 0, removed: 1, failed: 1 });
    const left = await server.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', fan.user.id)
      .execute();
    expect(left.map((r) => r.endpoint)).toEqual([`${pushBase}/busy/${fan.user.id}`]);
  });
});

describe('notifications as pushes', () => {
  it('pushes a new notification through the job runner', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const sub = await subscribed(creator, `/ok/${creator.user.id}`);
    expect((await call(server, fan, 'POST', `/users/${creator.user.id}/follow`)).status).toBe(200);
    await runJobs(server);
    const requests = requestsTo(`/ok/${creator.user.id}`);
    expect(requests).toHaveLength(1);
    const payload = JSON.parse(decrypt(requests[0]!.body, sub.ecdh, sub.auth)) as PushPayload;
    expect(payload).toMatchObject({
      type: 'follow',
      title: 'New follower',
      body: `@${fan.user.username} started following you`,
    });
  });

  it('respects preferences.notifications.push and .pushTypes', async () => {
    const creator = await actor(server, 'creator');
    await subscribed(creator, `/ok/${creator.user.id}`);
    const off = await call(server, creator, 'PUT', '/users/me', {
      preferences: { notifications: { pushTypes: { follow: false } } },
    });
    expect(off.status, off.text).toBe(200);
    const fan = await actor(server);
    expect((await call(server, fan, 'POST', `/users/${creator.user.id}/follow`)).status).toBe(200);
    const jobs = await server.ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', PUSH_JOB)
      .execute();
    expect(
      jobs.filter((j) => (j.payload as { userId?: string }).userId === creator.user.id),
    ).toEqual([]);
    // the notification itself still exists: only its push is off
    const notes = await call(server, creator, 'GET', '/notifications');
    expect(notes.body.notifications.map((n: { type: string }) => n.type)).toContain('follow');
  });
});
