/**
 * The signed-in user as the client sees it (spec §3 User). Until contracts/ publishes the user
 * presenter schema this mirrors the spec's field names, including its legacy fallbacks.
 */
export interface SessionUser {
  id?: string;
  userId?: string;
  username?: string;
  email?: string;
  displayName?: string;
  name?: string;
  bio?: string;
  avatarUrl?: string | null;
  avatar?: string | null;
  avatar_url?: string | null;
  profileImage?: string | null;
  isCreator?: boolean;
  accountType?: string;
  isAdmin?: boolean;
  followersCount?: number;
  subscriberCount?: number;
  [field: string]: unknown;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Spec §5: a session is valid only if the current-user response has userId, id, username or email. */
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

export function userIdOf(user: SessionUser | null | undefined): string | null {
  if (!user) return null;
  const id = user.userId ?? user.id;
  return id === undefined || id === null ? null : String(id);
}

export function avatarUrlOf(user: SessionUser | null | undefined): string | null {
  if (!user) return null;
  return user.avatarUrl || user.avatar || user.avatar_url || user.profileImage || null;
}

export function isCreatorUser(user: SessionUser | null | undefined): boolean {
  return Boolean(user && (user.isCreator === true || user.accountType === 'creator'));
}

export function isAdminUser(user: SessionUser | null | undefined): boolean {
  return Boolean(user && (user.isAdmin === true || user.role === 'admin'));
}

export function displayNameOf(user: SessionUser | null | undefined): string {
  if (!user) return 'Guest';
  return user.displayName || user.name || user.username || user.email?.split('@')[0] || 'You';
}
