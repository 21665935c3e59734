import {
  ClaimTokenParams,
  CommerceLookupParams,
  CreatePromoCodeBody,
  CreatePromotionBody,
  DiscountsQuery,
  DiscountsResponse,
  ErrorCodes,
  IdParams,
  PromoCode,
  PromoCodeList,
  Promotion,
  PromotionClaimInfo,
  PromotionList,
  PromoQuote,
  routeErrors,
  SubscribeResponse,
  UpdatePromoCodeBody,
  UpdatePromotionBody,
  ValidatePromoCodeBody,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, viewerIdOf } from '../graph/route-helpers.ts';
import { idempotentRoute } from '../ledger/idempotency.ts';
import { payer } from '../payments/payer.ts';
import { MoneyLimits } from '../payments/payments.limits.ts';
import { subscribe } from '../payments/subscriptions.service.ts';
import { checkoutPrice } from './checkout-offers.ts';
import { CommerceLimits } from './commerce.limits.ts';
import {
  createPromoCode,
  endPromoCode,
  getPromoCode,
  listPromoCodes,
  quotePromoCode,
  updatePromoCode,
} from './promo-codes.service.ts';
import {
  activeDiscounts,
  claimInfo,
  createPromotion,
  endPromotion,
  getMyPromotion,
  listMyPromotions,
  promotionForToken,
  updatePromotion,
} from './promotions.service.ts';

const E = ErrorCodes;

/**
 * The creator's own lists answer a signed-in fan an empty list (a fan simply has none) instead
 * of 403, so shared screens load for everyone; every write stays creator-only.
 */
const creatorCaller = (request: FastifyRequest) => {
  const user = currentUser(request);
  return user.account_type === 'creator' ? user : null;
};

/** Promotions (trial and discount campaigns, claim links), discounts and promo codes. */
export async function offersRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/promotions',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promotions'],
        summary: "The caller's promotions with status, uses and claim links (a fan: none)",
        response: { 200: PromotionList },
      },
    },
    async (request) => {
      const creator = creatorCaller(request);
      return creator ? listMyPromotions(ctx, creator) : { promotions: [] };
    },
  );

  app.get(
    '/promotions/:id',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promotions'],
        summary: 'One of the caller’s promotions, as the list shows it',
        params: CommerceLookupParams,
        response: { 200: Promotion, 404: routeErrors(E.PROMOTION_NOT_FOUND) },
      },
    },
    async (request) => getMyPromotion(ctx, currentUser(request), request.params.id),
  );

  app.put(
    '/promotions/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promotions'],
        summary:
          'Edit an own promotion: title, maxUses, expiresAt; its discountPercent or trialDays only until the first claim',
        params: IdParams,
        body: UpdatePromotionBody,
        response: {
          200: Promotion,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.PROMOTION_NOT_FOUND),
          409: routeErrors(E.INVALID_TRANSITION),
        },
      },
    },
    async (request) => updatePromotion(ctx, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/promotions',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promotions'],
        summary:
          'Start a subscription promotion: free_trial {trialDays} or discount {discountPercent} (kind told by the term when absent), with maxUses and expiresAt',
        body: CreatePromotionBody,
        response: {
          201: Promotion,
          400: routeErrors(E.VALIDATION_FAILED, E.SUBSCRIPTION_FREE),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPromotion(ctx, currentUser(request), request.body)),
  );

  app.delete(
    '/promotions/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promotions'],
        summary: 'End a promotion now (its claim link stops working)',
        params: IdParams,
        response: { 200: Promotion, 404: routeErrors(E.PROMOTION_NOT_FOUND) },
      },
    },
    async (request) => endPromotion(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/promotions/claim/:token',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promotions'],
        summary: 'What a promotion link offers (no account needed to look)',
        params: ClaimTokenParams,
        response: { 200: PromotionClaimInfo, 404: routeErrors(E.PROMOTION_NOT_FOUND) },
      },
    },
    async (request) => claimInfo(ctx, viewerIdOf(request), request.params.token),
  );

  app.post(
    '/promotions/claim/:token',
    {
      config: { auth: 'payer', rateLimit: MoneyLimits.charge },
      schema: {
        tags: ['promotions'],
        summary:
          'Subscribe through a promotion: a trial charges 0 now, a discount the reduced first period; renewals at the normal price (Idempotency-Key)',
        params: ClaimTokenParams,
        response: {
          200: SubscribeResponse,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.IDEMPOTENCY_KEY_REQUIRED,
            E.PROMOTION_UNAVAILABLE,
            E.CANNOT_TARGET_SELF,
            E.SUBSCRIPTION_FREE,
          ),
          401: routeErrors(E.UNAUTHENTICATED),
          402: routeErrors(E.INSUFFICIENT_FUNDS),
          404: routeErrors(E.PROMOTION_NOT_FOUND, E.NOT_FOUND),
          409: routeErrors(E.ALREADY_SUBSCRIBED),
          422: routeErrors(E.IDEMPOTENCY_KEY_REUSED),
        },
      },
    },
    async (request, reply) => {
      const user = payer(request);
      return idempotentRoute(ctx.db, request, reply, user.id, async (tx) => {
        const promotion = await promotionForToken(tx, request.params.token);
        return {
          status: 200,
          body: await subscribe(ctx, tx, user.id, promotion.creator_id, new Date(), {
            promotionId: promotion.id,
          }),
        };
      });
    },
  );

  app.get(
    '/discounts',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promotions'],
        summary:
          "A creator's live promotions, as shown on their profile (creatorId; default: the caller, a fan: none); `discounts` repeats `promotions`",
        querystring: DiscountsQuery,
        response: {
          200: DiscountsResponse,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const viewerId = viewerIdOf(request);
      const creatorId = request.query.creatorId ?? viewerId;
      if (!creatorId)
        throw new BadRequestError('creatorId is required when not signed in', E.VALIDATION_FAILED, {
          field: 'creatorId',
        });
      // a signed-in fan asking for their own has none (not "Creator not found")
      const own = !request.query.creatorId && request.auth?.user.account_type !== 'creator';
      const { promotions } = own
        ? { promotions: [] }
        : await activeDiscounts(ctx, viewerId, creatorId);
      return { promotions, discounts: promotions };
    },
  );

  app.get(
    '/promo-codes',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promo codes'],
        summary: "The caller's promo codes with uses and status (a fan: none)",
        response: { 200: PromoCodeList },
      },
    },
    async (request) => {
      const creator = creatorCaller(request);
      return creator ? listPromoCodes(ctx.db, creator.id) : { codes: [] };
    },
  );

  app.get(
    '/promo-codes/:id',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.read },
      schema: {
        tags: ['promo codes'],
        summary: 'One of the caller’s promo codes, as the list shows it',
        params: CommerceLookupParams,
        response: { 200: PromoCode, 404: routeErrors(E.PROMO_CODE_NOT_FOUND) },
      },
    },
    async (request) => getPromoCode(ctx.db, currentUser(request).id, request.params.id),
  );

  app.put(
    '/promo-codes/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promo codes'],
        summary:
          'Edit an own promo code: maxUses, expiresAt; percentOff and appliesTo only while unused',
        params: IdParams,
        body: UpdatePromoCodeBody,
        response: {
          200: PromoCode,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.PROMO_CODE_NOT_FOUND),
          409: routeErrors(E.INVALID_TRANSITION),
        },
      },
    },
    async (request) =>
      updatePromoCode(ctx.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/promo-codes',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promo codes'],
        summary:
          'Create a checkout code {code, percentOff (alias discountPercent), appliesTo?, maxUses?, expiresAt?}',
        body: CreatePromoCodeBody,
        response: {
          201: PromoCode,
          400: routeErrors(E.VALIDATION_FAILED),
          409: routeErrors(E.PROMO_CODE_TAKEN),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPromoCode(ctx.db, currentUser(request), request.body)),
  );

  app.delete(
    '/promo-codes/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags: ['promo codes'],
        summary: 'End a promo code (kept in the history)',
        params: IdParams,
        response: { 200: PromoCode, 404: routeErrors(E.PROMO_CODE_NOT_FOUND) },
      },
    },
    async (request) => endPromoCode(ctx.db, currentUser(request), request.params.id),
  );

  app.post(
    '/promo-codes/validate',
    {
      config: { auth: 'user', rateLimit: CommerceLimits.validate },
      schema: {
        tags: ['promo codes'],
        summary:
          'Check a code at checkout and quote the price (purpose subscription: targetId = creator; unlock: the post)',
        body: ValidatePromoCodeBody,
        response: {
          200: PromoQuote,
          400: routeErrors(
            E.VALIDATION_FAILED,
            E.PROMO_CODE_INVALID,
            E.SUBSCRIPTION_FREE,
            E.NOT_FOR_SALE,
            E.CANNOT_TARGET_SELF,
            E.RECIPIENT_NOT_CREATOR,
          ),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { purpose, targetId, code } = request.body;
      const target = await checkoutPrice(ctx.db, user.id, purpose, targetId);
      return quotePromoCode(ctx.db, { userId: user.id, purpose, code, ...target });
    },
  );
}
