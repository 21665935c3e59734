import {
  AdminFinancials,
  AdminProcessPayoutBody,
  AdminRefundBody,
  ErrorCodes,
  IDEMPOTENCY_HEADER,
  IdParams,
  Payout,
  PayoutAmountBody,
  PayoutRequestBody,
  PayoutResponse,
  PayoutScheduleBody,
  PayoutScheduleView,
  PayoutsPage,
  PayoutsQuery,
  RefundResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../platform/errors.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { audit } from '../admin/audit.ts';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { idempotencyKeyOf, idempotentRoute } from '../ledger/idempotency.ts';
import { units } from '../ledger/money.ts';
import { reverseCharge, reversedSoFar } from '../ledger/reversals.ts';
import { toCents } from '../users/profile-rules.ts';
import { adminFinancials } from './financials.service.ts';
import { MoneyLimits } from './payments.limits.ts';
import {
  getPayoutSchedule,
  listPayouts,
  processPayout,
  requestPayout,
  setPayoutSchedule,
} from './payouts.service.ts';

const tags = ['payouts'];
const E = ErrorCodes;
const adminErrors = { 403: routeErrors(E.ADMIN_REQUIRED, E.ADMIN_2FA_REQUIRED) };
const payoutErrors = {
  400: routeErrors(
    E.VALIDATION_FAILED,
    E.IDEMPOTENCY_KEY_REQUIRED,
    E.PAYOUT_BELOW_MINIMUM,
    E.PAYOUT_EXCEEDS_AVAILABLE,
    E.PAYOUT_SETTINGS_REQUIRED,
  ),
  401: routeErrors(E.UNAUTHENTICATED),
  403: routeErrors(E.ONLY_CREATORS, E.WALLET_WITHDRAW_UNAVAILABLE),
  409: routeErrors(E.BALANCE_OWED, E.CONFLICT),
  422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
};

/**
 * Payouts, refunds and admin financials (docs/ARCHITECTURE.md "Money"). Every money POST
 * honours Idempotency-Key through idempotentRoute (required; replays the first response).
 */
export async function payoutsRoutes(app: App) {
  const { ctx } = app;

  const payout = async (request: FastifyRequest, reply: FastifyReply, amount?: number) => {
    const user = currentUser(request);
    const cents = amount === undefined ? undefined : toCents('amount', amount);
    return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => ({
      status: 201,
      body: await requestPayout(tx, user.id, cents),
    }));
  };

  app.post(
    '/payments/payouts/request',
    {
      config: { auth: 'creator', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Creator: request a payout (default: the whole available balance; minimum 20.00)',
        body: PayoutRequestBody,
        response: { 201: PayoutResponse, ...payoutErrors },
      },
    },
    async (request, reply) => payout(request, reply, request.body?.amount),
  );

  app.post(
    '/earnings/payout',
    {
      config: { auth: 'creator', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary: 'Creator: request a payout of {amount} from available earnings (minimum 20.00)',
        body: PayoutAmountBody,
        response: { 201: PayoutResponse, ...payoutErrors },
      },
    },
    async (request, reply) => payout(request, reply, request.body.amount),
  );

  app.post(
    '/wallet/withdraw',
    {
      config: { auth: 'user', rateLimit: MoneyLimits.charge },
      schema: {
        tags,
        summary:
          "Creators: withdraw available earnings (a payout request). Fans' wallet funds are spendable on the platform only",
        body: PayoutAmountBody,
        response: { 201: PayoutResponse, ...payoutErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (user.account_type !== 'creator')
        throw new ForbiddenError(
          E.WALLET_WITHDRAW_UNAVAILABLE,
          'Wallet funds can be spent on the platform but not withdrawn; only creators withdraw their earnings',
        );
      return payout(request, reply, request.body.amount);
    },
  );

  app.get(
    '/payments/payouts/schedule',
    {
      config: { auth: 'creator', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: "The caller's payout schedule",
        response: { 200: PayoutScheduleView },
      },
    },
    async (request) => getPayoutSchedule(ctx.db, currentUser(request).id),
  );

  app.put(
    '/payments/payouts/schedule',
    {
      config: { auth: 'creator', rateLimit: MoneyLimits.read },
      schema: {
        tags,
        summary: 'Set the payout schedule: manual, weekly or monthly (automatic requests ≥ 20.00)',
        body: PayoutScheduleBody,
        response: { 200: PayoutScheduleView, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => setPayoutSchedule(ctx, currentUser(request).id, request.body.schedule),
  );

  // GET /payouts reads the same history (clients that list payouts at the collection's root)
  for (const url of ['/payouts/history', '/earnings/payouts', '/payouts'])
    app.get(
      url,
      {
        config: { auth: 'creator', rateLimit: MoneyLimits.read },
        schema: {
          tags,
          summary: "The caller's payout requests, newest first (page, limit, status)",
          querystring: PayoutsQuery,
          response: { 200: PayoutsPage },
        },
      },
      async (request) =>
        listPayouts(ctx.db, { creatorId: currentUser(request).id, ...request.query }),
    );

  app.post(
    '/admin/payouts/:id/process',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: mark a payout processing, paid (the default: money left the platform) or failed (money back to available)',
        params: IdParams,
        body: AdminProcessPayoutBody,
        response: {
          200: Payout,
          ...adminErrors,
          404: routeErrors(E.PAYOUT_NOT_FOUND),
          409: routeErrors(E.PAYOUT_ALREADY_PROCESSED),
        },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      // no status = process it: pay it out (the state machine still refuses a settled one)
      const status = request.body.status ?? 'paid';
      // settled and audit-logged in one transaction
      const run = (db: Parameters<typeof processPayout>[0]) =>
        withTransaction(db, async (tx) => {
          const payout = await processPayout(
            tx,
            admin.id,
            request.params.id,
            status,
            request.body.note,
          );
          await audit(tx, {
            adminId: admin.id,
            action: `payout.${status}`,
            targetType: 'payout',
            targetId: payout.id,
            reason: request.body.note ?? null,
            details: { creatorId: payout.creatorId, amountCents: payout.amountCents },
          });
          return payout;
        });
      // an Idempotency-Key is honoured when sent (a retry replays); without one, the state
      // machine itself refuses a second settlement (409)
      if (!request.headers[IDEMPOTENCY_HEADER]) return run(ctx.db);
      return idempotentRoute(ctx.db, request, reply, admin.id, async (tx) => ({
        status: 200,
        body: await run(tx),
      }));
    },
  );

  app.post(
    '/admin/transactions/:id/refund',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          "Admin: refund a charge (all or part) to the fan's wallet; never more than the original in total",
        params: IdParams,
        body: AdminRefundBody,
        response: {
          200: RefundResponse,
          ...adminErrors,
          400: routeErrors(E.VALIDATION_FAILED, E.IDEMPOTENCY_KEY_REQUIRED),
          404: routeErrors(E.NOT_FOUND),
          409: routeErrors(E.REFUND_EXCEEDS_ORIGINAL, E.CONFLICT),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED, E.NOT_REFUNDABLE, E.REFUND_EXCEEDS_ORIGINAL),
        },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const key = idempotencyKeyOf(request);
      const cents =
        request.body.amount === undefined ? undefined : toCents('amount', request.body.amount);
      return idempotentRoute(ctx.db, request, reply, admin.id, async (tx) => {
        const done = await reverseCharge(ctx, tx, {
          transactionId: request.params.id,
          kind: 'refund',
          externalRef: `admin:${admin.id}:${key}`,
          reason: request.body.reason.trim(),
          actorId: admin.id,
          ...(cents === undefined ? {} : { amountCents: cents }),
        });
        const total = await reversedSoFar(tx, request.params.id);
        const charge = await tx
          .selectFrom('ledger_transactions')
          .select('metadata')
          .where('id', '=', request.params.id)
          .executeTakeFirstOrThrow();
        const left = Number(charge.metadata.grossCents ?? 0) - total;
        await audit(tx, {
          adminId: admin.id,
          action: 'transaction.refund',
          targetType: 'transaction',
          targetId: request.params.id,
          reason: request.body.reason.trim(),
          details: { refundTransactionId: done.transactionId, amountCents: done.reversedCents },
        });
        return {
          status: 200,
          body: {
            ok: true as const,
            transactionId: done.transactionId,
            refundedTransactionId: request.params.id,
            amount: units(done.reversedCents),
            amountCents: done.reversedCents,
            totalRefunded: units(total),
            totalRefundedCents: total,
            refundable: units(left),
            refundableCents: left,
          },
        };
      });
    },
  );

  app.get(
    '/admin/financials',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: totalRevenue, totalPayouts, netRevenue, revenueLast30Days, dailyRevenue, revenueByType (from the ledger)',
        response: { 200: AdminFinancials, ...adminErrors },
      },
    },
    async () => adminFinancials(ctx.db),
  );
}
