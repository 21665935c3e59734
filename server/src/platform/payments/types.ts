/**
 * The card provider (DESIGN.md "Payments"): the one place that talks to an outside processor.
 * Two implementations: `test` (the default, in process, documented simulations) and `stripe`
 * (the official SDK, when STRIPE_SECRET_KEY is set). Money only ever moves in our ledger; the
 * provider tells us that outside money arrived (synchronously for `test`, by a signed webhook
 * for `stripe`).
 */

export type CardProviderName = 'test' | 'stripe';

export interface CardDetails {
  /** the provider's id of the payment method (pm_…) */
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface IntentInfo {
  id: string;
  clientSecret: string | null;
  status: IntentStatus | string;
  amountCents: number;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** charge this saved method now (POST /payments/process) */
  paymentMethodRef?: string;
}

export interface ConnectAccountInfo {
  id: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface CheckoutInput {
  customerId: string;
  productName: string;
  unitAmountCents: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** the event's object (PaymentIntent, Charge, Checkout Session, Invoice, Subscription, Account…) */
  object: Record<string, unknown>;
}

/** A provider call failed (network, declined, refused); the message is safe to show. */
export class CardProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'declined' | 'unavailable' | 'invalid' = 'unavailable',
  ) {
    super(message);
    this.name = 'CardProviderError';
  }
}

export interface CardProvider {
  readonly name: CardProviderName;
  /** the publishable key for Stripe.js (null for `test`) */
  readonly publishableKey: string | null;
  createCustomer(input: { userId: string; email: string; username: string }): Promise<string>;
  createPaymentIntent(input: CreateIntentInput): Promise<IntentInfo>;
  retrievePaymentIntent(id: string): Promise<IntentInfo>;
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string | null }>;
  /**
   * Refuses (CardProviderError 'invalid') a payment method id that cannot be one, before any
   * customer is created for it: a refused card must leave nothing behind.
   */
  checkPaymentMethodRef(ref: string): void;
  /** details of a payment method, attached to the customer */
  attachPaymentMethod(customerId: string, ref: string): Promise<CardDetails>;
  detachPaymentMethod(ref: string): Promise<void>;
  setDefaultPaymentMethod(customerId: string, ref: string): Promise<void>;
  createConnectAccount(input: { userId: string; email: string }): Promise<ConnectAccountInfo>;
  retrieveConnectAccount(id: string): Promise<ConnectAccountInfo>;
  createAccountLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  createLoginLink(accountId: string): Promise<string>;
  createIdentitySession(input: {
    userId: string;
    returnUrl: string;
  }): Promise<{ id: string; url: string }>;
  retrieveIdentitySession(id: string): Promise<{ id: string; status: string }>;
  createSubscriptionCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  cancelSubscription(ref: string, atPeriodEnd: boolean): Promise<void>;
  resumeSubscription(ref: string): Promise<void>;
  /** verifies the signature of a webhook body; throws CardProviderError('invalid') */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}
