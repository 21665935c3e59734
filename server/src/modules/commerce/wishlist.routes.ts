import {
  CreateWishlistItemBody,
  ErrorCodes,
  IdParams,
  CommerceLookupParams,
  OkResponse,
  OwnerParams,
  OwnerQuery,
  routeErrors,
  UpdateWishlistItemBody,
  WishlistItem,
  WishlistResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, viewerIdOf } from '../graph/route-helpers.ts';
import { listOwner } from './commerce.shared.ts';
import { CommerceLimits } from './commerce.limits.ts';
import {
  createWishlistItem,
  deleteWishlistItem,
  getWishlistItem,
  listWishlist,
  updateWishlistItem,
} from './wishlist.service.ts';

const tags = ['wishlist'];
const E = ErrorCodes;

/**
 * Wishlist CRUD (SPEC §7 "Other families"). Funding is a tip: POST /tips {tipType: 'wishlist',
 * contentId: item id} or a card payment intent with wishlistItemId.
 */
export async function wishlistRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/wishlist',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary:
          "A creator's wishlist with progress (userId or its alias creatorId; default: the caller's own)",
        querystring: OwnerQuery,
        response: {
          200: WishlistResponse,
          401: routeErrors(E.UNAUTHENTICATED),
          404: routeErrors(E.NOT_FOUND),
        },
      },
    },
    async (request) => {
      const { viewerId, ownerId } = listOwner(request);
      return listWishlist(ctx.db, viewerId, ownerId);
    },
  );

  app.get(
    '/wishlist/user/:userId',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: "A creator's wishlist with progress (the path form of ?userId)",
        params: OwnerParams,
        response: { 200: WishlistResponse, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => listWishlist(ctx.db, viewerIdOf(request), request.params.userId),
  );

  app.get(
    '/wishlist/:id',
    {
      config: { auth: 'public', rateLimit: CommerceLimits.read },
      schema: {
        tags,
        summary: 'One wishlist item, to anyone who may see its creator’s wishlist',
        params: CommerceLookupParams,
        response: { 200: WishlistItem, 404: routeErrors(E.WISHLIST_ITEM_NOT_FOUND) },
      },
    },
    async (request) => getWishlistItem(ctx.db, viewerIdOf(request), request.params.id),
  );

  app.post(
    '/wishlist',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary: 'Add a wishlist item {title, description, goalAmount, imageUrl?}',
        body: CreateWishlistItemBody,
        response: { 201: WishlistItem, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWishlistItem(ctx.db, currentUser(request), request.body)),
  );

  app.put(
    '/wishlist/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary:
          'Edit an own wishlist item (a lower goal may complete it, a higher one reopens it)',
        params: IdParams,
        body: UpdateWishlistItemBody,
        response: {
          200: WishlistItem,
          400: routeErrors(E.VALIDATION_FAILED),
          404: routeErrors(E.WISHLIST_ITEM_NOT_FOUND),
        },
      },
    },
    async (request) =>
      updateWishlistItem(ctx.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/wishlist/:id',
    {
      config: { auth: 'creator', rateLimit: CommerceLimits.write },
      schema: {
        tags,
        summary: 'Remove an own wishlist item',
        params: IdParams,
        response: { 200: OkResponse, 404: routeErrors(E.WISHLIST_ITEM_NOT_FOUND) },
      },
    },
    async (request) => deleteWishlistItem(ctx.db, currentUser(request), request.params.id),
  );
}
