import { ErrorCodes, type AuthMessageResponse } from '@fanspace/contracts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { BadRequestError } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/http/auth-plugin.ts';
import { queueMail } from '../../platform/mail/mail-job.ts';
import { revokeSessionSocketsAfterCommit } from '../../platform/realtime/publish.ts';
import { passwordChangedMail, passwordResetMail, publicBaseUrl } from './auth.mails.ts';
import { normaliseEmail, passwordProblem } from './auth.policy.ts';
import {
  clearFailures,
  findLatestLiveToken,
  findLiveTokenByHash,
  findUserById,
  findUserForLogin,
  insertAuthToken,
  markTokenUsed,
  retireTokens,
} from './auth.queries.ts';

export const RESET_TOKEN_TTL_MS = 3_600_000;
const RESET_MAIL_INTERVAL_MS = 60_000;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we sent a link to reset the password.';

/** `field`: the body's name for it (reset-password: password, change-password: newPassword). */
function assertStrongPassword(
  password: string,
  user: { username: string; email: string },
  field: 'password' | 'newPassword',
) {
  const problem = passwordProblem(password, user);
  if (problem) throw new BadRequestError(problem, ErrorCodes.WEAK_PASSWORD, { field });
}

/**
 * Always the same 200, whether or not the account exists. Mails a single-use link valid for one
 * hour; asking again replaces the previous link (at most one mail a minute per account).
 */
export async function forgotPassword(
  ctx: AppContext,
  rawEmail: string,
): Promise<AuthMessageResponse> {
  const email = normaliseEmail(rawEmail);
  await withTransaction(ctx.db, async (tx) => {
    const user = await findUserForLogin(tx, email);
    if (!user) return;
    const pending = await findLatestLiveToken(tx, 'password_reset', { userId: user.id });
    if (pending && Date.now() - pending.created_at.getTime() < RESET_MAIL_INTERVAL_MS) return;
    await retireTokens(tx, user.id, ['password_reset']);
    const token = generateToken();
    await insertAuthToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: hashToken(token),
      target: normaliseEmail(user.email),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${publicBaseUrl(ctx.config)}/reset-password?token=${token}`;
    await queueMail(
      ctx.jobs,
      tx,
      passwordResetMail({ to: user.email, username: user.username, link }),
    );
  });
  return { ok: true, message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * Sets a new password from a reset link. Every session ends (and its sockets close); the next
 * login still asks for the second factor. The link proves the mailbox, so the email counts as
 * verified.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<AuthMessageResponse> {
  const invalid = () =>
    new BadRequestError('This reset link is invalid or has expired', ErrorCodes.INVALID_TOKEN);
  const row = await findLiveTokenByHash(ctx.db, 'password_reset', hashToken(token));
  if (!row) throw invalid();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user || user.deleted_at) throw invalid();
  assertStrongPassword(password, user, 'password');
  const passwordHash = await hashPassword(password);
  await withTransaction(ctx.db, async (tx) => {
    // the token is claimed in the transaction that uses it: two racing resets, one winner
    if (!(await markTokenUsed(tx, row.id))) throw invalid();
    await tx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        email_verified_at: user.email_verified_at ?? new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    await retireTokens(tx, user.id, ['password_reset', 'login_2fa']);
    const revoked = await revokeSessions(tx, { userId: user.id });
    revokeSessionSocketsAfterCommit(ctx, tx, revoked);
    await clearFailures(tx, `user:${user.id}`);
    await queueMail(ctx.jobs, tx, passwordChangedMail({ to: user.email, username: user.username }));
  });
  return {
    ok: true,
    message: 'Your password has been reset. Please log in with the new password.',
  };
}

/** Needs the current password; keeps this session and ends every other one. */
export async function changePassword(
  ctx: AppContext,
  auth: RequestAuth,
  currentPassword: string,
  newPassword: string,
): Promise<AuthMessageResponse> {
  const { user, session } = auth;
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw new BadRequestError(
      'Current password is incorrect',
      ErrorCodes.INVALID_CURRENT_PASSWORD,
      {
        field: 'currentPassword',
      },
    );
  }
  if (currentPassword === newPassword) {
    throw new BadRequestError(
      'The new password must be different from the current one',
      ErrorCodes.WEAK_PASSWORD,
      { field: 'newPassword' },
    );
  }
  assertStrongPassword(newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await retireTokens(tx, user.id, ['password_reset', 'login_2fa']);
    const revoked = await revokeSessions(tx, { userId: user.id, exceptSessionId: session.id });
    revokeSessionSocketsAfterCommit(ctx, tx, revoked);
    await queueMail(ctx.jobs, tx, passwordChangedMail({ to: user.email, username: user.username }));
  });
  return { ok: true, message: 'Password changed successfully' };
}
