import {
  ErrorCodes,
  PushPublicKeyResponse,
  PushSubscribeBody,
  PushSubscribeResponse,
  PushTestResponse,
  PushUnsubscribeBody,
  PushUnsubscribeResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { pushToUser, subscribe, unsubscribe } from './push.service.ts';
import { vapidKeys } from './vapid.ts';

const tags = ['notifications'];
const E = ErrorCodes;
const WRITE_LIMIT = perUserLimit(30, '1 minute');
const TEST_LIMIT = perUserLimit(5, '1 minute');

/** SPEC §7 Notifications, push: VAPID public key, subscribe, unsubscribe, test. */
export async function pushRoutes(app: App) {
  const { ctx } = app;
  // generated on first start (and stored), so every process signs with the same pair
  await vapidKeys(ctx);

  app.get(
    '/push-notifications/public-key',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The server's VAPID public key (the browser's applicationServerKey)",
        response: { 200: PushPublicKeyResponse },
      },
    },
    async () => ({ publicKey: (await vapidKeys(ctx)).publicKey }),
  );

  app.post(
    '/push-notifications/subscribe',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: 'Register a browser PushSubscription (its JSON, or {subscription}) for the caller',
        body: PushSubscribeBody,
        response: {
          201: PushSubscribeResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.PUSH_SUBSCRIPTION_INVALID),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await subscribe(
            ctx,
            currentUser(request).id,
            request.body,
            request.headers['user-agent'],
          ),
        ),
  );

  app.post(
    '/push-notifications/unsubscribe',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: "Remove the caller's subscription with this endpoint (all of them without one)",
        body: PushUnsubscribeBody,
        response: { 200: PushUnsubscribeResponse, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      return unsubscribe(
        ctx,
        currentUser(request).id,
        body.endpoint ?? body.subscription?.endpoint,
      );
    },
  );

  app.post(
    '/push-notifications/test',
    {
      config: { auth: 'user', rateLimit: TEST_LIMIT },
      schema: {
        tags,
        summary: "Send a test push to each of the caller's subscriptions now",
        response: { 200: PushTestResponse },
      },
    },
    async (request) => {
      const result = await pushToUser(ctx, currentUser(request).id, {
        title: 'Fanspace',
        body: 'Push notifications are working.',
        url: '/notifications',
        tag: 'push-test',
        type: 'system',
        notificationId: null,
      });
      return { ok: true as const, ...result };
    },
  );
}
