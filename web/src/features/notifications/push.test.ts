import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/api-harness.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn, signOut, stubFetch, type FetchMock } from '../../test/render.tsx';
import {
  disablePush,
  enablePush,
  PUSH_MESSAGES,
  PushError,
  pushSupport,
  urlBase64ToUint8Array,
  type PushEnvironment,
} from './push.ts';
import { routeFetch } from './test-kit.ts';

let fetchMock: FetchMock;
const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeEnv(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let subscription: PushSubscription | null = null;
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
    subscription = {
      endpoint: 'https://push.example/abc',
      options: { applicationServerKey: (options.applicationServerKey as Uint8Array).buffer },
      toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } }),
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  } as unknown as ServiceWorkerRegistration;
  const requestPermission = vi.fn(async () => answer);
  const env: PushEnvironment = {
    isSecureContext: true,
    hasPushManager: true,
    serviceWorker: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    } as unknown as PushEnvironment['serviceWorker'],
    Notification: { permission, requestPermission },
  };
  return { env, subscribe, requestPermission, current: () => subscription };
}

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(makeMeUser({ id: 'u1' }));
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('web push client', () => {
  it('detects unsupported and insecure browsers', () => {
    const { env } = fakeEnv('default');
    expect(pushSupport(env)).toBe('supported');
    expect(pushSupport({ ...env, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...env, Notification: undefined })).toBe('unsupported');
    expect(pushSupport({ ...env, isSecureContext: false })).toBe('insecure');
  });

  it('decodes the base64url VAPID key', () => {
    const bytes = urlBase64ToUint8Array(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('asks for permission, subscribes with the server key and sends the subscription', async () => {
    const fake = fakeEnv('default');
    const calls = routeFetch(fetchMock, {
      'GET /push-notifications/public-key': () => json({ publicKey: KEY }),
      'POST /push-notifications/subscribe': () => json({ ok: true }),
    });
    await enablePush(fake.env);
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    const options = fake.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(
      Array.from(urlBase64ToUint8Array(KEY)),
    );
    expect(calls).toEqual([
      'GET /push-notifications/public-key',
      'POST /push-notifications/subscribe',
    ]);
    const body = JSON.parse(String(fetchMock.mock.calls[1]![1].body));
    expect(body).toEqual({
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('stops with a clear message when permission is denied or dismissed, without a request', async () => {
    const calls = routeFetch(fetchMock, {});
    const blocked = fakeEnv('denied');
    await expect(enablePush(blocked.env)).rejects.toThrow(PUSH_MESSAGES.denied);
    expect(blocked.requestPermission).not.toHaveBeenCalled();

    const refused = fakeEnv('default', 'denied');
    await expect(enablePush(refused.env)).rejects.toMatchObject({ reason: 'denied' });

    const dismissed = fakeEnv('default', 'default');
    const error = await enablePush(dismissed.env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as PushError).reason).toBe('dismissed');
    expect(calls).toEqual([]);

    await expect(enablePush({ ...blocked.env, hasPushManager: false })).rejects.toThrow(
      PUSH_MESSAGES.unsupported,
    );
  });

  it('unsubscribes on the server and in the browser', async () => {
    const fake = fakeEnv('granted');
    const calls = routeFetch(fetchMock, {
      'GET /push-notifications/public-key': () => json({ publicKey: KEY }),
      'POST /push-notifications/subscribe': () => json({ ok: true }),
      'POST /push-notifications/unsubscribe': () => json({ ok: true }),
    });
    await enablePush(fake.env);
    expect(fake.current()).not.toBeNull();
    await disablePush(fake.env);
    expect(fake.current()).toBeNull();
    expect(calls.at(-1)).toBe('POST /push-notifications/unsubscribe');
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)![1].body))).toEqual({
      endpoint: 'https://push.example/abc',
    });
  });
});
