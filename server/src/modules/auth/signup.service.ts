import {
  ErrorCodes,
  type SignupBody,
  type SignupResponse,
  type VerifyEmailBody,
  type VerifyPhoneBody,
  type VerifyPhoneResponse,
} from '@fanspace/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { AuthTokenRow, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/http/auth-plugin.ts';
import { queueMail } from '../../platform/mail/mail-job.ts';
import { queueSms } from '../../platform/sms/sms-job.ts';
import { consumeBetaCode, grantBetaAccess } from '../beta/beta.service.ts';
import { presentMe } from '../users/users.presenter.ts';
import { phoneCodeText, publicBaseUrl, verificationMail } from './auth.mails.ts';
import {
  loginBlock,
  normaliseEmail,
  normalisePhone,
  passwordProblem,
  usernameProblem,
} from './auth.policy.ts';
import {
  bumpTokenAttempts,
  findLatestLiveToken,
  findLiveTokenByHash,
  findUserById,
  findUserForLogin,
  getPlatformSetting,
  insertAuthToken,
  markTokenUsed,
  retireTokens,
  takenFields,
} from './auth.queries.ts';
import { startSession, type ClientMeta, type LoginResult } from './login.service.ts';
import { featureEnabled } from '../../platform/settings.ts';
import { applySignupReferral } from '../referrals/referrals.service.ts';

export const VERIFICATION_TTL_MS = 24 * 3_600_000;
export const MAX_CODE_ATTEMPTS = 5;
/** A new code is not sent more often than this per account (mail bombing). */
export const RESEND_INTERVAL_MS = 60_000;

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Salted with the token id so equal codes of different rows hash differently. */
const codeHash = (tokenId: string, code: string) => hashToken(`${tokenId}:${code}`);

/** Whether signup needs a beta code: the admin setting 'betaRequired' wins over BETA_REQUIRED. */
export async function isBetaRequired(ctx: AppContext, db: DbHandle = ctx.db): Promise<boolean> {
  const setting = await getPlatformSetting(db, 'betaRequired');
  return typeof setting === 'boolean' ? setting : ctx.config.BETA_REQUIRED;
}

/**
 * Mails a 6-digit code and a link for the account's email; earlier codes stop working. Returns
 * the pending verification's id (the signup response's pendingSignupId). Exported for an email
 * change, which must verify the new address the same way.
 */
export async function startEmailVerification(
  ctx: AppContext,
  db: DbHandle,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
): Promise<string> {
  await retireTokens(db, user.id, ['email_verify']);
  const id = randomUUID();
  const code = sixDigits();
  const linkToken = generateToken();
  await insertAuthToken(db, {
    id,
    userId: user.id,
    purpose: 'email_verify',
    tokenHash: hashToken(linkToken),
    codeHash: codeHash(id, code),
    target: normaliseEmail(user.email),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  const link = `${publicBaseUrl(ctx.config)}/verify-email?token=${linkToken}`;
  await queueMail(
    ctx.jobs,
    db,
    verificationMail({ to: user.email, username: user.username, code, link }),
  );
  return id;
}

/** Texts a 6-digit code to `phone` (E.164); earlier phone codes of the account stop working. */
export async function startPhoneVerification(
  ctx: AppContext,
  db: DbHandle,
  userId: string,
  phone: string,
): Promise<string> {
  await retireTokens(db, userId, ['phone_verify']);
  const id = randomUUID();
  const code = sixDigits();
  await insertAuthToken(db, {
    id,
    userId,
    purpose: 'phone_verify',
    codeHash: codeHash(id, code),
    target: phone,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  await queueSms(ctx.jobs, db, { to: phone, text: phoneCodeText(code) });
  return id;
}

const usernameTaken = () => new ConflictError(ErrorCodes.USERNAME_TAKEN, 'Username already taken');
const emailTaken = () => new ConflictError(ErrorCodes.EMAIL_TAKEN, 'Email already registered');

/**
 * Creates an unverified account and mails its verification code. Signup does not log in
 * (token null): the client shows the pending-verification screen of SPEC §4.
 */
export async function signup(ctx: AppContext, body: SignupBody): Promise<SignupResponse> {
  const username = body.username.trim();
  const email = normaliseEmail(body.email);
  const usernameIssue = usernameProblem(username);
  if (usernameIssue) {
    throw new BadRequestError(usernameIssue, ErrorCodes.VALIDATION_FAILED, { field: 'username' });
  }
  const passwordIssue = passwordProblem(body.password, { username, email });
  if (passwordIssue) {
    throw new BadRequestError(passwordIssue, ErrorCodes.WEAK_PASSWORD, { field: 'password' });
  }
  let phone: string | null = null;
  if (body.phoneNumber) {
    phone = normalisePhone(body.phoneNumber);
    if (!phone) {
      throw new BadRequestError(
        'Phone number must be in international format, e.g. +15551234567',
        ErrorCodes.VALIDATION_FAILED,
        { field: 'phoneNumber' },
      );
    }
  }
  const betaCode = body.betaCode?.trim() || null;
  const passwordHash = await hashPassword(body.password);

  try {
    return await withTransaction(ctx.db, async (tx) => {
      if (!(await featureEnabled(tx, 'registrationsOpen')))
        throw new ForbiddenError(
          ErrorCodes.SIGNUPS_CLOSED,
          'Sign-ups are closed right now. Join the waitlist to hear when they reopen.',
        );
      const betaRequired = await isBetaRequired(ctx, tx);
      if (betaRequired) {
        if (!betaCode) {
          throw new ForbiddenError(
            ErrorCodes.BETA_REQUIRED,
            'A beta access code is required to sign up',
          );
        }
        // in the signup transaction: a failed signup does not use up the code
        await consumeBetaCode(tx, betaCode);
      }
      const taken = await takenFields(tx, username, email);
      if (taken.email) throw emailTaken();
      if (taken.username) throw usernameTaken();
      const user = await tx
        .insertInto('users')
        .values({ username, email, password_hash: passwordHash, phone_number: phone })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (betaRequired) await grantBetaAccess(tx, user.id);
      // an unknown or malformed referral code is ignored: it never makes a signup fail
      await applySignupReferral(tx, user, body.referralCode);
      const pendingSignupId = await startEmailVerification(ctx, tx, user);
      if (phone) await startPhoneVerification(ctx, tx, user.id, phone);
      return {
        token: null,
        user: presentMe(user),
        requiresVerification: true,
        requiresEmailVerification: true,
        requiresPhoneVerification: phone !== null,
        message: phone
          ? 'Account created. Enter the codes we sent to your email and phone to finish.'
          : 'Account created. Enter the code we sent to your email to finish.',
        email: user.email,
        phoneNumber: phone,
        pendingSignupId,
      };
    });
  } catch (error) {
    // two signups racing for the same name: the unique index decides
    if (isUniqueViolation(error, 'users_username_key')) throw usernameTaken();
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

type CodeCheck = { ok: true; token: AuthTokenRow } | { ok: false; error: AppError };

/** Compares a typed code with a pending token; wrong codes count, the 5th kills the token. */
async function checkCode(
  db: DbHandle,
  token: AuthTokenRow | undefined,
  rawCode: string,
): Promise<CodeCheck> {
  const code = rawCode.replace(/\s/g, '');
  const invalid = (attemptsRemaining: number) =>
    new BadRequestError(
      'Invalid or expired verification code',
      ErrorCodes.INVALID_VERIFICATION_CODE,
      { attemptsRemaining },
    );
  if (!token || token.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, error: invalid(0) };
  if (token.code_hash === codeHash(token.id, code)) return { ok: true, token };
  const attempts = await bumpTokenAttempts(db, token.id);
  if (attempts >= MAX_CODE_ATTEMPTS) await markTokenUsed(db, token.id);
  return { ok: false, error: invalid(Math.max(0, MAX_CODE_ATTEMPTS - attempts)) };
}

/**
 * {email, code} or {token} (the mail's link). Marks the email verified and logs the user in
 * (or starts the 2FA step), so the client goes on as after a login.
 */
export async function verifyEmail(
  ctx: AppContext,
  body: VerifyEmailBody,
  meta: ClientMeta,
): Promise<LoginResult> {
  const result = await withTransaction(ctx.db, async (tx): Promise<LoginResult | AppError> => {
    let check: CodeCheck;
    if (body.token) {
      const token = await findLiveTokenByHash(tx, 'email_verify', hashToken(body.token), {
        forUpdate: true,
      });
      check = token
        ? { ok: true, token }
        : {
            ok: false,
            error: new BadRequestError(
              'This verification link is invalid or has expired',
              ErrorCodes.INVALID_TOKEN,
            ),
          };
    } else if (body.email && body.code) {
      const user = await findUserForLogin(tx, normaliseEmail(body.email));
      const token = user
        ? await findLatestLiveToken(tx, 'email_verify', { userId: user.id })
        : undefined;
      check = await checkCode(tx, token, body.code);
    } else {
      return new BadRequestError(
        'Send the email and the code, or the token from the link',
        ErrorCodes.VALIDATION_FAILED,
        { field: body.email ? 'code' : 'email' },
      );
    }
    if (!check.ok) return check.error;
    const user = await findUserById(tx, check.token.user_id, { forUpdate: true });
    if (
      !user ||
      user.deleted_at ||
      normaliseEmail(user.email) !== normaliseEmail(check.token.target ?? '')
    ) {
      await markTokenUsed(tx, check.token.id);
      return new BadRequestError('This verification is no longer valid', ErrorCodes.INVALID_TOKEN);
    }
    await retireTokens(tx, user.id, ['email_verify']);
    const verified = await tx
      .updateTable('users')
      .set({ email_verified_at: user.email_verified_at ?? new Date(), updated_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // the address is verified either way; a banned or suspended account just gets no session
    const block = loginBlock(verified);
    if (block) return new ForbiddenError(block.code, block.message, block.details);
    return startSession(ctx, tx, verified, meta);
  });
  if (result instanceof AppError) throw result;
  return result;
}

/**
 * Sends fresh codes for whatever the account still has to verify (email, phone). Always the
 * same answer, so it tells nobody whether an address has an account.
 */
export async function resendVerification(ctx: AppContext, rawEmail: string) {
  const email = normaliseEmail(rawEmail);
  await withTransaction(ctx.db, async (tx) => {
    const user = await findUserForLogin(tx, email);
    if (!user) return;
    const recent = (token: AuthTokenRow | undefined) =>
      token !== undefined && Date.now() - token.created_at.getTime() < RESEND_INTERVAL_MS;
    if (!user.email_verified_at) {
      const pending = await findLatestLiveToken(tx, 'email_verify', { userId: user.id });
      if (!recent(pending)) await startEmailVerification(ctx, tx, user);
    }
    if (user.phone_number && !user.phone_verified_at) {
      const pending = await findLatestLiveToken(tx, 'phone_verify', { userId: user.id });
      if (!recent(pending)) await startPhoneVerification(ctx, tx, user.id, user.phone_number);
    }
  });
  return {
    ok: true as const,
    message: 'If that account is waiting for verification, we sent a new code.',
  };
}

/**
 * Confirms a phone number with the texted code. Signed in: the account's pending phone. Right
 * after signup (no session yet): the pending verification of `phoneNumber`.
 */
export async function verifyPhone(
  ctx: AppContext,
  auth: RequestAuth | null,
  body: VerifyPhoneBody,
): Promise<VerifyPhoneResponse> {
  const phone = body.phoneNumber ? normalisePhone(body.phoneNumber) : auth?.user.phone_number;
  if (!phone) {
    throw new BadRequestError(
      body.phoneNumber
        ? 'Phone number must be in international format, e.g. +15551234567'
        : 'phoneNumber is required',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'phoneNumber' },
    );
  }
  const result = await withTransaction(ctx.db, async (tx) => {
    const token = await findLatestLiveToken(tx, 'phone_verify', {
      target: phone,
      ...(auth ? { userId: auth.user.id } : {}),
    });
    const check = await checkCode(tx, token, body.code);
    if (!check.ok) return check.error;
    await retireTokens(tx, check.token.user_id, ['phone_verify']);
    await tx
      .updateTable('users')
      .set({ phone_number: phone, phone_verified_at: new Date(), updated_at: new Date() })
      .where('id', '=', check.token.user_id)
      .execute();
    return null;
  });
  if (result) throw result;
  return { ok: true, message: 'Phone number verified', phoneNumber: phone, phoneVerified: true };
}
