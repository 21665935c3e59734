import {
  CardPaymentDetails,
  CardPaymentsPage,
  CardPaymentsQuery,
  ErrorCodes,
  routeErrors,
  SyncResponse,
} from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { payer } from './payer.ts';
import { MoneyLimits } from './payments.limits.ts';
import {
  cardPaymentDetails,
  listCardPayments,
  syncCardPayments,
} from './stripe-transactions.service.ts';

const tags = ['card provider'];

/** GET /stripe-transactions (+ /{id}/details) and POST /stripe-transactions/sync (SPEC §7). */
export async function stripeTransactionsRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/stripe-transactions',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's card payments and what each became in the ledger",
        querystring: CardPaymentsQuery,
        response: { 200: CardPaymentsPage },
      },
    },
    async (request) =>
      listCardPayments(ctx.db, currentUser(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/stripe-transactions/:id/details',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: 'One card payment with its ledger transactions (our id or the intent id)',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: CardPaymentDetails, 404: routeErrors(ErrorCodes.NOT_FOUND) },
      },
    },
    async (request) => cardPaymentDetails(ctx.db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/stripe-transactions/sync',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary:
          "Fetch the provider's state of the caller's unfinished card payments and settle the succeeded ones",
        response: {
          200: SyncResponse,
          503: routeErrors(ErrorCodes.CARD_PAYMENTS_NOT_CONFIGURED),
        },
      },
    },
    async (request) => syncCardPayments(ctx, payer(request).id),
  );
}
