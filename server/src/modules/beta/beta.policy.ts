import type { UserRow } from '../../platform/db/schema.ts';

/** Beta access holders (a redeemed code) and admins may use beta features and invite others. */
export function hasBetaAccess(user: Pick<UserRow, 'beta_access_at' | 'is_admin'>): boolean {
  return user.beta_access_at !== null || user.is_admin;
}
