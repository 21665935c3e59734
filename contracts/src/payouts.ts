import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';
import { EarningsOverview } from './payments.ts';

/**
 * Payouts, refunds/chargebacks, the detailed earnings overview and admin financials (SPEC §3
 * "Admin financials", §7 "Payments and earnings" and "Admin", issue 5). Amounts on the wire are
 * currency units with `…Cents` twins.
 */

/** DESIGN.md "Money rules": minimum payout 20.00. */
export const PAYOUT_MIN_CENTS = 2000;
export const PAYOUT_SCHEDULES = ['manual', 'weekly', 'monthly'] as const;
export type PayoutScheduleName = (typeof PAYOUT_SCHEDULES)[number];
export const PAYOUT_STATUSES = ['requested', 'processing', 'paid', 'failed'] as const;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];

const Amount = Type.Number({ description: 'Currency units, at most two decimals' });
const Money = { amount: Type.Number(), amountCents: Type.Integer() };
const strict = { additionalProperties: false };
const StatusSchema = Type.Union([
  Type.Literal('requested'),
  Type.Literal('processing'),
  Type.Literal('paid'),
  Type.Literal('failed'),
]);
const ScheduleSchema = Type.Union([
  Type.Literal('manual'),
  Type.Literal('weekly'),
  Type.Literal('monthly'),
]);

/** POST /earnings/payout and /wallet/withdraw. */
export const PayoutAmountBody = Type.Object({ amount: Amount }, strict);
export type PayoutAmountBody = Static<typeof PayoutAmountBody>;

/** POST /payments/payouts/request: amount defaults to the whole available balance. */
export const PayoutRequestBody = Type.Object({ amount: Type.Optional(Amount) }, strict);
export type PayoutRequestBody = Static<typeof PayoutRequestBody>;

export const Payout = Type.Object({
  id: Uuid,
  creatorId: Uuid,
  ...Money,
  currency: Type.String(),
  status: StatusSchema,
  /** manual request, or created by the weekly / monthly schedule */
  source: ScheduleSchema,
  method: Nullable(Type.String()),
  destinationLast4: Nullable(Type.String()),
  note: Nullable(Type.String()),
  requestedAt: Type.String({ format: 'date-time' }),
  processedAt: Nullable(Type.String({ format: 'date-time' })),
  creator: Type.Optional(
    Type.Object({ id: Uuid, username: Type.String(), displayName: Nullable(Type.String()) }),
  ),
});
export type Payout = Static<typeof Payout>;

export const PayoutResponse = Type.Object({
  payout: Payout,
  available: Type.Number(),
  availableCents: Type.Integer(),
  message: Type.String(),
});
export type PayoutResponse = Static<typeof PayoutResponse>;

export const PayoutsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  status: Type.Optional(StatusSchema),
});
export type PayoutsQuery = Static<typeof PayoutsQuery>;

export const PayoutsPage = Type.Object({
  payouts: Type.Array(Payout),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 1 }),
  hasMore: Type.Boolean(),
});
export type PayoutsPage = Static<typeof PayoutsPage>;

export const PayoutScheduleBody = Type.Object({ schedule: ScheduleSchema }, strict);
export type PayoutScheduleBody = Static<typeof PayoutScheduleBody>;

export const PayoutScheduleView = Type.Object({
  schedule: ScheduleSchema,
  /** when the schedule next creates a request (null for manual) */
  nextRunAt: Nullable(Type.String({ format: 'date-time' })),
  minimumPayout: Type.Number(),
  minimumPayoutCents: Type.Integer(),
  payoutSettingsConfigured: Type.Boolean(),
});
export type PayoutScheduleView = Static<typeof PayoutScheduleView>;

/** POST /admin/payouts/{id}/process: the spec sends no body, so status defaults to 'paid'. */
export const AdminProcessPayoutBody = Type.Object(
  {
    status: Type.Optional(
      Type.Union([Type.Literal('processing'), Type.Literal('paid'), Type.Literal('failed')], {
        default: 'paid',
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  strict,
);
export type AdminProcessPayoutBody = Static<typeof AdminProcessPayoutBody>;

/** POST /admin/transactions/{id}/refund: amount defaults to everything still refundable. */
export const AdminRefundBody = Type.Object(
  {
    amount: Type.Optional(Amount),
    reason: Type.String({ minLength: 1, maxLength: 500 }),
  },
  strict,
);
export type AdminRefundBody = Static<typeof AdminRefundBody>;

export const RefundResponse = Type.Object({
  ok: Type.Literal(true),
  transactionId: Uuid,
  refundedTransactionId: Uuid,
  ...Money,
  /** everything reversed of the charge so far, and what is left */
  totalRefunded: Type.Number(),
  totalRefundedCents: Type.Integer(),
  refundable: Type.Number(),
  refundableCents: Type.Integer(),
});
export type RefundResponse = Static<typeof RefundResponse>;

const Explained = { ...Money, explanation: Type.String() };

/** GET /earnings/overview: the 30-day figures plus every step of where the money is. */
export const EarningsRelease = Type.Object({
  availableAt: Type.String({ format: 'date-time' }),
  ...Money,
});
export const EarningsOverviewDetailed = Type.Object({
  ...EarningsOverview.properties,
  /** every step, lifetime: gross → fee → net → pending → available → in flight → paid out */
  steps: Type.Object({
    gross: Type.Object(Explained),
    fee: Type.Object(Explained),
    refunded: Type.Object(Explained),
    net: Type.Object(Explained),
    pending: Type.Object(Explained),
    available: Type.Object(Explained),
    inFlight: Type.Object(Explained),
    paidOut: Type.Object(Explained),
    owed: Type.Object(Explained),
  }),
  releases: Type.Array(EarningsRelease),
  owed: Type.Number(),
  owedCents: Type.Integer(),
  paidOut: Type.Number(),
  paidOutCents: Type.Integer(),
  inFlight: Type.Number(),
  inFlightCents: Type.Integer(),
  canRequestPayout: Type.Boolean(),
  minimumPayout: Type.Number(),
  minimumPayoutCents: Type.Integer(),
});
export type EarningsOverviewDetailed = Static<typeof EarningsOverviewDetailed>;

export const DailyRevenue = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  amount: Type.Number(),
  amountCents: Type.Integer(),
});

/**
 * GET /admin/financials. totalRevenue: what fans paid for unlocks, tips and subscriptions,
 * minus refunds and chargebacks; totalPayouts: paid out to creators; netRevenue: totalRevenue −
 * totalPayouts; platformFees: the platform's own fee income (net of reversals).
 */
export const AdminFinancials = Type.Object({
  currency: Type.String(),
  totalRevenue: Type.Number(),
  totalRevenueCents: Type.Integer(),
  totalPayouts: Type.Number(),
  totalPayoutsCents: Type.Integer(),
  netRevenue: Type.Number(),
  netRevenueCents: Type.Integer(),
  revenueLast30Days: Type.Number(),
  revenueLast30DaysCents: Type.Integer(),
  dailyRevenue: Type.Array(DailyRevenue),
  revenueByType: Type.Record(Type.String(), Type.Number()),
  revenueByTypeCents: Type.Record(Type.String(), Type.Integer()),
  platformFees: Type.Number(),
  platformFeesCents: Type.Integer(),
  refunds: Type.Number(),
  refundsCents: Type.Integer(),
  pendingPayouts: Type.Number(),
  pendingPayoutsCents: Type.Integer(),
  generatedAt: Type.String({ format: 'date-time' }),
});
export type AdminFinancials = Static<typeof AdminFinancials>;
