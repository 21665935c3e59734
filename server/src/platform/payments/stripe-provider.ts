import type Stripe from 'stripe';
import { lazyModule } from '../lazy-module.ts';
import {
  CardProviderError,
  type CardProvider,
  type ConnectAccountInfo,
  type IntentInfo,
} from './types.ts';

/**
 * The `stripe` provider: the official SDK. `STRIPE_API_BASE` points it at another host (a
 * local fake in the tests, a mock server in development); there is no other difference.
 * SDK failures become CardProviderError: a card decline keeps Stripe's message, anything else
 * reads 'Failed to connect to Stripe' (the details go to the log, not to the client).
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  publishableKey: string | null;
  apiBase: string | null;
}

/** The SDK (~20 MB resident) is loaded by the first Stripe call of a process that uses it. */
const loadStripe = lazyModule(async () => (await import('stripe')).default);

export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const StripeSdk = await loadStripe();
  const config: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Fanspace' },
  };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    if (url.port) config.port = url.port;
  }
  return new StripeSdk(settings.secretKey, config);
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

async function call<T>(
  client: () => Promise<Stripe>,
  fn: (stripe: Stripe) => Promise<T>,
): Promise<T> {
  try {
    return await fn(await client());
  } catch (error) {
    if (error instanceof CardProviderError) throw error;
    const { errors } = await loadStripe();
    if (error instanceof errors.StripeCardError)
      throw new CardProviderError(error.message || 'Your card was declined.', 'declined');
    if (error instanceof errors.StripeInvalidRequestError)
      throw Object.assign(new CardProviderError(error.message, 'invalid'), { cause: error });
    throw Object.assign(new CardProviderError('Failed to connect to Stripe'), { cause: error });
  }
}

function intentInfo(pi: Stripe.PaymentIntent): IntentInfo {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? null,
    status: pi.status,
    amountCents: pi.amount,
    metadata: { ...(pi.metadata ?? {}) },
  };
}

function accountInfo(account: Stripe.Account): ConnectAccountInfo {
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
  };
}

export function createStripeProvider(settings: StripeSettings): CardProvider {
  const client = lazyModule(() => stripeClient(settings));
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    createCustomer: ({ userId, email, username }) =>
      call(client, async (stripe) => {
        const customer = await stripe.customers.create(
          { email, name: username, metadata: { userId } },
          { idempotencyKey: `customer:${userId}` },
        );
        return customer.id;
      }),
    createPaymentIntent: (input) =>
      call(client, async (stripe) => {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            metadata: input.metadata,
            ...(input.customerId ? { customer: input.customerId } : {}),
            ...(input.paymentMethodRef
              ? { payment_method: input.paymentMethodRef, confirm: true, off_session: true }
              : { automatic_payment_methods: { enabled: true } }),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return intentInfo(pi);
      }),
    retrievePaymentIntent: (id) =>
      call(client, async (stripe) => intentInfo(await stripe.paymentIntents.retrieve(id))),
    createSetupIntent: (customerId) =>
      call(client, async (stripe) => {
        const si = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' });
        return { id: si.id, clientSecret: si.client_secret ?? null };
      }),
    checkPaymentMethodRef(ref) {
      // Stripe.js hands out pm_… ids (src_/card_ for legacy sources); anything else is a typo
      if (!/^(pm|card|src)_[A-Za-z0-9_]{1,200}$/.test(ref))
        throw new CardProviderError('Invalid payment method id', 'invalid');
    },
    attachPaymentMethod: (customerId, ref) =>
      call(client, async (stripe) => {
        const pm = await stripe.paymentMethods.attach(ref, { customer: customerId });
        if (!pm.card) throw new CardProviderError('Only cards can be saved', 'invalid');
        return {
          ref: pm.id,
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      }),
    detachPaymentMethod: (ref) =>
      call(client, async (stripe) => {
        await stripe.paymentMethods.detach(ref);
      }),
    setDefaultPaymentMethod: (customerId, ref) =>
      call(client, async (stripe) => {
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: ref },
        });
      }),
    createConnectAccount: ({ userId, email }) =>
      call(client, async (stripe) =>
        accountInfo(
          await stripe.accounts.create(
            { type: 'express', email, metadata: { userId } },
            { idempotencyKey: `connect:${userId}` },
          ),
        ),
      ),
    retrieveConnectAccount: (id) =>
      call(client, async (stripe) => accountInfo(await stripe.accounts.retrieve(id))),
    createAccountLink: (accountId, returnUrl, refreshUrl) =>
      call(client, async (stripe) => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          return_url: returnUrl,
          refresh_url: refreshUrl,
          type: 'account_onboarding',
        });
        return link.url;
      }),
    createLoginLink: (accountId) =>
      call(client, async (stripe) => (await stripe.accounts.createLoginLink(accountId)).url),
    createIdentitySession: ({ userId, returnUrl }) =>
      call(client, async (stripe) => {
        const session = await stripe.identity.verificationSessions.create({
          type: 'document',
          metadata: { userId },
          return_url: returnUrl,
        });
        if (!session.url) throw new CardProviderError('Failed to connect to Stripe');
        return { id: session.id, url: session.url };
      }),
    retrieveIdentitySession: (id) =>
      call(client, async (stripe) => {
        const session = await stripe.identity.verificationSessions.retrieve(id);
        return { id: session.id, status: session.status };
      }),
    createSubscriptionCheckout: (input) =>
      call(client, async (stripe) => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.unitAmountCents,
                  recurring: { interval: 'month' },
                  product_data: { name: input.productName },
                },
              },
            ],
            metadata: input.metadata,
            subscription_data: { metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new CardProviderError('Failed to create checkout session');
        return { id: session.id, url: session.url };
      }),
    createPortalSession: (customerId, returnUrl) =>
      call(client, async (stripe) => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),
    cancelSubscription: (ref, atPeriodEnd) =>
      call(client, async (stripe) => {
        if (atPeriodEnd) await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
        else await stripe.subscriptions.cancel(ref);
      }),
    resumeSubscription: (ref) =>
      call(client, async (stripe) => {
        await stripe.subscriptions.update(ref, { cancel_at_period_end: false });
      }),
    async verifyWebhook(rawBody, signature) {
      if (!settings.webhookSecret)
        throw new CardProviderError('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      if (!signature) throw new CardProviderError('Missing Stripe-Signature header', 'invalid');
      let event: Stripe.Event;
      try {
        event = (await client()).webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
        );
      } catch {
        throw new CardProviderError('Webhook signature verification failed', 'invalid');
      }
      const object = (event.data?.object ?? {}) as unknown as Record<string, unknown>;
      return { id: event.id, type: str(event.type) ?? '', object };
    },
  };
}
