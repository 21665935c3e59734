/**
 * Web push (spec §7 push): the permission prompt is only ever shown from a user's click, the
 * subscription is made through the service worker's PushManager with the server's VAPID
 * public key, and the server gets the subscription JSON.
 */
import * as api from './notifications-api.ts';

export type PushSupport = 'supported' | 'unsupported' | 'insecure';
export type PushPermission = NotificationPermission | 'unsupported';

export interface PushEnvironment {
  isSecureContext: boolean;
  serviceWorker?: Pick<ServiceWorkerContainer, 'ready' | 'getRegistration'>;
  hasPushManager: boolean;
  Notification?: {
    permission: NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
  };
}

function browserEnvironment(): PushEnvironment {
  const w = typeof window === 'undefined' ? undefined : window;
  return {
    isSecureContext: Boolean(w?.isSecureContext),
    serviceWorker:
      typeof navigator !== 'undefined' && 'serviceWorker' in navigator
        ? navigator.serviceWorker
        : undefined,
    hasPushManager: Boolean(w && 'PushManager' in w),
    Notification: w && 'Notification' in w ? w.Notification : undefined,
  };
}

export function pushSupport(env: PushEnvironment = browserEnvironment()): PushSupport {
  if (!env.serviceWorker || !env.hasPushManager || !env.Notification) return 'unsupported';
  if (!env.isSecureContext) return 'insecure';
  return 'supported';
}

export function pushPermission(env: PushEnvironment = browserEnvironment()): PushPermission {
  return env.Notification ? env.Notification.permission : 'unsupported';
}

/** The VAPID key arrives base64url-encoded; PushManager wants the raw bytes. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob((base64 + padding).replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'denied' | 'dismissed' | 'failed',
  ) {
    super(message);
    this.name = 'PushError';
  }
}

export const PUSH_MESSAGES = {
  unsupported: "This browser can't show push notifications.",
  insecure: 'Push notifications need a secure (https) connection.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  dismissed: 'Push notifications were not turned on.',
  failed: 'Could not turn on push notifications. Please try again.',
} as const;

async function registrationOf(env: PushEnvironment): Promise<ServiceWorkerRegistration | null> {
  if (!env.serviceWorker) return null;
  const existing = await env.serviceWorker.getRegistration();
  if (existing) return existing;
  // The app registers /sw.js at start-up; wait (briefly) for it to become ready.
  return Promise.race([
    env.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
}

/** The browser's current push subscription for this site, if any. */
export async function currentPushSubscription(
  env: PushEnvironment = browserEnvironment(),
): Promise<PushSubscription | null> {
  if (pushSupport(env) !== 'supported') return null;
  const registration = await env.serviceWorker?.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Must run inside a click handler: it may show the browser's permission prompt. */
export async function enablePush(
  env: PushEnvironment = browserEnvironment(),
): Promise<PushSubscription> {
  const support = pushSupport(env);
  if (support === 'unsupported') throw new PushError(PUSH_MESSAGES.unsupported, 'unsupported');
  if (support === 'insecure') throw new PushError(PUSH_MESSAGES.insecure, 'unsupported');
  const notification = env.Notification!;
  let permission = notification.permission;
  if (permission === 'denied') throw new PushError(PUSH_MESSAGES.denied, 'denied');
  if (permission !== 'granted') permission = await notification.requestPermission();
  if (permission === 'denied') throw new PushError(PUSH_MESSAGES.denied, 'denied');
  if (permission !== 'granted') throw new PushError(PUSH_MESSAGES.dismissed, 'dismissed');
  try {
    const registration = await registrationOf(env);
    if (!registration) throw new Error('no service worker');
    const { publicKey } = await api.fetchPushPublicKey();
    const key = urlBase64ToUint8Array(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      // Subscribed under an older server key: that subscription can no longer be used.
      await subscription.unsubscribe().catch(() => undefined);
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await api.savePushSubscription(subscription.toJSON());
    return subscription;
  } catch (error) {
    if (error instanceof PushError) throw error;
    throw new PushError(PUSH_MESSAGES.failed, 'failed');
  }
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Tells the server first (so it stops sending), then drops the browser subscription. */
export async function disablePush(env: PushEnvironment = browserEnvironment()): Promise<void> {
  const subscription = await currentPushSubscription(env);
  if (!subscription) return;
  await api.removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}
