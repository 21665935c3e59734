import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  SOCIAL_LINKS_MAX,
  type AddSocialLinksBody,
  type CreatorUpdateBody,
  type UpdateMeBody,
  type PublicUser,
  type UsersListQuery,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { setPresenceVisibility } from '../../platform/realtime/publish.ts';
import { keyFromPublicUrl } from '../../platform/storage/keys.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import {
  assertHttpsUrl,
  assertJsonValue,
  assertUsername,
  cleanText,
  normalisePhone,
  subscriptionPriceCents,
} from './profile-rules.ts';
import { assertPubliclyVisible } from './users.policy.ts';
import { presentProfile } from './user-views.ts';
import {
  findProfile,
  jsonbMerge,
  lockUser,
  searchUsers,
  updateUser,
  usernameTaken,
  type UserPatch,
} from './users.queries.ts';
import { isUuid } from '../../platform/ids.ts';

/** Business rules of the own profile and public lookups (SPEC §7 Users). */

export type UsersCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

const PROFILE_FIELDS = [
  'vibe',
  'contentMenu',
  'vibeDisplaySettings',
  'contentPreferences',
] as const;

const usernameTakenError = () =>
  new ConflictError(ErrorCodes.USERNAME_TAKEN, 'Username is already taken', { field: 'username' });

/**
 * PUT /users/me. Only the fields named here can change: the body schema already strips
 * unknown keys, and this whitelist is the second line against mass assignment.
 */
export async function updateProfile(
  ctx: UsersCtx & Pick<AppContext, 'bus' | 'log'>,
  user: UserRow,
  body: UpdateMeBody,
): Promise<UserRow> {
  const { profile, ...top } = body;
  const input = { ...profile, ...top };
  const patch: UserPatch = {};
  if (input.displayName !== undefined) {
    const name = input.displayName === null ? '' : cleanText(input.displayName);
    patch.display_name = name === '' ? null : name;
  }
  if (input.bio !== undefined) patch.bio = cleanText(input.bio);
  if (input.username !== undefined) {
    const username = assertUsername(input.username.trim());
    if (username !== user.username) {
      if (await usernameTaken(ctx.db, username, user.id)) throw usernameTakenError();
      patch.username = username;
    }
  }
  if (input.phoneNumber !== undefined) {
    const phone = normalisePhone(input.phoneNumber);
    if (phone !== user.phone_number) {
      patch.phone_number = phone;
      // a new number has to be verified again
      patch.phone_verified_at = null;
    }
  }
  const profilePatch: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    if (input[field] !== undefined) {
      assertJsonValue(field, input[field]);
      profilePatch[field] = input[field];
    }
  }
  if (Object.keys(profilePatch).length > 0)
    patch.profile = jsonbMerge('profile', assertJsonValue('profile', profilePatch, 64 * 1024));
  if (input.preferences !== undefined)
    patch.preferences = jsonbMerge(
      'preferences',
      assertJsonValue('preferences', input.preferences),
    );
  if (input.privacy !== undefined)
    patch.privacy = jsonbMerge('privacy', assertJsonValue('privacy', input.privacy));
  if (Object.keys(patch).length === 0) return user;
  let updated: UserRow;
  try {
    updated = await updateUser(ctx.db, user.id, patch);
  } catch (error) {
    // the pre-check above races with a concurrent rename; the unique index decides
    if (isUniqueViolation(error, 'users_username_key')) throw usernameTakenError();
    throw error;
  }
  // privacy.showActivityStatus: open sockets stop (or start) showing the user online. Sent
  // whenever the key is in the body, so a stale `user` cannot hide a change
  if (input.privacy && 'showActivityStatus' in input.privacy)
    await setPresenceVisibility(ctx, user.id, updated.privacy?.showActivityStatus === false);
  return updated;
}

/** Merges keys of users.profile (vibes, content menu, widgets). */
export async function updateProfileJson(
  ctx: UsersCtx,
  userId: string,
  values: Record<string, unknown>,
): Promise<UserRow> {
  for (const [field, value] of Object.entries(values)) assertJsonValue(field, value);
  const json = assertJsonValue('profile', values, 64 * 1024);
  return updateUser(ctx.db, userId, { profile: jsonbMerge('profile', json) });
}

/** Our own public image or an external https image. */
function assertImageUrl(value: string): string {
  if (keyFromPublicUrl(value)) return value;
  return assertHttpsUrl('imageUrl', value);
}

export async function setCreatorUpdate(
  ctx: UsersCtx,
  user: UserRow,
  input: CreatorUpdateBody,
): Promise<UserRow> {
  if (
    input.text === undefined &&
    input.creatorUpdateText === undefined &&
    input.imageUrl === undefined &&
    input.creatorUpdateImageUrl === undefined
  )
    throw new BadRequestError('text is required', ErrorCodes.VALIDATION_FAILED, { field: 'text' });
  // the short names win over the SPEC §3 ones when both are sent
  const text = cleanText(input.text ?? input.creatorUpdateText ?? '');
  const rawImageUrl = input.imageUrl !== undefined ? input.imageUrl : input.creatorUpdateImageUrl;
  const imageUrl = rawImageUrl ? assertImageUrl(rawImageUrl) : null;
  if (text === '' && imageUrl === null)
    return updateUser(ctx.db, user.id, {
      creator_update_text: null,
      creator_update_image_url: null,
      creator_update_at: null,
    });
  return updateUser(ctx.db, user.id, {
    creator_update_text: text === '' ? null : text,
    creator_update_image_url: imageUrl,
    creator_update_at: new Date(),
  });
}

/** Appends links; an identical platform+url pair already present is not added twice. */
export async function addSocialLinks(
  ctx: UsersCtx,
  userId: string,
  input: AddSocialLinksBody,
): Promise<UserRow> {
  const incoming = input.socialLinks.map((link, i) => {
    const platform = cleanText(link.platform);
    if (platform === '')
      throw new BadRequestError('Platform must not be blank', ErrorCodes.VALIDATION_FAILED, {
        field: `socialLinks.${i}.platform`,
      });
    return { platform, url: assertHttpsUrl(`socialLinks.${i}.url`, link.url) };
  });
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockUser(tx, userId);
    if (!current) throw new NotFoundError('User not found');
    const links = [...current.social_links];
    for (const link of incoming) {
      const duplicate = links.some(
        (l) => l.platform.toLowerCase() === link.platform.toLowerCase() && l.url === link.url,
      );
      if (!duplicate) links.push({ id: randomUUID(), ...link });
    }
    if (links.length > SOCIAL_LINKS_MAX)
      throw new BadRequestError(
        `You can have at most ${SOCIAL_LINKS_MAX} social links`,
        ErrorCodes.VALIDATION_FAILED,
        { field: 'socialLinks' },
      );
    return updateUser(tx, userId, { social_links: JSON.stringify(links) });
  });
}

/** Only ids in the caller's own list match, so another user's link id is a 404. */
export async function removeSocialLink(
  ctx: UsersCtx,
  userId: string,
  linkId: string,
): Promise<UserRow> {
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockUser(tx, userId);
    if (!current) throw new NotFoundError('User not found');
    const links = current.social_links.filter((l) => l.id !== linkId);
    if (links.length === current.social_links.length)
      throw new NotFoundError('Social link not found');
    return updateUser(tx, userId, { social_links: JSON.stringify(links) });
  });
}

export function setSubscriptionPrice(ctx: UsersCtx, userId: string, price: number) {
  return updateUser(ctx.db, userId, { subscription_price_cents: subscriptionPriceCents(price) });
}

export async function completeOnboarding(ctx: UsersCtx, user: UserRow): Promise<UserRow> {
  if (user.onboarding_completed_at) return user;
  return updateUser(ctx.db, user.id, { onboarding_completed_at: new Date() });
}

/** A public profile as `viewerId` sees it (`presentProfile`), and the account's row. */
async function publicProfile(
  ctx: UsersCtx,
  by: { id: string } | { username: string },
  viewerId: string | null,
): Promise<{ user: UserRow; view: PublicUser }> {
  const found = await findProfile(ctx.db, by, viewerId);
  const user = assertPubliclyVisible(found?.user);
  return { user, view: presentProfile(viewerId, user, found?.facts) };
}

export async function getPublicUser(ctx: UsersCtx, id: string, viewerId: string | null) {
  // a malformed id names no account: 404 like any unknown one, not a validation error
  if (!isUuid(id)) throw new NotFoundError('User not found');
  return publicProfile(ctx, { id }, viewerId);
}

export async function getPublicUserByUsername(
  ctx: UsersCtx,
  username: string,
  viewerId: string | null,
) {
  // never a valid username (also keeps NUL bytes, which PostgreSQL rejects, out of the query)
  if (!/^[A-Za-z0-9_.]{1,60}$/.test(username)) throw new NotFoundError('User not found');
  return publicProfile(ctx, { username }, viewerId);
}

/** GET /users: accounts hidden from the viewer by a block (either way) are left out. */
export async function listUsers(ctx: UsersCtx, query: UsersListQuery, viewerId: string | null) {
  const q = query.q === undefined ? undefined : cleanText(query.q);
  const { rows, total } = await searchUsers(ctx.db, {
    q,
    creatorsOnly: query.creatorsOnly,
    visibleTo: notHiddenFrom(viewerId, 'users.id'),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const totalPages = Math.ceil(total / query.limit);
  return { rows, total, currentPage: query.page, totalPages, hasMore: query.page < totalPages };
}
