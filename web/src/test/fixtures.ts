/** Contract-shaped test data: a full MeUser or PublicUser with only the interesting bits set. */
import type { MeUser, PublicUser } from '@fanspace/contracts';

let counter = 0;

export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  counter += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const username = overrides.username ?? `user${counter}`;
  return {
    id,
    userId: id,
    username,
    displayName: null,
    bio: '',
    avatarUrl: null,
    avatar: null,
    bannerUrl: null,
    isCreator: false,
    accountType: 'fan',
    isVerified: false,
    followersCount: 0,
    followingCount: 0,
    subscriberCount: 0,
    postsCount: 0,
    subscriptionPrice: 0,
    socialLinks: [],
    vibe: null,
    vibeDisplaySettings: null,
    contentMenu: null,
    creatorUpdateText: null,
    creatorUpdateImageUrl: null,
    creatorUpdateTimestamp: null,
    hasActiveProPack: false,
    hasProPack: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeMeUser(overrides: Partial<MeUser> = {}): MeUser {
  const base = makePublicUser(overrides);
  return {
    ...base,
    followersCount: base.followersCount ?? 0,
    email: `${base.username}@example.com`,
    phoneNumber: null,
    emailVerified: true,
    phoneVerified: false,
    isAdmin: false,
    role: base.accountType,
    identityStatus: 'none',
    twoFactorEnabled: false,
    preferences: {},
    privacy: {},
    contentPreferences: null,
    blockedUserIds: [],
    restrictedUserIds: [],
    restrictedByUserIds: [],
    followingUserIds: [],
    followerUserIds: [],
    mediaFolders: [],
    mediaLibrary: [],
    proPackActiveUntil: null,
    proPackSubscriptionStatus: null,
    proPackCanceledAt: null,
    onboardingCompleted: true,
    betaAccess: false,
    ...overrides,
  };
}
