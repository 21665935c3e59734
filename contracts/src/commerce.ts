import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common.ts';

/**
 * Commerce extras (SPEC §3 Wishlist item, Q and A item; §7 "Other families": promotions,
 * discounts, promo codes, wishlist, tax documents; Q and A). Amounts on the wire are currency
 * units with `…Cents` twins, like the rest of payments.
 */

const Amount = Type.Number({ description: 'Currency units, at most two decimals' });
const DateTime = Type.String({ format: 'date-time' });

export const COMMERCE_LIMITS = {
  wishlistTitle: 120,
  wishlistDescription: 1000,
  /** goal bounds in cents */
  wishlistGoal: { min: 100, max: 10_000_000 },
  question: 300,
  answer: 2000,
  qandaPerCreator: 100,
  promoCode: { min: 3, max: 32 },
  trialDays: { min: 1, max: 90 },
  taxDocumentBytes: 10 * 1024 * 1024,
} as const;

// ---------- wishlist ----------

export const WishlistItem = Type.Object({
  id: Uuid,
  creatorId: Uuid,
  title: Type.String(),
  description: Type.String(),
  goalAmount: Type.Number(),
  goalCents: Type.Integer(),
  fundedAmount: Type.Number(),
  fundedCents: Type.Integer(),
  /** funded / goal in whole percent, at most 100 */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  completed: Type.Boolean(),
  completedAt: Nullable(DateTime),
  imageUrl: Nullable(Type.String()),
  createdAt: DateTime,
});
export type WishlistItem = Static<typeof WishlistItem>;

const ImageUrl = Type.String({
  maxLength: 500,
  pattern: '^(https?://|/)[^\\s]*$',
  description: 'https URL or a site path (e.g. a public media URL)',
});

export const CreateWishlistItemBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: COMMERCE_LIMITS.wishlistTitle }),
    description: Type.Optional(Type.String({ maxLength: COMMERCE_LIMITS.wishlistDescription })),
    goalAmount: Amount,
    imageUrl: Type.Optional(Nullable(ImageUrl)),
  },
  { additionalProperties: false },
);
export type CreateWishlistItemBody = Static<typeof CreateWishlistItemBody>;

export const UpdateWishlistItemBody = Type.Partial(CreateWishlistItemBody, {
  additionalProperties: false,
});
export type UpdateWishlistItemBody = Static<typeof UpdateWishlistItemBody>;

/** Whose list: userId, or creatorId as its alias (userId wins when both are sent). */
export const OwnerQuery = Type.Object({
  userId: Type.Optional(Uuid),
  creatorId: Type.Optional(Uuid),
});
export type OwnerQuery = Static<typeof OwnerQuery>;

/** GET /wishlist/user/{userId}: the path form of OwnerQuery (as /widgets/user/{userId}). */
export const OwnerParams = Type.Object({ userId: Uuid });
export type OwnerParams = Static<typeof OwnerParams>;

/**
 * The id of a read by id (GET …/{id}): any short string, so that a malformed id is the same
 * 404 as an unknown one (the services check the uuid shape before querying).
 */
export const CommerceLookupParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type CommerceLookupParams = Static<typeof CommerceLookupParams>;

export const WishlistResponse = Type.Object({ items: Type.Array(WishlistItem) });
export type WishlistResponse = Static<typeof WishlistResponse>;

// ---------- Q and A ----------

export const QandaItem = Type.Object({
  id: Uuid,
  creatorId: Uuid,
  question: Type.String(),
  answer: Type.String(),
  createdAt: DateTime,
});
export type QandaItem = Static<typeof QandaItem>;

export const CreateQandaBody = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: COMMERCE_LIMITS.question }),
    answer: Type.String({ minLength: 1, maxLength: COMMERCE_LIMITS.answer }),
  },
  { additionalProperties: false },
);
export type CreateQandaBody = Static<typeof CreateQandaBody>;

export const QandaResponse = Type.Object({ items: Type.Array(QandaItem) });
export type QandaResponse = Static<typeof QandaResponse>;

// ---------- promotions (subscription campaigns) ----------

export const PROMOTION_KINDS = ['free_trial', 'discount'] as const;
const PromotionKind = Type.Union([Type.Literal('free_trial'), Type.Literal('discount')]);
export const OFFER_STATUSES = ['active', 'expired', 'used_up', 'ended'] as const;
const OfferStatus = Type.Union([
  Type.Literal('active'),
  Type.Literal('expired'),
  Type.Literal('used_up'),
  Type.Literal('ended'),
]);

export const Promotion = Type.Object({
  id: Uuid,
  creatorId: Uuid,
  kind: PromotionKind,
  title: Type.String(),
  discountPercent: Nullable(Type.Integer()),
  trialDays: Nullable(Type.Integer()),
  maxUses: Nullable(Type.Integer()),
  usesCount: Type.Integer(),
  expiresAt: Nullable(DateTime),
  status: OfferStatus,
  /** the public claim link, e.g. PUBLIC_URL/promotions/claim/<token> */
  claimUrl: Type.String(),
  claimToken: Type.String(),
  /** the creator's normal price and what the first period costs through this promotion */
  price: Type.Number(),
  priceCents: Type.Integer(),
  promoPrice: Type.Number(),
  promoPriceCents: Type.Integer(),
  createdAt: DateTime,
});
export type Promotion = Static<typeof Promotion>;

const PromotionFields = {
  title: Type.Optional(Type.String({ maxLength: 120 })),
  discountPercent: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100 }))),
  trialDays: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: COMMERCE_LIMITS.trialDays.min,
        maximum: COMMERCE_LIMITS.trialDays.max,
      }),
    ),
  ),
  maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
  expiresAt: Type.Optional(Nullable(DateTime)),
};

export const CreatePromotionBody = Type.Object(
  {
    /** default: free_trial when only trialDays is sent, discount when only discountPercent */
    kind: Type.Optional(PromotionKind),
    ...PromotionFields,
  },
  { additionalProperties: false },
);
export type CreatePromotionBody = Static<typeof CreatePromotionBody>;

/**
 * PUT /promotions/{id}: title, maxUses (not below the uses so far; null: unlimited) and
 * expiresAt (future, or null) any time; discountPercent or trialDays only while nobody has
 * claimed it. The kind never changes.
 */
export const UpdatePromotionBody = Type.Object(PromotionFields, { additionalProperties: false });
export type UpdatePromotionBody = Static<typeof UpdatePromotionBody>;

export const PromotionList = Type.Object({ promotions: Type.Array(Promotion) });
export type PromotionList = Static<typeof PromotionList>;

/** GET /discounts: `discounts` is the same array as `promotions` (both names are in use). */
export const DiscountsResponse = Type.Object({
  promotions: Type.Array(Promotion),
  discounts: Type.Array(Promotion),
});
export type DiscountsResponse = Static<typeof DiscountsResponse>;

export const ClaimTokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
export type ClaimTokenParams = Static<typeof ClaimTokenParams>;

/**
 * What anyone holding a claim link may see of the promotion (no account needed): the offer,
 * its expiry and how many claims are left – not the link itself, the uses so far or the
 * creator's bookkeeping.
 */
export const PublicPromotion = Type.Object({
  id: Uuid,
  kind: PromotionKind,
  title: Type.String(),
  discountPercent: Nullable(Type.Integer()),
  trialDays: Nullable(Type.Integer()),
  expiresAt: Nullable(DateTime),
  status: OfferStatus,
  /** claims left before the promotion is used up; null: unlimited */
  remainingClaims: Nullable(Type.Integer()),
  price: Type.Number(),
  priceCents: Type.Integer(),
  promoPrice: Type.Number(),
  promoPriceCents: Type.Integer(),
});
export type PublicPromotion = Static<typeof PublicPromotion>;

export const PromotionClaimInfo = Type.Object({
  promotion: PublicPromotion,
  creator: Type.Object({
    id: Uuid,
    username: Type.String(),
    displayName: Nullable(Type.String()),
    avatarUrl: Nullable(Type.String()),
  }),
});
export type PromotionClaimInfo = Static<typeof PromotionClaimInfo>;

/** creatorId defaults to the signed-in caller (as GET /wishlist's userId does). */
export const DiscountsQuery = Type.Object({ creatorId: Type.Optional(Uuid) });
export type DiscountsQuery = Static<typeof DiscountsQuery>;

// ---------- promo codes (checkout discounts) ----------

export const PROMO_CODE_TARGETS = ['all', 'subscription', 'unlock'] as const;
export const CHECKOUT_PURPOSES = ['subscription', 'unlock'] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];
const PromoCodeTarget = Type.Union([
  Type.Literal('all'),
  Type.Literal('subscription'),
  Type.Literal('unlock'),
]);
const CheckoutPurposeSchema = Type.Union([Type.Literal('subscription'), Type.Literal('unlock')]);

export const PromoCode = Type.Object({
  id: Uuid,
  code: Type.String(),
  percentOff: Type.Integer(),
  appliesTo: PromoCodeTarget,
  maxUses: Nullable(Type.Integer()),
  usesCount: Type.Integer(),
  expiresAt: Nullable(DateTime),
  status: OfferStatus,
  createdAt: DateTime,
});
export type PromoCode = Static<typeof PromoCode>;

export const PromoCodeText = Type.String({
  minLength: COMMERCE_LIMITS.promoCode.min,
  maxLength: COMMERCE_LIMITS.promoCode.max,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'letters, digits, _ and -; case-insensitive',
});

const PercentOff = Type.Integer({ minimum: 1, maximum: 100 });
const PromoCodeFields = {
  appliesTo: Type.Optional(PromoCodeTarget),
  maxUses: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
  expiresAt: Type.Optional(Nullable(DateTime)),
};

/** percentOff is required; discountPercent is accepted as its alias (percentOff wins). */
export const CreatePromoCodeBody = Type.Object(
  {
    code: PromoCodeText,
    percentOff: Type.Optional(PercentOff),
    discountPercent: Type.Optional(PercentOff),
    ...PromoCodeFields,
  },
  { additionalProperties: false },
);
export type CreatePromoCodeBody = Static<typeof CreatePromoCodeBody>;

/**
 * PUT /promo-codes/{id}: maxUses (not below the uses so far; null: unlimited) and expiresAt
 * (future, or null) any time; percentOff and appliesTo only while the code is unused. The code
 * text never changes (fans may already hold it).
 */
export const UpdatePromoCodeBody = Type.Object(
  { percentOff: Type.Optional(PercentOff), ...PromoCodeFields },
  { additionalProperties: false },
);
export type UpdatePromoCodeBody = Static<typeof UpdatePromoCodeBody>;

export const PromoCodeList = Type.Object({ codes: Type.Array(PromoCode) });
export type PromoCodeList = Static<typeof PromoCodeList>;

export const ValidatePromoCodeBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64 }),
    purpose: CheckoutPurposeSchema,
    /** subscription: the creator; unlock: the post */
    targetId: Uuid,
  },
  { additionalProperties: false },
);
export type ValidatePromoCodeBody = Static<typeof ValidatePromoCodeBody>;

export const PromoQuote = Type.Object({
  valid: Type.Literal(true),
  code: Type.String(),
  percentOff: Type.Integer(),
  originalPrice: Type.Number(),
  originalPriceCents: Type.Integer(),
  price: Type.Number(),
  priceCents: Type.Integer(),
  discount: Type.Number(),
  discountCents: Type.Integer(),
});
export type PromoQuote = Static<typeof PromoQuote>;

/** Optional body of POST /posts/{id}/unlock. */
export const UnlockBody = Type.Object(
  { promoCode: Type.Optional(Nullable(Type.String({ maxLength: 64 }))) },
  { additionalProperties: false },
);
export type UnlockBody = Static<typeof UnlockBody>;

// ---------- tax documents ----------

export const TaxDocument = Type.Object({
  id: Uuid,
  userId: Uuid,
  year: Type.Integer(),
  title: Type.String(),
  filename: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  /** GET this (signed in as the owner or an admin) to download */
  downloadUrl: Type.String(),
  createdAt: DateTime,
});
export type TaxDocument = Static<typeof TaxDocument>;

export const TaxDocumentList = Type.Object({ documents: Type.Array(TaxDocument) });
export type TaxDocumentList = Static<typeof TaxDocumentList>;

export const TaxYearSummary = Type.Object({
  year: Type.Integer(),
  grossCents: Type.Integer(),
  feesCents: Type.Integer(),
  refundsCents: Type.Integer(),
  netCents: Type.Integer(),
  paidOutCents: Type.Integer(),
  gross: Type.Number(),
  fees: Type.Number(),
  refunds: Type.Number(),
  net: Type.Number(),
  paidOut: Type.Number(),
  transactionCount: Type.Integer(),
});
export type TaxYearSummary = Static<typeof TaxYearSummary>;

export const TaxStatementList = Type.Object({ years: Type.Array(TaxYearSummary) });
export type TaxStatementList = Static<typeof TaxStatementList>;

export const TaxYearParams = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });
export type TaxYearParams = Static<typeof TaxYearParams>;

export const TaxStatementQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('pdf')])),
});
export type TaxStatementQuery = Static<typeof TaxStatementQuery>;
