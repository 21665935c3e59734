import {
  CardPaymentsPage,
  CardPaymentsQuery,
  CardProviderConfig,
  CheckoutBody,
  CheckoutResponse,
  ConnectResponse,
  ConnectStatus,
  CreatePaymentIntentBody,
  ErrorCodes,
  IdentitySessionStatus,
  PaymentIntentResponse,
  ProcessPaymentBody,
  ProPackActionResponse,
  ProPackStatus,
  ProPackTransactions,
  routeErrors,
  SetupIntentResponse,
  SubscriptionActionBody,
  UrlResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/errors.ts';
import { cardProvider, TEST_CARDS } from '../../platform/payments/index.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { idempotencyKeyOf, idempotentRoute } from '../ledger/idempotency.ts';
import {
  cancelAnySubscription,
  completeTestCheckout,
  connectAccount,
  connectLoginLink,
  connectStatus,
  createIdentitySession,
  createStripeCheckout,
  customerPortal,
  identityStatus,
  renewAnySubscription,
} from './card-provider.accounts.ts';
import { createCardPayment, ensureCustomer, viaProvider } from './card-provider.service.ts';
import { payer } from './payer.ts';
import { ownPaymentMethod } from './payment-methods.service.ts';
import { MoneyLimits } from './payments.limits.ts';
import { proPackStatus, proPackTransactions } from './pro-pack.service.ts';
import { listCardPayments } from './stripe-transactions.service.ts';

const tags = ['card provider'];
const E = ErrorCodes;
const moneyErrors = {
  400: routeErrors(E.VALIDATION_FAILED, E.IDEMPOTENCY_KEY_REQUIRED, E.PAYMENT_TYPE_UNSUPPORTED),
  401: routeErrors(E.UNAUTHENTICATED),
  402: routeErrors(E.INSUFFICIENT_FUNDS, E.CARD_DECLINED),
  422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
  503: routeErrors(E.CARD_PAYMENTS_NOT_CONFIGURED),
};
const providerErrors = { 503: routeErrors(E.CARD_PAYMENTS_NOT_CONFIGURED) };

/**
 * SPEC §7 card provider routes ({card-provider} = stripe), POST /payments/process and
 * /payments/setup-intent, and GET /pro-pack. What each does with the `test` provider:
 * docs/ARCHITECTURE.md "Card provider and pro pack".
 */
export async function cardProviderRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/stripe/config',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Which card provider runs, its publishable key, and the test cards',
        response: { 200: CardProviderConfig },
      },
    },
    async () => {
      const provider = cardProvider(ctx.config);
      return {
        provider: provider.name,
        publishableKey: provider.publishableKey,
        testCards:
          provider.name === 'test'
            ? Object.entries(TEST_CARDS).map(([paymentMethodId, c]) => ({
                paymentMethodId,
                brand: c.brand,
                last4: c.last4,
              }))
            : [],
      };
    },
  );

  app.post(
    '/stripe/connect',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Creators: start or resume payout onboarding (url) or report it done',
        response: {
          200: ConnectResponse,
          403: routeErrors(E.ONLY_CREATORS),
          ...providerErrors,
        },
      },
    },
    async (request) => connectAccount(ctx, payer(request)),
  );

  app.get(
    '/stripe/connect/status',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: { tags, summary: 'Payout onboarding status', response: { 200: ConnectStatus } },
    },
    async (request) => connectStatus(ctx, currentUser(request).id),
  );

  app.post(
    '/stripe/connect/login',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: "A login link to the creator's Stripe Express dashboard",
        response: { 200: UrlResponse, ...providerErrors },
      },
    },
    async (request) => connectLoginLink(ctx, payer(request).id),
  );

  app.post(
    '/stripe/create-payment-intent',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          'Pay by card: a wallet top-up, tip, unlock, subscription or pro pack (test provider: confirmed and settled at once)',
        body: CreatePaymentIntentBody,
        response: {
          200: PaymentIntentResponse,
          ...moneyErrors,
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.ALREADY_UNLOCKED, E.ALREADY_SUBSCRIBED, E.PRO_PACK_ACTIVE),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      const key = idempotencyKeyOf(request);
      const customerId =
        cardProvider(ctx.config).name === 'stripe' ? await ensureCustomer(ctx, user) : null;
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await createCardPayment(ctx, tx, user, request.body, {
          idempotencyKey: key,
          customerId,
        }),
      }));
    },
  );

  app.post(
    '/payments/process',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Pay with a saved payment method (default: the default one)',
        body: ProcessPaymentBody,
        response: {
          200: PaymentIntentResponse,
          ...moneyErrors,
          404: routeErrors(E.NOT_FOUND, E.PAYMENT_METHOD_NOT_FOUND),
          409: routeErrors(E.ALREADY_UNLOCKED, E.ALREADY_SUBSCRIBED, E.PRO_PACK_ACTIVE),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      const key = idempotencyKeyOf(request);
      const { paymentMethodId, ...body } = request.body;
      const method = paymentMethodId
        ? await ownPaymentMethod(ctx.db, user.id, paymentMethodId)
        : await ctx.db
            .selectFrom('payment_methods')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('is_default', '=', true)
            .executeTakeFirst();
      if (!method)
        throw new AppError(
          400,
          E.PAYMENT_METHOD_REQUIRED,
          'Add a payment method first (Settings → Payments)',
        );
      const customerId = await ensureCustomer(ctx, user);
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await createCardPayment(ctx, tx, user, body, {
          idempotencyKey: key,
          customerId,
          paymentMethodRef: method.provider_ref,
        }),
      }));
    },
  );

  app.post(
    '/payments/setup-intent',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary:
          'Start saving a card (Stripe.js confirms it; test provider: save a test card id with POST /payments/payment-methods)',
        response: { 200: SetupIntentResponse, ...providerErrors },
      },
    },
    async (request) => {
      const user = payer(request);
      const customerId = await ensureCustomer(ctx, user);
      const provider = cardProvider(ctx.config);
      const intent = await viaProvider('Failed to create setup intent', () =>
        provider.createSetupIntent(customerId),
      );
      return {
        setupIntentId: intent.id,
        clientSecret: intent.clientSecret,
        provider: provider.name,
      };
    },
  );

  app.post(
    '/stripe/identity/create-session',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Stripe Identity: a hosted document check (url)',
        response: { 200: UrlResponse, ...providerErrors },
      },
    },
    async (request) => createIdentitySession(ctx, payer(request).id),
  );

  app.get(
    '/stripe/identity/status',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The identity session's status and the account's identity status",
        response: { 200: IdentitySessionStatus },
      },
    },
    async (request) => identityStatus(ctx, currentUser(request).id),
  );

  app.post(
    '/stripe/cancel-subscription',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          'Cancel the pro pack (default) or a fan subscription (subscriptionId/creatorId): no renewal, access to the period end',
        body: SubscriptionActionBody,
        response: {
          200: ProPackActionResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.PRO_PACK_NOT_ACTIVE),
          404: routeErrors(E.SUBSCRIPTION_NOT_FOUND),
          ...providerErrors,
        },
      },
    },
    async (request) => cancelAnySubscription(ctx, payer(request).id, request.body ?? {}),
  );

  app.post(
    '/stripe/renew-subscription',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          'Undo a cancel of the pro pack (default) or a fan subscription; test provider: an ended pro pack is bought again from the wallet',
        body: SubscriptionActionBody,
        response: {
          200: ProPackActionResponse,
          ...moneyErrors,
          404: routeErrors(E.SUBSCRIPTION_NOT_FOUND),
          409: routeErrors(E.PRO_PACK_ACTIVE),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await renewAnySubscription(ctx, tx, user.id, request.body ?? {}),
      }));
    },
  );

  app.post(
    '/stripe/create-subscription-checkout',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          'Subscribe by checkout: fan_subscription when creatorId is given, else pro_pack (test provider: paid from the wallet at once)',
        body: CheckoutBody,
        response: {
          200: CheckoutResponse,
          ...moneyErrors,
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.ALREADY_SUBSCRIBED, E.PRO_PACK_ACTIVE),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      const key = idempotencyKeyOf(request);
      const body = request.body ?? {};
      if (cardProvider(ctx.config).name === 'stripe')
        return createStripeCheckout(ctx, user, body, key);
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await completeTestCheckout(ctx, tx, user.id, body),
      }));
    },
  );

  app.post(
    '/stripe/create-customer-portal-session',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: "Stripe's customer portal (url)",
        response: { 200: UrlResponse, ...providerErrors },
      },
    },
    async (request) => customerPortal(ctx, payer(request)),
  );

  app.get(
    '/stripe/transactions',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's card payments, newest first",
        querystring: CardPaymentsQuery,
        response: { 200: CardPaymentsPage },
      },
    },
    async (request) =>
      listCardPayments(ctx.db, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/stripe/pro-pack-transactions',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's pro pack history: purchases, renewals, grants, cancels",
        response: { 200: ProPackTransactions },
      },
    },
    async (request) => proPackTransactions(ctx.db, currentUser(request).id),
  );

  app.get(
    '/pro-pack',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The pro pack: price, benefits and the caller's status (SPEC §3, §4)",
        response: { 200: ProPackStatus },
      },
    },
    async (request) => proPackStatus(ctx, currentUser(request).id),
  );
}
