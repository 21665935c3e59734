import type { UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';

/** Who may see which account. Pure: services load the rows, these decide. */

/**
 * Deleted and banned accounts are gone for everyone else (404, as if they never existed);
 * suspended ones stay visible, they only cannot sign in.
 */
export function isPubliclyVisible(user: Pick<UserRow, 'status' | 'deleted_at'>): boolean {
  return user.deleted_at === null && (user.status === 'active' || user.status === 'suspended');
}

export const userNotFound = () => new NotFoundError('User not found');

export function assertPubliclyVisible<T extends Pick<UserRow, 'status' | 'deleted_at'>>(
  user: T | undefined,
): T {
  if (!user || !isPubliclyVisible(user)) throw userNotFound();
  return user;
}
