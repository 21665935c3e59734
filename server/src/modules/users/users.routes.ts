import {
  AddSocialLinksBody,
  AvatarImageBody,
  BannerImageBody,
  CreatorUpdateBody,
  DeleteMeBody,
  ErrorCodes,
  MeUser,
  MessageResponse,
  PayoutSettingsBody,
  PayoutSettingsView,
  PublicUser,
  routeErrors,
  SocialLinkParams,
  SubscriptionPriceBody,
  UpdateMeBody,
  UserLookupParams,
  UsernameParams,
  UsersListQuery,
  UsersListResponse,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { readContext } from '../../platform/db/read-routing.ts';
import type { App } from '../../platform/http/app.ts';
import { clearSessionCookie } from '../../platform/http/auth-plugin.ts';
import { BadRequestError, UnauthorizedError } from '../../platform/errors.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { getPayoutSettings, savePayoutSettings } from './payout-settings.service.ts';
import { setProfileImage, type ProfileImageKind } from './profile-media.service.ts';
import { meView, publicListView } from './user-views.ts';
import {
  addSocialLinks,
  completeOnboarding,
  getPublicUser,
  getPublicUserByUsername,
  listUsers,
  removeSocialLink,
  setCreatorUpdate,
  setSubscriptionPrice,
  updateProfile,
} from './users.service.ts';
import { AccountLimits } from './users.limits.ts';
import { trackProfileView } from '../analytics/recorder.ts';

/** The signed-in account of a route that is not public (the auth hook guarantees it). */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

const tags = ['users'];
const E = ErrorCodes;
/** Data URLs of up to 10 MB decoded are ~13.4 MB of base64; the app default is 2 MB. */
const IMAGE_BODY_LIMIT = 15 * 1024 * 1024;

/** The data URL of PUT /users/me/avatar|banner: `image`, else `avatar`/`banner`, else `…Url`. */
function imageOf(
  kind: ProfileImageKind,
  body: Partial<Record<string, string | undefined>>,
): string {
  const image = body.image ?? body[kind] ?? body[`${kind}Url`];
  if (!image)
    throw new BadRequestError(
      `Send the ${kind} as a data-URL image in "image"`,
      E.VALIDATION_FAILED,
      { field: 'image' },
    );
  return image;
}

export async function usersRoutes(app: App) {
  const { ctx } = app;

  app.get(
    '/users/me',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'The signed-in account', response: { 200: MeUser } },
    },
    async (request) => meView(ctx.db, authOf(request).user),
  );

  app.put(
    '/users/me',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Update profile, privacy and preferences (unknown fields are ignored)',
        body: UpdateMeBody,
        response: {
          200: MeUser,
          400: routeErrors(E.VALIDATION_FAILED),
          409: routeErrors(E.USERNAME_TAKEN),
        },
      },
    },
    async (request) => meView(ctx.db, await updateProfile(ctx, authOf(request).user, request.body)),
  );

  for (const kind of ['avatar', 'banner'] as const satisfies ProfileImageKind[]) {
    app.put(
      `/users/me/${kind}`,
      {
        bodyLimit: IMAGE_BODY_LIMIT,
        config: { auth: 'user', rateLimit: AccountLimits.profileImage },
        schema: {
          tags,
          summary: `Set the ${kind} from a data-URL image (re-encoded, metadata stripped): {image} or {${kind}} or {${kind}Url}`,
          body: kind === 'avatar' ? AvatarImageBody : BannerImageBody,
          response: {
            200: MeUser,
            400: routeErrors(E.INVALID_IMAGE, E.VALIDATION_FAILED),
            413: routeErrors(E.PAYLOAD_TOO_LARGE),
          },
        },
      },
      async (request) =>
        meView(
          ctx.db,
          await setProfileImage(ctx, authOf(request).user.id, kind, imageOf(kind, request.body)),
        ),
    );
  }

  app.put(
    '/users/me/creator-update',
    {
      config: { auth: 'creator' },
      schema: {
        tags,
        summary: 'Set or clear the creator update shown on the profile',
        body: CreatorUpdateBody,
        response: {
          200: MeUser,
          400: routeErrors(E.VALIDATION_FAILED),
          403: routeErrors(E.ONLY_CREATORS),
        },
      },
    },
    async (request) =>
      meView(ctx.db, await setCreatorUpdate(ctx, authOf(request).user, request.body)),
  );

  app.post(
    '/users/me/social-links',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Add social links (https only, at most 20 in all)',
        body: AddSocialLinksBody,
        response: { 200: MeUser, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) =>
      meView(ctx.db, await addSocialLinks(ctx, authOf(request).user.id, request.body)),
  );

  app.delete(
    '/users/me/social-links/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Remove one of your social links',
        params: SocialLinkParams,
        response: { 200: MeUser, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) =>
      meView(ctx.db, await removeSocialLink(ctx, authOf(request).user.id, request.params.id)),
  );

  app.put(
    '/users/me/subscription-price',
    {
      config: { auth: 'creator' },
      schema: {
        tags,
        summary: 'Set the monthly subscription price: 0 (free) or 4.99–49.99',
        body: SubscriptionPriceBody,
        response: {
          200: MeUser,
          400: routeErrors(E.VALIDATION_FAILED),
          403: routeErrors(E.ONLY_CREATORS, E.IDENTITY_VERIFICATION_REQUIRED),
        },
      },
    },
    async (request) =>
      meView(ctx.db, await setSubscriptionPrice(ctx, authOf(request).user.id, request.body.price)),
  );

  app.get(
    '/users/me/payout-settings',
    {
      config: { auth: 'creator' },
      schema: {
        tags,
        summary: 'Payout settings (bank numbers masked)',
        response: { 200: PayoutSettingsView },
      },
    },
    async (request) => getPayoutSettings(ctx, authOf(request).user.id),
  );

  app.put(
    '/users/me/payout-settings',
    {
      config: { auth: 'creator', rateLimit: AccountLimits.payoutSettings },
      schema: {
        tags,
        summary: 'Save payout bank details (stored encrypted; only the last 4 are shown)',
        body: PayoutSettingsBody,
        response: { 200: PayoutSettingsView, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => savePayoutSettings(ctx, authOf(request).user.id, request.body),
  );

  app.post(
    '/users/me/complete-onboarding',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Mark onboarding as done', response: { 200: MeUser } },
    },
    async (request) => meView(ctx.db, await completeOnboarding(ctx, authOf(request).user)),
  );

  app.delete(
    '/users/me',
    {
      config: { auth: 'user', rateLimit: AccountLimits.deleteAccount },
      schema: {
        tags,
        summary: 'Delete your account (soft delete, anonymised, all sessions revoked)',
        body: DeleteMeBody,
        response: {
          200: MessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_CREDENTIALS),
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, authOf(request).user.id, request.body);
      clearSessionCookie(reply);
      return { message: 'Account deleted successfully' };
    },
  );

  app.get(
    '/users',
    {
      config: { auth: 'public', rateLimit: AccountLimits.userSearch },
      schema: {
        tags,
        summary: 'Search accounts by username or display name',
        querystring: UsersListQuery,
        response: { 200: UsersListResponse },
      },
    },
    async (request) => {
      const viewerId = request.auth?.user.id ?? null;
      const reads = readContext(ctx, viewerId);
      const page = await listUsers(reads, request.query, viewerId);
      return {
        users: await publicListView(reads.db, viewerId, page.rows),
        total: page.total,
        currentPage: page.currentPage,
        totalPages: page.totalPages,
        hasMore: page.hasMore,
      };
    },
  );

  app.get(
    '/users/username/:username',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A public profile by username',
        params: UsernameParams,
        response: { 200: PublicUser, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => {
      const viewerId = request.auth?.user.id ?? null;
      const reads = readContext(ctx, viewerId);
      const { user, view } = await getPublicUserByUsername(
        reads,
        request.params.username,
        viewerId,
      );
      // a write: the primary's (not for a viewer the account blocked: that is a 404)
      trackProfileView(ctx.db, viewerId, user);
      return view;
    },
  );

  app.get(
    '/users/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A public profile by id',
        params: UserLookupParams,
        response: { 200: PublicUser, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => {
      const viewerId = request.auth?.user.id ?? null;
      const reads = readContext(ctx, viewerId);
      const { user, view } = await getPublicUser(reads, request.params.id, viewerId);
      // a write: the primary's (not for a viewer the account blocked: that is a 404)
      trackProfileView(ctx.db, viewerId, user);
      return view;
    },
  );
}
