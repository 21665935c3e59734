import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * The card provider routes (SPEC §7 "{card-provider}" = stripe), payment methods, card
 * payments ("stripe transactions") and the pro pack (SPEC §3, §4). Amounts on the wire are
 * currency units with `…Cents` twins, like the rest of payments.
 */

export const CARD_PROVIDERS = ['test', 'stripe'] as const;
/** What a card payment buys. */
export const CARD_PAYMENT_TYPES = [
  'wallet_topup',
  'tip',
  'unlock',
  'subscription',
  'pro_pack',
] as const;
export type CardPaymentType = (typeof CARD_PAYMENT_TYPES)[number];
/** The pro pack period (days) and its default monthly price (cents; admin setting proPackPrice). */
export const PRO_PACK = { periodDays: 30, defaultPriceCents: 999 } as const;

const Amount = Type.Number({ description: 'Currency units, at most two decimals' });
const Money = { amount: Type.Number(), amountCents: Type.Integer() };
const ShortText = Type.String({ maxLength: 100 });

export const CardProviderConfig = Type.Object({
  provider: Type.Union([Type.Literal('test'), Type.Literal('stripe')]),
  publishableKey: Nullable(Type.String()),
  /** test provider: the payment method ids that can be saved */
  testCards: Type.Array(
    Type.Object({ paymentMethodId: Type.String(), brand: Type.String(), last4: Type.String() }),
  ),
});
export type CardProviderConfig = Static<typeof CardProviderConfig>;

export const CreatePaymentIntentBody = Type.Object(
  {
    amount: Type.Optional(Amount),
    paymentType: Type.String({ maxLength: 40 }),
    recipientUserId: Type.Optional(Nullable(Uuid)),
    contentId: Type.Optional(Nullable(ShortText)),
    tipType: Type.Optional(Nullable(ShortText)),
    tipperUserId: Type.Optional(Nullable(Uuid)),
    contentType: Type.Optional(Nullable(ShortText)),
    wishlistItemId: Type.Optional(Nullable(ShortText)),
    promotionDetails: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  },
  { additionalProperties: false },
);
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>;

export const ProcessPaymentBody = Type.Object(
  {
    ...CreatePaymentIntentBody.properties,
    /** a saved payment method (id from /payments/payment-methods); default: the default one */
    paymentMethodId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export type ProcessPaymentBody = Static<typeof ProcessPaymentBody>;

/** SPEC §3 Payment intent: id, clientSecret, status, amount, type, recipient. */
export const PaymentIntentResponse = Type.Object({
  id: Uuid,
  paymentIntentId: Type.String(),
  clientSecret: Nullable(Type.String()),
  status: Type.String(),
  ...Money,
  currency: Type.String(),
  type: Type.String(),
  recipient: Nullable(Uuid),
  provider: Type.String(),
  /** what happened in our ledger: null until the provider confirms (webhook) */
  outcome: Nullable(Type.String()),
  transactionId: Nullable(Uuid),
});
export type PaymentIntentResponse = Static<typeof PaymentIntentResponse>;

export const ConnectResponse = Type.Object({
  url: Type.Optional(Type.String()),
  accountVerified: Type.Boolean(),
  accountId: Type.String(),
});
export type ConnectResponse = Static<typeof ConnectResponse>;

export const ConnectStatus = Type.Object({
  provider: Type.String(),
  connected: Type.Boolean(),
  accountId: Nullable(Type.String()),
  accountVerified: Type.Boolean(),
  detailsSubmitted: Type.Boolean(),
  chargesEnabled: Type.Boolean(),
  payoutsEnabled: Type.Boolean(),
});
export type ConnectStatus = Static<typeof ConnectStatus>;

export const UrlResponse = Type.Object({ url: Type.String() });
export type UrlResponse = Static<typeof UrlResponse>;

export const IdentitySessionStatus = Type.Object({
  provider: Type.String(),
  /** the provider session's status, null when no session was started */
  status: Nullable(Type.String()),
  identityStatus: Type.String(),
  verified: Type.Boolean(),
});
export type IdentitySessionStatus = Static<typeof IdentitySessionStatus>;

export const SubscriptionActionBody = Type.Object(
  {
    productType: Type.Optional(
      Type.Union([Type.Literal('pro_pack'), Type.Literal('fan_subscription')]),
    ),
    subscriptionId: Type.Optional(Uuid),
    creatorId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type SubscriptionActionBody = Static<typeof SubscriptionActionBody>;

export const CheckoutBody = Type.Object(
  {
    creatorId: Type.Optional(Nullable(Uuid)),
    productType: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

export const CheckoutResponse = Type.Object({
  url: Type.String(),
  productType: Type.Union([Type.Literal('pro_pack'), Type.Literal('fan_subscription')]),
  sessionId: Nullable(Type.String()),
  /** test provider: paid from the wallet at once; stripe: false until the webhook */
  completed: Type.Boolean(),
  transactionId: Nullable(Uuid),
});
export type CheckoutResponse = Static<typeof CheckoutResponse>;

export const PaymentMethod = Type.Object({
  id: Uuid,
  paymentMethodId: Type.String(),
  provider: Type.String(),
  brand: Type.String(),
  last4: Type.String(),
  expMonth: Type.Integer(),
  expYear: Type.Integer(),
  isDefault: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

export const PaymentMethodList = Type.Object({
  paymentMethods: Type.Array(PaymentMethod),
  defaultPaymentMethodId: Nullable(Uuid),
});
export type PaymentMethodList = Static<typeof PaymentMethodList>;

export const AddPaymentMethodBody = Type.Object(
  {
    paymentMethodId: Type.String({ minLength: 1, maxLength: 100 }),
    setAsDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AddPaymentMethodBody = Static<typeof AddPaymentMethodBody>;

export const PaymentMethodIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type PaymentMethodIdParams = Static<typeof PaymentMethodIdParams>;

export const SetupIntentResponse = Type.Object({
  setupIntentId: Type.String(),
  clientSecret: Nullable(Type.String()),
  provider: Type.String(),
});
export type SetupIntentResponse = Static<typeof SetupIntentResponse>;

export const CardPayment = Type.Object({
  id: Uuid,
  paymentIntentId: Type.String(),
  provider: Type.String(),
  ...Money,
  currency: Type.String(),
  status: Type.String(),
  type: Type.String(),
  recipient: Nullable(Uuid),
  outcome: Nullable(Type.String()),
  failureReason: Nullable(Type.String()),
  refunded: Type.Number(),
  refundedCents: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type CardPayment = Static<typeof CardPayment>;

export const CardPaymentDetails = Type.Object({
  ...CardPayment.properties,
  details: Type.Record(Type.String(), Type.Unknown()),
  ledger: Type.Array(
    Type.Object({
      transactionId: Uuid,
      kind: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
      ...Money,
    }),
  ),
});
export type CardPaymentDetails = Static<typeof CardPaymentDetails>;

export const CardPaymentsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type CardPaymentsQuery = Static<typeof CardPaymentsQuery>;

export const CardPaymentsPage = Type.Object({
  transactions: Type.Array(CardPayment),
  currentPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  hasMore: Type.Boolean(),
});
export type CardPaymentsPage = Static<typeof CardPaymentsPage>;

export const SyncResponse = Type.Object({
  provider: Type.String(),
  checked: Type.Integer(),
  updated: Type.Integer(),
});
export type SyncResponse = Static<typeof SyncResponse>;

export const ProPackEvent = Type.Object({
  id: Uuid,
  kind: Type.String(),
  ...Money,
  periodEnd: Nullable(Type.String({ format: 'date-time' })),
  transactionId: Nullable(Uuid),
  provider: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type ProPackEvent = Static<typeof ProPackEvent>;

export const ProPackTransactions = Type.Object({ transactions: Type.Array(ProPackEvent) });
export type ProPackTransactions = Static<typeof ProPackTransactions>;

/** SPEC §3 pro pack fields plus the price and what the buyer can do now. */
export const ProPackStatus = Type.Object({
  provider: Type.String(),
  price: Type.Number(),
  priceCents: Type.Integer(),
  currency: Type.String(),
  periodDays: Type.Integer(),
  proPackActiveUntil: Nullable(Type.String({ format: 'date-time' })),
  proPackSubscriptionStatus: Nullable(Type.String()),
  proPackCanceledAt: Nullable(Type.String({ format: 'date-time' })),
  hasProPack: Type.Boolean(),
  hasActiveProPack: Type.Boolean(),
  benefits: Type.Array(Type.String()),
});
export type ProPackStatus = Static<typeof ProPackStatus>;

export const ProPackActionResponse = Type.Object({
  ok: Type.Literal(true),
  message: Type.String(),
  proPack: ProPackStatus,
  subscription: Type.Optional(Type.Unknown()),
});
export type ProPackActionResponse = Static<typeof ProPackActionResponse>;

export const WebhookAck = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
  outcome: Type.String(),
});
export type WebhookAck = Static<typeof WebhookAck>;
