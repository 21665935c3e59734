import {
  ErrorCodes,
  type CreatePromotionBody,
  type Promotion,
  type PromotionClaimInfo,
  type UpdatePromotionBody,
} from '@fanspace/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../platform/config.ts';
import { withTransaction, type Db, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { PromotionRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { publicBaseUrl } from '../auth/auth.mails.ts';
import { units } from '../ledger/money.ts';
import {
  discounted,
  iso,
  nextMaxUses,
  offerClaimed,
  offerStatus,
  visibleCreator,
} from './commerce.shared.ts';
import { futureDate } from './promo-codes.service.ts';
import { recordRedemption } from './redemptions.ts';

/**
 * Promotions: a creator's subscription campaigns, free trial (N days at 0, then normal
 * renewals) or discount (percent off the first period), with optional max uses and expiry,
 * shared as a public claim link (PUBLIC_URL/promotions/claim/<token>). Claiming subscribes
 * through subscriptions.service with the promotion as its offer; one claim per fan.
 */

type Cfg = { config: Pick<Config, 'PUBLIC_URL' | 'PORT'> };

export const promotionNotFound = () =>
  new NotFoundError('Promotion not found', ErrorCodes.PROMOTION_NOT_FOUND);

export function promoPriceCents(row: PromotionRow, priceCents: number) {
  return row.kind === 'free_trial' ? 0 : discounted(priceCents, row.discount_percent ?? 0);
}

export function presentPromotion(
  ctx: Cfg,
  row: PromotionRow,
  priceCents: number,
  now = new Date(),
): Promotion {
  const promo = promoPriceCents(row, priceCents);
  return {
    id: row.id,
    creatorId: row.creator_id,
    kind: row.kind,
    title: row.title,
    discountPercent: row.discount_percent,
    trialDays: row.trial_days,
    maxUses: row.max_uses,
    usesCount: row.uses_count,
    expiresAt: iso(row.expires_at),
    status: offerStatus(row, now),
    claimUrl: `${publicBaseUrl(ctx.config)}/promotions/claim/${row.claim_token}`,
    claimToken: row.claim_token,
    price: units(priceCents),
    priceCents,
    promoPrice: units(promo),
    promoPriceCents: promo,
    createdAt: row.created_at.toISOString(),
  };
}

type Kind = PromotionRow['kind'];
type Terms = { kind: Kind; trialDays?: number | null; discountPercent?: number | null };

function defaultTitle(terms: Terms) {
  return terms.kind === 'free_trial'
    ? `${terms.trialDays} days free`
    : `${terms.discountPercent}% off your first month`;
}

/** The kind a body asks for: as sent, else told by the one term it carries. */
function kindOf(body: CreatePromotionBody): Kind {
  if (body.kind) return body.kind;
  if (body.trialDays && !body.discountPercent) return 'free_trial';
  if (body.discountPercent && !body.trialDays) return 'discount';
  throw new BadRequestError(
    'kind is required: free_trial with trialDays, or discount with discountPercent',
    ErrorCodes.VALIDATION_FAILED,
    { field: 'kind' },
  );
}

export async function createPromotion(
  ctx: Cfg & { db: Db },
  creator: UserRow,
  body: CreatePromotionBody,
) {
  if (creator.subscription_price_cents <= 0)
    throw new BadRequestError(
      'Set a subscription price before creating a promotion',
      ErrorCodes.SUBSCRIPTION_FREE,
    );
  const kind = kindOf(body);
  const trial = kind === 'free_trial';
  if (trial && !body.trialDays)
    throw new BadRequestError(
      'trialDays is required for a free trial',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'trialDays',
      },
    );
  if (!trial && !body.discountPercent)
    throw new BadRequestError(
      'discountPercent is required for a discount',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'discountPercent' },
    );
  const expiresAt = futureDate(body.expiresAt, 'expiresAt');
  const title = body.title?.trim() || defaultTitle({ ...body, kind });
  const row = await ctx.db
    .insertInto('promotions')
    .values({
      creator_id: creator.id,
      kind,
      title,
      discount_percent: trial ? null : body.discountPercent!,
      trial_days: trial ? body.trialDays! : null,
      max_uses: body.maxUses ?? null,
      expires_at: expiresAt,
      claim_token: randomBytes(12).toString('base64url'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentPromotion(ctx, row, creator.subscription_price_cents);
}

export async function listMyPromotions(ctx: Cfg & { db: DbHandle }, creator: UserRow) {
  const rows = await ctx.db
    .selectFrom('promotions')
    .selectAll()
    .where('creator_id', '=', creator.id)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  return {
    promotions: rows.map((r) => presentPromotion(ctx, r, creator.subscription_price_cents)),
  };
}

/** One own promotion, as the list shows it (anyone else's or a malformed id: 404). */
export async function getMyPromotion(ctx: Cfg & { db: DbHandle }, creator: UserRow, id: string) {
  if (!isUuid(id)) throw promotionNotFound();
  const row = await ctx.db
    .selectFrom('promotions')
    .selectAll()
    .where('id', '=', id)
    .where('creator_id', '=', creator.id)
    .executeTakeFirst();
  if (!row) throw promotionNotFound();
  return presentPromotion(ctx, row, creator.subscription_price_cents);
}

const termsLocked = (field: string) =>
  new ConflictError(
    ErrorCodes.INVALID_TRANSITION,
    'This promotion has been claimed; its offer can no longer change (end it and start a new one)',
    { field },
  );

/**
 * Edits an own promotion. Chosen conservatively so no edit rewrites a price a fan already got:
 * title, maxUses (not below the uses so far) and expiresAt (future or null) change any time;
 * the offer itself (discountPercent or trialDays, whichever the kind has) only while nobody has
 * claimed it (409 after); the kind never changes; an ended promotion stays ended (409). The row
 * is locked as a claim locks it, so an edit and a claim never interleave.
 */
export async function updatePromotion(
  ctx: Cfg & { db: Db },
  creator: UserRow,
  id: string,
  body: UpdatePromotionBody,
) {
  if (!isUuid(id)) throw promotionNotFound();
  return withTransaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('promotions')
      .selectAll()
      .where('id', '=', id)
      .where('creator_id', '=', creator.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw promotionNotFound();
    if (row.ended_at)
      throw new ConflictError(ErrorCodes.INVALID_TRANSITION, 'This promotion has ended');
    const trial = row.kind === 'free_trial';
    // the other kind's term: a body naming it asks for a change of kind, which is refused
    const foreign = trial ? body.discountPercent : body.trialDays;
    if (foreign)
      throw new BadRequestError(
        trial ? 'A free trial has no discountPercent' : 'A discount has no trialDays',
        ErrorCodes.VALIDATION_FAILED,
        { field: trial ? 'discountPercent' : 'trialDays' },
      );
    const field = trial ? 'trialDays' : 'discountPercent';
    const term = (trial ? body.trialDays : body.discountPercent) || undefined;
    const current = trial ? row.trial_days : row.discount_percent;
    if (term !== undefined && term !== current && (await offerClaimed(tx, row, 'promotion_id')))
      throw termsLocked(field);
    const next: Terms = {
      kind: row.kind,
      trialDays: trial ? (term ?? row.trial_days) : null,
      discountPercent: trial ? null : (term ?? row.discount_percent),
    };
    // a title left at its default follows the new offer; a title of the creator's own stays
    const wasDefault =
      row.title ===
      defaultTitle({ ...row, trialDays: row.trial_days, discountPercent: row.discount_percent });
    const title =
      body.title !== undefined
        ? body.title.trim() || defaultTitle(next)
        : wasDefault
          ? defaultTitle(next)
          : row.title;
    const updated = await tx
      .updateTable('promotions')
      .set({
        title,
        trial_days: next.trialDays ?? null,
        discount_percent: next.discountPercent ?? null,
        max_uses: nextMaxUses(body.maxUses, row.max_uses, row.uses_count),
        ...(body.expiresAt !== undefined
          ? { expires_at: futureDate(body.expiresAt, 'expiresAt') }
          : {}),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentPromotion(ctx, updated, creator.subscription_price_cents);
  });
}

/** Ends a promotion now (its link stops working); idempotent. */
export async function endPromotion(ctx: Cfg & { db: Db }, creator: UserRow, id: string) {
  const row = await ctx.db
    .updateTable('promotions')
    .set({ ended_at: sql`coalesce(ended_at, now())` })
    .where('id', '=', id)
    .where('creator_id', '=', creator.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw promotionNotFound();
  return presentPromotion(ctx, row, creator.subscription_price_cents);
}

/** The live promotions a fan may claim on a creator's profile (GET /discounts). */
export async function activeDiscounts(
  ctx: Cfg & { db: DbHandle },
  viewerId: string | null,
  creatorId: string,
  now = new Date(),
) {
  const creator = await visibleCreator(ctx.db, viewerId, creatorId);
  const rows = await ctx.db
    .selectFrom('promotions')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return {
    promotions: rows
      .filter((r) => offerStatus(r, now) === 'active')
      .map((r) => presentPromotion(ctx, r, creator.subscription_price_cents, now)),
  };
}

async function byToken(db: DbHandle, token: string, lock = false) {
  let query = db.selectFrom('promotions').selectAll().where('claim_token', '=', token);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** GET /promotions/claim/{token}: what the link offers and from whom (public). */
export async function claimInfo(
  ctx: Cfg & { db: DbHandle },
  viewerId: string | null,
  token: string,
): Promise<PromotionClaimInfo> {
  const row = await byToken(ctx.db, token);
  if (!row) throw promotionNotFound();
  const creator = await visibleCreator(ctx.db, viewerId, row.creator_id).catch(() => {
    throw promotionNotFound();
  });
  const full = presentPromotion(ctx, row, creator.subscription_price_cents);
  return {
    promotion: {
      id: full.id,
      kind: full.kind,
      title: full.title,
      discountPercent: full.discountPercent,
      trialDays: full.trialDays,
      expiresAt: full.expiresAt,
      status: full.status,
      remainingClaims: row.max_uses === null ? null : Math.max(0, row.max_uses - row.uses_count),
      price: full.price,
      priceCents: full.priceCents,
      promoPrice: full.promoPrice,
      promoPriceCents: full.promoPriceCents,
    },
    creator: {
      id: creator.id,
      username: creator.username,
      displayName: creator.display_name,
      avatarUrl: creator.avatar_url,
    },
  };
}

const unavailable = (message: string) =>
  new BadRequestError(message, ErrorCodes.PROMOTION_UNAVAILABLE);

/**
 * Locks a claimable promotion for the subscribe that uses it: live, not used by this fan,
 * and a free trial only for fans who never subscribed to this creator.
 */
export async function lockClaimablePromotion(
  tx: DbHandle,
  input: { promotionId: string; userId: string; creatorId: string; hadSubscription: boolean },
  now = new Date(),
) {
  const row = await tx
    .selectFrom('promotions')
    .selectAll()
    .where('id', '=', input.promotionId)
    .where('creator_id', '=', input.creatorId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw promotionNotFound();
  const status = offerStatus(row, now);
  if (status === 'ended') throw unavailable('This promotion has ended');
  if (status === 'expired') throw unavailable('This promotion has expired');
  if (status === 'used_up') throw unavailable('This promotion has been fully claimed');
  if (row.kind === 'free_trial' && input.hadSubscription)
    throw unavailable('Free trials are for new subscribers only');
  const used = await tx
    .selectFrom('promo_redemptions')
    .select('id')
    .where('promotion_id', '=', row.id)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (used) throw unavailable('You have already claimed this promotion');
  return row;
}

export function redeemPromotion(
  tx: Tx,
  input: {
    promotionId: string;
    userId: string;
    subscriptionId: string;
    originalCents: number;
    chargedCents: number;
    transactionId: string | null;
  },
) {
  return recordRedemption(
    tx,
    { table: 'promotions', id: input.promotionId },
    { ...input, purpose: 'subscription', targetId: input.subscriptionId },
    () => unavailable('You have already claimed this promotion'),
  );
}

/** The promotion behind a claim token (for POST /promotions/claim/{token}). */
export async function promotionForToken(db: DbHandle, token: string) {
  const row = await byToken(db, token);
  if (!row) throw promotionNotFound();
  return row;
}
