import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';
import { WishlistItem } from './commerce.ts';

/**
 * Payments, wallet, tips, subscriptions, earnings and the ledger check (SPEC §7, issue 5).
 * Amounts on the wire are currency units (numbers with at most two decimals, converted to
 * integer cents once at the edge); responses add `…Cents` twins.
 */

export const CURRENCY = 'USD';
/** Bounds in cents (DESIGN.md "Money rules"). */
export const MONEY_LIMITS = {
  topUp: { min: 100, max: 100_000 },
  tip: { min: 100, max: 20_000 },
  defaultTestFunds: 10,
} as const;
export const TIP_TYPES = ['post', 'profile', 'chat', 'wishlist'] as const;
/** The header every money POST must carry (any string of 1–255 characters, per user). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * SPEC §5, word for word: a payment call without a signed-in user (the server's 401 on 'payer'
 * routes; the web client says the same without sending).
 */
export const PAYER_UNAUTHENTICATED_MESSAGE = 'You must be logged in to make a payment.';

const Amount = Type.Number({ description: 'Currency units, at most two decimals' });
const Money = { amount: Type.Number(), amountCents: Type.Integer() };

export const AddTestFundsBody = Type.Object(
  { amount: Type.Optional(Amount) },
  { additionalProperties: false },
);
export type AddTestFundsBody = Static<typeof AddTestFundsBody>;

export const AddFundsBody = Type.Object({ amount: Amount }, { additionalProperties: false });
export type AddFundsBody = Static<typeof AddFundsBody>;

export const WalletBalance = Type.Object({
  balance: Type.Number(),
  balanceCents: Type.Integer(),
  currency: Type.String(),
});
export type WalletBalance = Static<typeof WalletBalance>;

export const WalletTopUp = Type.Object({
  ...WalletBalance.properties,
  ...Money,
  transactionId: Uuid,
  provider: Type.String(),
});
export type WalletTopUp = Static<typeof WalletTopUp>;

export const UnlockResponse = Type.Object({
  ok: Type.Literal(true),
  postId: Uuid,
  isUnlocked: Type.Literal(true),
  price: Type.Number(),
  priceCents: Type.Integer(),
  /** null when a 100% promo code made it free */
  transactionId: Nullable(Uuid),
  purchasedAt: Type.String({ format: 'date-time' }),
});
export type UnlockResponse = Static<typeof UnlockResponse>;

export const TipBody = Type.Object(
  {
    recipientUserId: Uuid,
    amount: Amount,
    tipType: Type.Union(TIP_TYPES.map((t) => Type.Literal(t))),
    contentId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export type TipBody = Static<typeof TipBody>;

/** How a charge was split: gross = fee + creatorShare exactly. */
export const FeeSplit = Type.Object({
  gross: Type.Number(),
  grossCents: Type.Integer(),
  fee: Type.Number(),
  feeCents: Type.Integer(),
  creatorShare: Type.Number(),
  creatorShareCents: Type.Integer(),
  feePercent: Type.Number(),
});
export type FeeSplit = Static<typeof FeeSplit>;

export const TipResponse = Type.Object({
  ok: Type.Literal(true),
  transactionId: Uuid,
  recipientUserId: Uuid,
  tipType: Type.String(),
  contentId: Nullable(Type.String()),
  ...Money,
  split: FeeSplit,
  /** a wishlist tip: the item with its new progress */
  wishlistItem: Type.Optional(WishlistItem),
});
export type TipResponse = Static<typeof TipResponse>;

export const SubscribeBody = Type.Object(
  {
    creatorId: Uuid,
    /** a creator's promo code (checkout discount on the first period) */
    promoCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

export const RecurringBody = Type.Object(
  { isRecurring: Type.Boolean() },
  { additionalProperties: false },
);
export type RecurringBody = Static<typeof RecurringBody>;

export const SubscriptionCreator = Type.Object({
  id: Uuid,
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
});

export const Subscription = Type.Object({
  id: Uuid,
  subscriberId: Uuid,
  creatorId: Uuid,
  status: Type.Union([Type.Literal('active'), Type.Literal('canceled'), Type.Literal('expired')]),
  currentPeriodEnd: Type.String({ format: 'date-time' }),
  isRecurring: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  price: Type.Number(),
  priceCents: Type.Integer(),
  creator: Type.Optional(SubscriptionCreator),
});
export type Subscription = Static<typeof Subscription>;

export const SubscribeResponse = Type.Object({
  subscription: Subscription,
  charged: Type.Boolean(),
  transactionId: Nullable(Uuid),
});
export type SubscribeResponse = Static<typeof SubscribeResponse>;

export const SubscriptionList = Type.Object({ subscriptions: Type.Array(Subscription) });
export type SubscriptionList = Static<typeof SubscriptionList>;

export const TransactionsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type TransactionsQuery = Static<typeof TransactionsQuery>;

export const TransactionLine = Type.Object({
  id: Uuid,
  type: Type.String(),
  ...Money,
  direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
  account: Type.String(),
  counterparty: Nullable(
    Type.Object({ id: Uuid, username: Type.String(), displayName: Nullable(Type.String()) }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  explanation: Type.String(),
  breakdown: Type.Array(Type.Object({ label: Type.String(), ...Money })),
});
export type TransactionLine = Static<typeof TransactionLine>;

export const TransactionsPage = Type.Object({
  transactions: Type.Array(TransactionLine),
  totalPages: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 1 }),
  hasMore: Type.Boolean(),
});
export type TransactionsPage = Static<typeof TransactionsPage>;

export const EarningsOverview = Type.Object({
  currency: Type.String(),
  feePercent: Type.Number(),
  gross: Type.Number(),
  grossCents: Type.Integer(),
  fees: Type.Number(),
  feesCents: Type.Integer(),
  net: Type.Number(),
  netCents: Type.Integer(),
  pending: Type.Number(),
  pendingCents: Type.Integer(),
  nextReleaseAt: Nullable(Type.String({ format: 'date-time' })),
  nextReleaseAmountCents: Type.Integer(),
  available: Type.Number(),
  availableCents: Type.Integer(),
  lifetime: Type.Number(),
  lifetimeCents: Type.Integer(),
});
export type EarningsOverview = Static<typeof EarningsOverview>;

export const LedgerInvariant = Type.Object({
  name: Type.String(),
  description: Type.String(),
  ok: Type.Boolean(),
  failures: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export const LedgerVerifyReport = Type.Object({
  ok: Type.Boolean(),
  checkedAt: Type.String({ format: 'date-time' }),
  invariants: Type.Array(LedgerInvariant),
});
export type LedgerVerifyReport = Static<typeof LedgerVerifyReport>;

export const PersonalizedPrice = Type.Object({
  price: Type.Number(),
  priceCents: Type.Integer(),
  currency: Type.String(),
  discount: Type.Null(),
});
export type PersonalizedPrice = Static<typeof PersonalizedPrice>;

export const CreatorIdParams = Type.Object({ creatorId: Uuid });
export type CreatorIdParams = Static<typeof CreatorIdParams>;
