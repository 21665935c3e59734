import { Type, type Static } from '@sinclair/typebox';

/**
 * Web push (SPEC §7 Notifications: POST /push-notifications/subscribe, /unsubscribe, /test).
 * The server's VAPID key pair is generated on first start and stored (private key encrypted);
 * a browser subscribes with `applicationServerKey` = GET /push-notifications/public-key.
 *
 * Every notification (notify) is also pushed to the user's subscriptions unless
 * `users.preferences.notifications.push === false` (all push off) or
 * `users.preferences.notifications.pushTypes[<type>] === false` (that type's push off);
 * `preferences.notifications[<type>] === false` turns the notification itself off.
 */

export const PushPublicKeyResponse = Type.Object({ publicKey: Type.String() });
export type PushPublicKeyResponse = Static<typeof PushPublicKeyResponse>;

export const PushSubscriptionJson = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2048 }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200 }),
    auth: Type.String({ minLength: 1, maxLength: 100 }),
  }),
});
export type PushSubscriptionJson = Static<typeof PushSubscriptionJson>;

/** The browser's PushSubscription.toJSON(), as is or wrapped as {subscription}. */
export const PushSubscribeBody = Type.Union([
  PushSubscriptionJson,
  Type.Object({ subscription: PushSubscriptionJson }),
]);
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;

export const PushSubscribeResponse = Type.Object({
  ok: Type.Literal(true),
  subscriptionId: Type.String(),
});
export type PushSubscribeResponse = Static<typeof PushSubscribeResponse>;

/** Without an endpoint every subscription of the caller is removed. */
export const PushUnsubscribeBody = Type.Object(
  {
    endpoint: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    subscription: Type.Optional(Type.Object({ endpoint: Type.String({ maxLength: 2048 }) })),
  },
  { additionalProperties: true },
);
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

export const PushUnsubscribeResponse = Type.Object({
  ok: Type.Literal(true),
  removed: Type.Integer(),
});
export type PushUnsubscribeResponse = Static<typeof PushUnsubscribeResponse>;

/** POST /push-notifications/test: sent at once to each of the caller's subscriptions. */
export const PushTestResponse = Type.Object({
  ok: Type.Literal(true),
  sent: Type.Integer(),
  /** subscriptions the push service reported gone (404/410), now deleted */
  removed: Type.Integer(),
  failed: Type.Integer(),
});
export type PushTestResponse = Static<typeof PushTestResponse>;

/** The JSON a push carries (the service worker shows title/body and opens url on click). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  type: string;
  notificationId: string | null;
}
