import { randomBytes } from 'node:crypto';
import type { AppContext } from '../src/platform/context.ts';
import { createSession } from '../src/platform/auth/sessions.ts';
import type { NewUser, UserRow } from '../src/platform/db/schema.ts';

/** A cheap precomputed argon2id hash of 'password-for-tests' so factories stay fast. */
export const TEST_PASSWORD = 'password-for-tests';
export const TEST_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$fv0ad7ee3H+Ak6gzjoP0EQ$hu5/g2RZp8X6TlqQ0V1xB6E2zq3nAs9e9/ht9NlKWw8';

let counter = 0;
function unique() {
  counter += 1;
  return `${counter}${randomBytes(3).toString('hex')}`;
}

export async function createUser(
  ctx: AppContext,
  overrides: Partial<NewUser> = {},
): Promise<UserRow> {
  const id = unique();
  return ctx.db
    .insertInto('users')
    .values({
      username: `user_${id}`,
      email: `user_${id}@example.test`,
      password_hash: TEST_PASSWORD_HASH,
      email_verified_at: new Date(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function createCreator(ctx: AppContext, overrides: Partial<NewUser> = {}) {
  return createUser(ctx, {
    account_type: 'creator',
    identity_status: 'verified',
    subscription_price_cents: 999,
    ...overrides,
  });
}

export function createAdmin(ctx: AppContext, overrides: Partial<NewUser> = {}) {
  return createUser(ctx, {
    is_admin: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
    totp_enabled_at: new Date(),
    ...overrides,
  });
}

/** A live session for `user`; returns the bearer token. */
export async function tokenFor(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  userAgent = 'vitest',
): Promise<string> {
  const { token } = await createSession(ctx.db, user.id, {
    ttlDays: 1,
    userAgent,
    ip: '127.0.0.1',
  });
  return token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
