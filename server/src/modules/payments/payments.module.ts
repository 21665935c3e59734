import type { App } from '../../platform/http/app.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { cardProviderRoutes } from './card-provider.routes.ts';
import { paymentMethodsRoutes } from './payment-methods.routes.ts';
import { stripeTransactionsRoutes } from './stripe-transactions.routes.ts';
import { stripeWebhooksRoutes } from './stripe-webhooks.routes.ts';

/** Money routes (docs/ARCHITECTURE.md "Money"). */
export async function paymentsModule(app: App) {
  await app.register(paymentsRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(cardProviderRoutes);
  await app.register(paymentMethodsRoutes);
  await app.register(stripeTransactionsRoutes);
  await app.register(stripeWebhooksRoutes);
  await app.register(payoutsRoutes);
}
