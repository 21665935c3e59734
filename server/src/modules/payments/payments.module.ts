import type { App } from '../../platform/http/app.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';

/** Money routes (docs/ARCHITECTURE.md "Money"). */
export async function paymentsModule(app: App) {
  await app.register(paymentsRoutes);
  await app.register(subscriptionsRoutes);
}
