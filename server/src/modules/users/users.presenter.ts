import type { MeUser, PublicUser } from '@fanspace/contracts';
import type { UserRow } from '../../platform/db/schema.ts';

/** Viewer-relative facts about another account, filled by the graph module when known. */
export interface ViewerRelation {
  isFollowing?: boolean;
  isSubscribed?: boolean;
  isBlocked?: boolean;
  isRestricted?: boolean;
}

/** The signed-in user's own lists (SPEC §3 User relations and media). */
export interface OwnRelations {
  blockedUserIds: string[];
  restrictedUserIds: string[];
  restrictedByUserIds: string[];
  followingUserIds: string[];
  /** the newest 1,000 (graph.relations.ts `own_relations`) */
  followerUserIds: string[];
  mediaFolders: unknown[];
  mediaLibrary: unknown[];
}

export const NO_RELATIONS: OwnRelations = {
  blockedUserIds: [],
  restrictedUserIds: [],
  restrictedByUserIds: [],
  followingUserIds: [],
  followerUserIds: [],
  mediaFolders: [],
  mediaLibrary: [],
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** SPEC §4 Pro pack: active if the active-until date is in the future, or the status is 'active'. */
export function hasActiveProPack(
  user: Pick<UserRow, 'pro_pack_active_until' | 'pro_pack_status'>,
  now = Date.now(),
) {
  return (
    (user.pro_pack_active_until !== null && user.pro_pack_active_until.getTime() > now) ||
    user.pro_pack_status === 'active'
  );
}

/**
 * The account columns `presentPublicUser` reads: what a query that only presents its users
 * (a page's authors, docs/PERFORMANCE.md "Authors: the columns they show") selects instead of
 * the whole row, whose private documents and timestamps would be read, sent and parsed for
 * nothing.
 */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'username',
  'display_name',
  'bio',
  'avatar_url',
  'banner_url',
  'account_type',
  'identity_status',
  'followers_count',
  'following_count',
  'subscriber_count',
  'posts_count',
  'subscription_price_cents',
  'social_links',
  'profile',
  'creator_update_text',
  'creator_update_image_url',
  'creator_update_at',
  'pro_pack_active_until',
  'pro_pack_status',
  'created_at',
  // read for showFollowerCount only; never presented
  'privacy',
] as const satisfies ReadonlyArray<keyof UserRow>;

export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_USER_COLUMNS)[number]>;

/**
 * The follower count `viewerId` may see: null when the account hides it
 * (privacy.showFollowerCount false) from everyone but itself.
 */
export function visibleFollowersCount(
  user: Pick<UserRow, 'id' | 'privacy' | 'followers_count'>,
  viewerId: string | null | undefined,
): number | null {
  const hidden = user.privacy?.showFollowerCount === false && viewerId !== user.id;
  return hidden ? null : user.followers_count;
}

/**
 * The account as others see it. `viewerId` is who looks, when known: the owner still sees a
 * follower count they hide from everyone else (null for the rest).
 */
export function presentPublicUser(
  user: PublicUserRow,
  relation?: ViewerRelation,
  viewerId?: string | null,
): PublicUser {
  const profile = user.profile ?? {};
  const proPack = hasActiveProPack(user);
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    displayName: user.display_name,
    bio: user.bio,
    avatarUrl: user.avatar_url,
    avatar: user.avatar_url,
    bannerUrl: user.banner_url,
    isCreator: user.account_type === 'creator',
    accountType: user.account_type,
    isVerified: user.identity_status === 'verified',
    followersCount: visibleFollowersCount(user, viewerId),
    followingCount: user.following_count,
    subscriberCount: user.subscriber_count,
    postsCount: user.posts_count,
    subscriptionPrice: user.subscription_price_cents / 100,
    socialLinks: user.social_links ?? [],
    vibe: profile.vibe ?? null,
    vibeDisplaySettings: profile.vibeDisplaySettings ?? null,
    contentMenu: profile.contentMenu ?? null,
    creatorUpdateText: user.creator_update_text,
    creatorUpdateImageUrl: user.creator_update_image_url,
    creatorUpdateTimestamp: iso(user.creator_update_at),
    hasActiveProPack: proPack,
    // SPEC §3 name of the same value
    hasProPack: proPack,
    createdAt: user.created_at.toISOString(),
    ...relation,
  };
}

export function presentMe(user: UserRow, relations: OwnRelations = NO_RELATIONS): MeUser {
  const profile = user.profile ?? {};
  return {
    ...presentPublicUser(user, undefined, user.id),
    followersCount: user.followers_count,
    email: user.email,
    phoneNumber: user.phone_number,
    emailVerified: user.email_verified_at !== null,
    phoneVerified: user.phone_verified_at !== null,
    isAdmin: user.is_admin,
    role: user.is_admin ? 'admin' : user.account_type,
    identityStatus: user.identity_status,
    twoFactorEnabled: user.totp_enabled_at !== null,
    preferences: user.preferences ?? {},
    privacy: user.privacy ?? {},
    contentPreferences: profile.contentPreferences ?? null,
    ...relations,
    proPackActiveUntil: iso(user.pro_pack_active_until),
    proPackSubscriptionStatus: user.pro_pack_status,
    proPackCanceledAt: iso(user.pro_pack_canceled_at),
    onboardingCompleted: user.onboarding_completed_at !== null,
    betaAccess: user.beta_access_at !== null,
  };
}
