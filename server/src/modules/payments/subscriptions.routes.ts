import {
  ErrorCodes,
  IdParams,
  RecurringBody,
  routeErrors,
  SubscribeBody,
  SubscribeResponse,
  Subscription,
  SubscriptionList,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { idempotentRoute } from '../ledger/idempotency.ts';
import { payer } from './payer.ts';
import { MoneyLimits } from './payments.limits.ts';
import { cancelFanSubscription, setFanRecurring } from './card-provider.accounts.ts';
import { mySubscriptions, subscribe } from './subscriptions.service.ts';

const tags = ['subscriptions'];
const E = ErrorCodes;

export async function subscriptionsRoutes(app: App) {
  const { ctx } = app;

  app.post(
    '/subscriptions',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          'Subscribe to a creator for 30 days at their price (resumes a canceled period free)',
        body: SubscribeBody,
        response: {
          200: SubscribeResponse,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.IDEMPOTENCY_KEY_REQUIRED,
            E.CANNOT_TARGET_SELF,
            E.RECIPIENT_NOT_CREATOR,
            E.SUBSCRIPTION_FREE,
            E.PROMO_CODE_INVALID,
          ),
          401: routeErrors(E.UNAUTHENTICATED),
          402: routeErrors(E.INSUFFICIENT_FUNDS),
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.ALREADY_SUBSCRIBED),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await subscribe(ctx, tx, user.id, request.body.creatorId, new Date(), {
          promoCode: request.body.promoCode,
        }),
      }));
    },
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Cancel: no renewal, no refund, access until the end of the paid period',
        params: IdParams,
        response: { 200: Subscription, 404: routeErrors(E.SUBSCRIPTION_NOT_FOUND) },
      },
    },
    async (request) => cancelFanSubscription(ctx, currentUser(request).id, request.params.id),
  );

  app.put(
    '/subscriptions/:id/recurring',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Turn automatic renewal on or off',
        params: IdParams,
        body: RecurringBody,
        response: {
          200: Subscription,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.SUBSCRIPTION_NOT_FOUND),
        },
      },
    },
    async (request) =>
      setFanRecurring(ctx, currentUser(request).id, request.params.id, request.body.isRecurring),
  );

  // GET /subscriptions is the same list (SPEC §7: subscriptions are simple CRUD)
  for (const url of ['/users/me/subscriptions', '/subscriptions'])
    app.get(
      url,
      {
        config: { auth: 'user', rateLimit: MoneyLimits.read },
        schema: {
          tags,
          summary: "The caller's active subscriptions, including canceled ones until their end",
          response: { 200: SubscriptionList },
        },
      },
      async (request) => mySubscriptions(ctx.db, currentUser(request).id),
    );
}
