import {
  AddPaymentMethodBody,
  ErrorCodes,
  OkResponse,
  PaymentMethod,
  PaymentMethodIdParams,
  PaymentMethodList,
  routeErrors,
} from '@fanspace/contracts';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { currentUser } from '../graph/route-helpers.ts';
import { payer } from './payer.ts';
import { MoneyLimits } from './payments.limits.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods.service.ts';

const tags = ['payment methods'];
const E = ErrorCodes;
const notFound = { 404: routeErrors(E.PAYMENT_METHOD_NOT_FOUND) };
const providerErrors = {
  400: routeErrors(E.VALIDATION_FAILED, E.CARD_PROVIDER_ERROR),
  402: routeErrors(E.CARD_DECLINED),
  503: routeErrors(E.CARD_PAYMENTS_NOT_CONFIGURED),
};
const RemoveResponse = Type.Object({ ...OkResponse.properties, id: Type.String() });

/** Saved payment methods, both families of SPEC §7 (/payments/methods, /payments/payment-methods). */
export async function paymentMethodsRoutes(app: App) {
  const { ctx } = app;

  for (const path of ['/payments/methods', '/payments/payment-methods']) {
    app.get(
      path,
      {
        config: { auth: 'user', rateLimit: MoneyLimits.read },
        schema: {
          tags,
          summary: "The caller's saved payment methods, default first",
          response: { 200: PaymentMethodList },
        },
      },
      async (request) => listPaymentMethods(ctx.db, currentUser(request).id),
    );

    app.post(
      path,
      {
        config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
        schema: {
          tags,
          summary:
            'Save a payment method by its provider id (Stripe: pm_… from Stripe.js; test: pm_card_visa, pm_card_mastercard, pm_card_amex, pm_card_chargeDeclined)',
          body: AddPaymentMethodBody,
          response: { 201: PaymentMethod, ...providerErrors },
        },
      },
      async (request, reply) => {
        const user = payer(request);
        const method = await addPaymentMethod(
          ctx,
          user,
          request.body.paymentMethodId,
          request.body.setAsDefault ?? false,
        );
        reply.code(201);
        return method;
      },
    );
  }

  app.delete(
    '/payments/payment-methods/:id',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Remove a saved payment method (ours or the provider id)',
        params: PaymentMethodIdParams,
        response: { 200: RemoveResponse, ...notFound, ...providerErrors },
      },
    },
    async (request) => removePaymentMethod(ctx, payer(request).id, request.params.id),
  );

  app.put(
    '/payments/payment-methods/:id/default',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.topUp },
      schema: {
        tags,
        summary: 'Make a saved payment method the default',
        params: PaymentMethodIdParams,
        response: { 200: PaymentMethod, ...notFound, ...providerErrors },
      },
    },
    async (request) => setDefaultPaymentMethod(ctx, payer(request).id, request.params.id),
  );
}
