import {
  AddFundsBody,
  AddTestFundsBody,
  CreatorIdParams,
  CURRENCY,
  EarningsOverviewDetailed,
  ErrorCodes,
  LedgerVerifyReport,
  MONEY_LIMITS,
  PersonalizedPrice,
  PostIdParams,
  routeErrors,
  TipBody,
  TipResponse,
  TransactionsPage,
  TransactionsQuery,
  UnlockBody,
  UnlockResponse,
  WalletBalance,
  WalletTopUp,
} from '@fanspace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { validateFormBody } from '../../platform/http/multipart-form.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { postIdOr404 } from '../posts/posts.policy.ts';
import { batchedRoute, idempotencyKeyOf, idempotentRoute } from '../ledger/idempotency.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { payer } from './payer.ts';
import { refuseTestFundsWithStripe } from './card-provider.service.ts';
import { MoneyLimits } from './payments.limits.ts';
import { paymentProvider } from './provider.ts';
import { earningsOverviewDetailed } from './earnings.service.ts';
import { myTransactions } from './statements.service.ts';
import { payableCreator, sendTip } from './tips.service.ts';
import { batchableTip, tipBatcher } from './tips.batch.ts';
import { unlockPost } from './unlock.service.ts';
import { unlockBatcher } from './unlock.batch.ts';
import { addFunds, walletBalance } from './wallet.service.ts';

const tags = ['payments'];
const E = ErrorCodes;
/** The codes every money POST can answer besides its own. */
const moneyErrors = {
  400: routeErrors(E.VALIDATION_FAILED, E.IDEMPOTENCY_KEY_REQUIRED),
  401: routeErrors(E.UNAUTHENTICATED),
  402: routeErrors(E.INSUFFICIENT_FUNDS),
  422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
};

/** Wallet, unlocks, tips, earnings, pricing and the ledger check (subscriptions in their file). */
export async function paymentsRoutes(app: App) {
  const { ctx } = app;

  const topUp = async (request: FastifyRequest, reply: FastifyReply, amount: number) => {
    const user = payer(request);
    const cents = amountToCents('amount', amount, MONEY_LIMITS.topUp.min, MONEY_LIMITS.topUp.max);
    const key = idempotencyKeyOf(request);
    return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
      status: 200,
      body: await addFunds(tx, paymentProvider(), user.id, cents, key),
    }));
  };

  app.post(
    '/stripe/add-test-funds',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Test provider: credit the wallet (amount 1.00–1000.00, default 10)',
        body: AddTestFundsBody,
        response: { 200: WalletTopUp, ...moneyErrors },
      },
    },
    async (request, reply) => {
      refuseTestFundsWithStripe(ctx.config, 'add-test-funds');
      return topUp(request, reply, request.body?.amount ?? MONEY_LIMITS.defaultTestFunds);
    },
  );

  app.post(
    '/wallet/add-funds',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Add funds to the wallet through the configured payment provider',
        body: AddFundsBody,
        response: { 200: WalletTopUp, ...moneyErrors },
      },
    },
    async (request, reply) => {
      refuseTestFundsWithStripe(ctx.config, 'add-funds');
      return topUp(request, reply, request.body.amount);
    },
  );

  app.get(
    '/wallet/balance',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: { tags, summary: "The caller's wallet balance", response: { 200: WalletBalance } },
    },
    async (request) => walletBalance(ctx.db, currentUser(request).id),
  );

  app.post(
    '/posts/:id/unlock',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: "Buy a paid post once: charges its price to the caller's wallet",
        params: PostIdParams,
        // no body schema: the usual call has no body at all; an optional {promoCode} is
        // validated in the handler against UnlockBody
        response: {
          200: UnlockResponse,
          ...moneyErrors,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.IDEMPOTENCY_KEY_REQUIRED,
            E.NOT_FOR_SALE,
            E.CANNOT_TARGET_SELF,
            E.PROMO_CODE_INVALID,
          ),
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.ALREADY_UNLOCKED),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      // a malformed id names no post: 404 like a missing one, before it reaches a batch
      const postId = postIdOr404(request.params.id);
      const offer =
        request.body === undefined || request.body === null
          ? {}
          : validateFormBody<UnlockBody>(request, UnlockBody, request.body);
      if (!offer.promoCode?.trim()) {
        const unlocks = unlockBatcher(ctx);
        const input = { postId };
        return batchedRoute(request, reply, user.id, input, (r) => unlocks.submit(r));
      }
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 200,
        body: await unlockPost(ctx, tx, user.id, postId, offer),
      }));
    },
  );

  app.post(
    '/tips',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Tip a creator (1.00–200.00) for a post, profile, chat or wishlist item',
        body: TipBody,
        response: {
          201: TipResponse,
          ...moneyErrors,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.IDEMPOTENCY_KEY_REQUIRED,
            E.CANNOT_TARGET_SELF,
            E.RECIPIENT_NOT_CREATOR,
          ),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      if (batchableTip(request.body)) {
        const tips = tipBatcher(ctx);
        return batchedRoute(request, reply, user.id, request.body, (r) => tips.submit(r));
      }
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
        status: 201,
        body: await sendTip(ctx, tx, user.id, request.body),
      }));
    },
  );

  app.get(
    '/users/me/transactions',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's money history, each line explaining where every cent went",
        querystring: TransactionsQuery,
        response: { 200: TransactionsPage },
      },
    },
    async (request) =>
      myTransactions(ctx.db, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/earnings/overview',
    {
      config: { auth: 'creator', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary:
          'Creator earnings: gross → fee → net (30 days), pending with release dates, available, in flight, paid out, owed; every step explained',
        response: { 200: EarningsOverviewDetailed },
      },
    },
    async (request) => earningsOverviewDetailed(ctx.db, currentUser(request).id),
  );

  app.get(
    '/pricing/personalized/:creatorId',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's subscription price for a creator (no discounts yet)",
        params: CreatorIdParams,
        response: { 200: PersonalizedPrice, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const { creatorId } = request.params;
      if (creatorId === viewer.id) throw new NotFoundError('User not found');
      const creator = await payableCreator(ctx.db, viewer.id, creatorId);
      const cents = creator.subscription_price_cents;
      return { price: units(cents), priceCents: cents, currency: CURRENCY, discount: null };
    },
  );

  app.get(
    '/ledger/verify',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Admin: run every ledger invariant and report each',
        response: {
          200: LedgerVerifyReport,
          403: routeErrors(E.ADMIN_REQUIRED, E.ADMIN_2FA_REQUIRED),
        },
      },
    },
    async () => verifyLedger(ctx.db),
  );
}
