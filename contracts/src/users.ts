import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

export const SocialLink = Type.Object({
  id: Type.String(),
  platform: Type.String(),
  url: Type.String(),
});
export type SocialLink = Static<typeof SocialLink>;

/** What anyone may see of an account (SPEC §3 User, public part). */
export const PublicUser = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  bio: Type.String(),
  avatarUrl: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  bannerUrl: Nullable(Type.String()),
  isCreator: Type.Boolean(),
  accountType: Type.Union([Type.Literal('fan'), Type.Literal('creator')]),
  isVerified: Type.Boolean(),
  /**
   * null when the account hides it (privacy.showFollowerCount false) from everyone but itself;
   * the owner's own views (`MeUser`, its own profile) always carry the number
   */
  followersCount: Nullable(Type.Integer()),
  followingCount: Type.Integer(),
  subscriberCount: Type.Integer(),
  postsCount: Type.Integer(),
  subscriptionPrice: Type.Number(),
  socialLinks: Type.Array(SocialLink),
  vibe: Type.Unknown(),
  vibeDisplaySettings: Type.Unknown(),
  contentMenu: Type.Unknown(),
  creatorUpdateText: Nullable(Type.String()),
  creatorUpdateImageUrl: Nullable(Type.String()),
  creatorUpdateTimestamp: Nullable(Type.String()),
  hasActiveProPack: Type.Boolean(),
  /** SPEC §3 name of the same value as hasActiveProPack */
  hasProPack: Type.Boolean(),
  createdAt: Type.String(),
  /** viewer-relative, present when a viewer is known */
  isFollowing: Type.Optional(Type.Boolean()),
  isSubscribed: Type.Optional(Type.Boolean()),
  isBlocked: Type.Optional(Type.Boolean()),
  isRestricted: Type.Optional(Type.Boolean()),
});
export type PublicUser = Static<typeof PublicUser>;

const MeUserObject = Type.Object({
  ...PublicUser.properties,
  /** the owner always sees their own count */
  followersCount: Type.Integer(),
  email: Type.String(),
  phoneNumber: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  phoneVerified: Type.Boolean(),
  isAdmin: Type.Boolean(),
  role: Type.Union([Type.Literal('fan'), Type.Literal('creator'), Type.Literal('admin')]),
  identityStatus: Type.Union([
    Type.Literal('none'),
    Type.Literal('pending'),
    Type.Literal('verified'),
    Type.Literal('rejected'),
  ]),
  twoFactorEnabled: Type.Boolean(),
  preferences: Type.Record(Type.String(), Type.Unknown()),
  privacy: Type.Record(Type.String(), Type.Unknown()),
  contentPreferences: Type.Unknown(),
  blockedUserIds: Type.Array(Type.String()),
  restrictedUserIds: Type.Array(Type.String()),
  restrictedByUserIds: Type.Array(Type.String()),
  followingUserIds: Type.Array(Type.String()),
  /** the newest 1,000 followers' ids, newest first; followersCount is the total */
  followerUserIds: Type.Array(Type.String()),
  mediaFolders: Type.Array(Type.Unknown()),
  mediaLibrary: Type.Array(Type.Unknown()),
  proPackActiveUntil: Nullable(Type.String()),
  proPackSubscriptionStatus: Nullable(Type.String()),
  proPackCanceledAt: Nullable(Type.String()),
  onboardingCompleted: Type.Boolean(),
  /** SPEC §4 Beta access: the account redeemed a beta code */
  betaAccess: Type.Boolean(),
  isFirstLogin: Type.Optional(Type.Boolean()),
});

/** The signed-in user's own account: every SPEC §3 User field. */
export type MeUser = Static<typeof MeUserObject>;
/**
 * The same schema (Kind 'Object', all properties) with its static type computed once above:
 * with ~55 properties, Fastify's type provider otherwise re-derives the type in every route
 * that embeds MeUser and hits TypeScript's instantiation-depth limit (TS2589).
 */
export const MeUser = Type.Unsafe<MeUser>(MeUserObject);
