/**
 * The signed-in user (spec §3 User) is the server's MeUser; other accounts are PublicUser. Both
 * types come from @fanspace/contracts. The helpers below also accept the spec's legacy field
 * names (avatar_url, profileImage), which older stored sessions or other servers may carry.
 */
import type { MeUser, PublicUser } from '@fanspace/contracts';

export type { MeUser, PublicUser };

/** The user kept in the session store. */
export type SessionUser = MeUser;

/** Legacy spellings of the avatar field (spec §3: avatarUrl falls back to these). */
interface LegacyAvatarFields {
  avatar_url?: string | null;
  profileImage?: string | null;
}

/** Anything user-shaped the helpers can read: a MeUser, a PublicUser or a partial of either. */
export type UserLike = Partial<Omit<MeUser, 'followersCount'>> &
  // a PublicUser's is null when the account hides it
  Partial<Pick<PublicUser, 'followersCount'>> &
  LegacyAvatarFields & { name?: string };

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Spec §5: a session is valid only if the current-user response has userId, id, username or
 * email. This is the one runtime check at the boundary; the rest of the app trusts the type.
 */
export function isValidSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    nonEmptyString(v.userId) ||
    nonEmptyString(v.id) ||
    typeof v.id === 'number' ||
    nonEmptyString(v.username) ||
    nonEmptyString(v.email)
  );
}

/** Accepts a bare user or `{ user }`, the two shapes current-user responses come in. */
export function extractUser(value: unknown): SessionUser | null {
  if (isValidSessionUser(value)) return value;
  if (typeof value === 'object' && value !== null && 'user' in value) {
    const inner = (value as { user: unknown }).user;
    if (isValidSessionUser(inner)) return inner;
  }
  return null;
}

export function userIdOf(user: UserLike | null | undefined): string | null {
  if (!user) return null;
  const id = user.userId ?? user.id;
  return id === undefined || id === null ? null : String(id);
}

export function avatarUrlOf(user: UserLike | null | undefined): string | null {
  if (!user) return null;
  return user.avatarUrl || user.avatar || user.avatar_url || user.profileImage || null;
}

/** Spec §6: a creator is isCreator true, or accountType 'creator'. */
export function isCreatorUser(user: UserLike | null | undefined): boolean {
  return Boolean(user && (user.isCreator === true || user.accountType === 'creator'));
}

export function isAdminUser(user: UserLike | null | undefined): boolean {
  return Boolean(user && (user.isAdmin === true || user.role === 'admin'));
}

export function displayNameOf(user: UserLike | null | undefined): string {
  if (!user) return 'Guest';
  return user.displayName || user.name || user.username || user.email?.split('@')[0] || 'You';
}

/** Whether the account still has to go through onboarding (unknown counts as done). */
export function needsOnboarding(user: UserLike | null | undefined): boolean {
  return user?.onboardingCompleted === false;
}
