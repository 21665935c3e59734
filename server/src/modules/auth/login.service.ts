import { ErrorCodes, type LoginBody, type LoginResponse } from '@fanspace/contracts';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords.ts';
import { accountCanSignIn, newSession } from '../../platform/auth/sessions.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../platform/errors.ts';
import { presentMe } from '../users/users.presenter.ts';
import { loginBlock } from './auth.policy.ts';
import {
  bumpTokenAttempts,
  clearFailures,
  findLiveTokenByHash,
  findUserAndRecordAttempt,
  findUserById,
  insertAuthToken,
  markTokenUsed,
  recordLogin,
} from './auth.queries.ts';
import { requireOtpCode, verifySecondFactor } from './two-factor.service.ts';

/** Where a request comes from; stored on the session it creates. */
export interface ClientMeta {
  ip: string;
  userAgent?: string | undefined;
}

/** A login step's response plus the session token the route also sets as a cookie. */
export interface LoginResult {
  response: LoginResponse;
  sessionToken: string | null;
}

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
export const TEMP_TOKEN_TTL_MS = 5 * 60_000;
export const MAX_2FA_ATTEMPTS = 5;

const invalidCredentials = () =>
  new UnauthorizedError('Invalid email or password', ErrorCodes.INVALID_CREDENTIALS);

/**
 * SPEC §3 login. Unknown account and wrong password are the same 401, with the same argon2
 * work. Failed attempts are counted per account and address in the database (10 per 15
 * minutes, then 429), so the limit holds across server processes. The usual login is two
 * statements around the argon2 verify: the account with the attempt counted and recorded, and
 * the session (docs/PERFORMANCE.md "Login"); a failed one is the first alone.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  meta: ClientMeta,
): Promise<LoginResult> {
  const identifier = (body.email ?? body.username ?? '').trim();
  if (!identifier) {
    throw new BadRequestError('Email or username is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'email',
    });
  }
  const { user, accountKey, refused, retryAfterSeconds } = await findUserAndRecordAttempt(
    ctx.db,
    identifier,
    `name:${identifier.toLowerCase()}`,
    meta.ip,
    { max: MAX_FAILED_LOGINS, windowSeconds: FAILED_LOGIN_WINDOW_SECONDS },
  );
  if (refused) {
    throw new TooManyRequestsError(
      `Too many failed login attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      { retryAfterSeconds },
    );
  }
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    body.password,
  );
  // a failure stays recorded; the gate drops the times that left the window
  if (!user || !passwordOk) throw invalidCredentials();
  // the right password clears the failures; usually in the statement that starts the session
  if (!user.totp_enabled_at && !loginBlock(user) && user.email_verified_at)
    return completeLogin(ctx, ctx.db, user.id, meta, { accountKey, ip: meta.ip });
  await clearFailures(ctx.db, accountKey, meta.ip);
  assertMayLogIn(user);
  if (!user.email_verified_at) {
    throw new ForbiddenError(
      ErrorCodes.EMAIL_NOT_VERIFIED,
      'Please verify your email address first. We sent you a code when you signed up.',
      { requiresVerification: true, requiresEmailVerification: true, email: user.email },
    );
  }
  return startSession(ctx, ctx.db, user, meta);
}

function assertMayLogIn(user: Parameters<typeof loginBlock>[0]) {
  const block = loginBlock(user);
  if (block) throw new ForbiddenError(block.code, block.message, block.details);
}

/**
 * After the first factor: a session, or with 2FA on a 5-minute single-purpose temp token for
 * POST /auth/verify-login. Also used by email verification, which logs the user in.
 */
export async function startSession(
  ctx: AppContext,
  db: DbHandle,
  user: Pick<UserRow, 'id' | 'totp_enabled_at'>,
  meta: ClientMeta,
): Promise<LoginResult> {
  if (user.totp_enabled_at) {
    const tempToken = generateToken();
    await insertAuthToken(db, {
      userId: user.id,
      purpose: 'login_2fa',
      tokenHash: hashToken(tempToken),
      expiresAt: new Date(Date.now() + TEMP_TOKEN_TTL_MS),
    });
    return {
      sessionToken: null,
      response: {
        token: null,
        user: null,
        twoFactorRequired: true,
        tempToken,
        isFirstLogin: false,
      },
    };
  }
  return completeLogin(ctx, db, user.id, meta);
}

/**
 * Starts the session of a user who passed every factor: one statement (`recordLogin`), which
 * also clears the failed attempts of this account and address when `clearFailures` names them.
 */
export async function completeLogin(
  ctx: AppContext,
  handle: DbHandle,
  userId: string,
  meta: ClientMeta,
  clearFailures?: { accountKey: string; ip: string },
): Promise<LoginResult> {
  const { token, row } = newSession(userId, {
    ttlDays: ctx.config.SESSION_TTL_DAYS,
    userAgent: meta.userAgent,
    ip: meta.ip,
  });
  const { user, isFirstLogin, relations } = await recordLogin(handle, row, clearFailures);
  return {
    sessionToken: token,
    response: {
      token,
      user: { ...presentMe(user, relations), isFirstLogin },
      twoFactorRequired: false,
      tempToken: null,
      isFirstLogin,
    },
  };
}

type VerifyOutcome =
  | { kind: 'ok'; result: LoginResult }
  | { kind: 'expired' }
  | { kind: 'blocked'; user: UserRow }
  | { kind: 'wrong'; attemptsRemaining: number };

/**
 * Exchanges the temp token (bearer) and a TOTP or backup code for a session. The token is
 * single use, locked while checked, and burnt after 5 wrong codes.
 */
export async function verifyLogin(
  ctx: AppContext,
  tempToken: string | null,
  rawCode: string | undefined,
  meta: ClientMeta,
): Promise<LoginResult> {
  // asked for before the token is judged, as the body's validation used to be
  const code = requireOtpCode(rawCode, 'code');
  const outcome = await withTransaction(ctx.db, async (tx): Promise<VerifyOutcome> => {
    if (!tempToken) return { kind: 'expired' };
    const row = await findLiveTokenByHash(tx, 'login_2fa', hashToken(tempToken), {
      forUpdate: true,
    });
    if (!row || row.attempts >= MAX_2FA_ATTEMPTS) return { kind: 'expired' };
    const user = await findUserById(tx, row.user_id, { forUpdate: true });
    if (!user?.totp_enabled_at || user.deleted_at) {
      await markTokenUsed(tx, row.id);
      return { kind: 'expired' };
    }
    if (!accountCanSignIn(user)) {
      await markTokenUsed(tx, row.id);
      return { kind: 'blocked', user };
    }
    if (!(await verifySecondFactor(ctx, tx, user, code))) {
      const attempts = await bumpTokenAttempts(tx, row.id);
      if (attempts >= MAX_2FA_ATTEMPTS) await markTokenUsed(tx, row.id);
      return { kind: 'wrong', attemptsRemaining: Math.max(0, MAX_2FA_ATTEMPTS - attempts) };
    }
    await markTokenUsed(tx, row.id);
    return { kind: 'ok', result: await completeLogin(ctx, tx, user.id, meta) };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.result;
    case 'blocked':
      assertMayLogIn(outcome.user);
      throw invalidCredentials();
    case 'wrong':
      throw new UnauthorizedError('Invalid 2FA code', ErrorCodes.INVALID_2FA_CODE, {
        attemptsRemaining: outcome.attemptsRemaining,
      });
    case 'expired':
      throw new UnauthorizedError(
        'Your login has expired. Please log in again.',
        ErrorCodes.INVALID_TOKEN,
      );
  }
}
