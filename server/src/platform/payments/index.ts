import type { Config } from '../config.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';
import type { CardProvider } from './types.ts';

export * from './types.ts';
export { TEST_CARDS } from './test-provider.ts';

const cache = new WeakMap<Config, CardProvider>();

/** The configured card provider: `stripe` when STRIPE_SECRET_KEY is set, else `test`. */
export function cardProvider(config: Config): CardProvider {
  let provider = cache.get(config);
  if (!provider) {
    provider = config.STRIPE_SECRET_KEY
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
          publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
          apiBase: config.STRIPE_API_BASE ?? null,
        })
      : createTestProvider();
    cache.set(config, provider);
  }
  return provider;
}

export const isStripeConfigured = (config: Config) => Boolean(config.STRIPE_SECRET_KEY);
