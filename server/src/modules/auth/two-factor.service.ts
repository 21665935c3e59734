import {
  ErrorCodes,
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  type BackupCodesResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@fanspace/contracts';
import { randomInt } from 'node:crypto';
import type { RequestAuth } from '../../platform/http/auth-plugin.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { lazyModule } from '../../platform/lazy-module.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError } from '../../platform/errors.ts';
import { normaliseOtp } from './auth.policy.ts';
import {
  claimTotpStep,
  countBackupCodes,
  findUserById,
  replaceBackupCodes,
  retireTokens,
  spendBackupCode,
} from './auth.queries.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret.ts';

export const BACKUP_CODE_COUNT = 10;
/** A session this young may regenerate backup codes without typing a code (see ARCHITECTURE). */
export const FRESH_SESSION_MS = 15 * 60_000;
const ISSUER = 'Fanspace';
// Our secrets are 20 bytes. Verification also accepts 10-byte secrets (the classic
// 'JBSWY3DPEHPK3PXP' of authenticator docs and our test factories) that existing rows may hold.
const loadOtp = lazyModule(async () => {
  const otplib = await import('otplib');
  return { ...otplib, guardrails: otplib.createGuardrails({ MIN_SECRET_BYTES: 10 }) };
});
const loadQrCode = lazyModule(async () => (await import('qrcode')).default);
// no 0/o, 1/l/i: backup codes are read off paper
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

type TotpCtx = Pick<AppContext, 'config'>;

const invalidCode = () => new BadRequestError('Invalid 2FA code', ErrorCodes.INVALID_2FA_CODE);

/**
 * SPEC §5 "2FA entry": a blank or missing code is asked for, not judged as a wrong one (so it
 * costs no attempt). `field` is the body's name for it: code (verify-login) or token.
 */
export function requireOtpCode(code: string | undefined, field: 'code' | 'token'): string {
  if (code === undefined || normaliseOtp(code) === '')
    throw new BadRequestError(TWO_FACTOR_CODE_REQUIRED_MESSAGE, ErrorCodes.VALIDATION_FAILED, {
      field,
    });
  return code;
}

/**
 * A 6-digit code of `secret` within ±1 step (30 s) whose step is later than the last accepted
 * one; the step is claimed atomically, so a code is never accepted twice.
 */
async function acceptTotp(ctx: TotpCtx, db: DbHandle, user: UserRow, code: string) {
  const secret = openTotpSecret(ctx.config, user);
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const { verify, guardrails } = await loadOtp();
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    guardrails,
    ...(user.totp_last_step !== null ? { afterTimeStep: user.totp_last_step } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  return claimTotpStep(db, user.id, result.timeStep);
}

/** The second factor: a current TOTP code or one unused backup code (spent on success). */
export async function verifySecondFactor(
  ctx: TotpCtx,
  db: DbHandle,
  user: UserRow,
  rawCode: string,
) {
  const code = normaliseOtp(rawCode);
  if (/^\d{6}$/.test(code)) return acceptTotp(ctx, db, user, code);
  if (/^[a-z0-9]{10}$/.test(code)) return spendBackupCode(db, user.id, hashToken(code));
  return false;
}

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

async function storeNewBackupCodes(db: DbHandle, userId: string): Promise<string[]> {
  const codes = newBackupCodes();
  await replaceBackupCodes(
    db,
    userId,
    codes.map((c) => hashToken(normaliseOtp(c))),
  );
  return codes;
}

export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  const enabled = user.totp_enabled_at !== null;
  return { enabled, backupCodesRemaining: enabled ? await countBackupCodes(ctx.db, user.id) : 0 };
}

/** Stores a new pending secret (replacing an unfinished setup) and returns it with its QR code. */
export async function setupTwoFactor(
  ctx: AppContext,
  user: UserRow,
): Promise<TwoFactorSetupResponse> {
  const { generateSecret, generateURI } = await loadOtp();
  const secret = generateSecret();
  const updated = await ctx.db
    .updateTable('users')
    .set({
      totp_secret: sealTotpSecret(ctx.config, user.id, secret),
      totp_last_step: null,
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .where('totp_enabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw alreadyEnabled();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
  const qrCode = await (await loadQrCode()).toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

const alreadyEnabled = () =>
  new ConflictError(
    ErrorCodes.TWO_FACTOR_ALREADY_ENABLED,
    'Two-factor authentication is already enabled',
  );
const notEnabled = () =>
  new BadRequestError(
    'Two-factor authentication is not enabled',
    ErrorCodes.TWO_FACTOR_NOT_ENABLED,
  );

/**
 * Runs `fn` on the locked account row; an AppError it returns is thrown after the transaction
 * commits, so the claimed TOTP step or spent backup code of a failed check still counts.
 */
async function onLockedUser<T>(
  ctx: AppContext,
  userId: string,
  fn: (tx: DbHandle, user: UserRow) => Promise<T | AppError>,
): Promise<T> {
  const result = await withTransaction(ctx.db, async (tx) => {
    const user = await findUserById(tx, userId, { forUpdate: true });
    if (!user) return new BadRequestError('Account not found', ErrorCodes.NOT_FOUND);
    return fn(tx, user);
  });
  if (result instanceof AppError) throw result;
  return result;
}

/** Checks a code against the pending secret, turns 2FA on and issues 10 backup codes. */
export function enableTwoFactor(
  ctx: AppContext,
  userId: string,
  rawCode: string | undefined,
): Promise<BackupCodesResponse> {
  const code = requireOtpCode(rawCode, 'token');
  return onLockedUser(ctx, userId, async (tx, user) => {
    if (user.totp_enabled_at) return alreadyEnabled();
    if (!user.totp_secret) {
      return new BadRequestError(
        'Start two-factor setup first',
        ErrorCodes.TWO_FACTOR_SETUP_REQUIRED,
      );
    }
    if (!(await acceptTotp(ctx, tx, user, normaliseOtp(code)))) return invalidCode();
    await tx
      .updateTable('users')
      .set({ totp_enabled_at: new Date(), updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    const backupCodes = await storeNewBackupCodes(tx, user.id);
    return {
      enabled: true as const,
      backupCodes,
      message: 'Two-factor authentication enabled. Keep your backup codes somewhere safe.',
    };
  });
}

/** Needs a current code or a backup code; forgets the secret and the backup codes. */
export function disableTwoFactor(ctx: AppContext, userId: string, rawCode: string | undefined) {
  const code = requireOtpCode(rawCode, 'token');
  return onLockedUser(ctx, userId, async (tx, user) => {
    if (!user.totp_enabled_at) return notEnabled();
    if (!(await verifySecondFactor(ctx, tx, user, code))) return invalidCode();
    await tx
      .updateTable('users')
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
    await replaceBackupCodes(tx, user.id, []);
    await retireTokens(tx, user.id, ['login_2fa']);
    return { enabled: false as const, message: 'Two-factor authentication disabled.' };
  });
}

/**
 * New backup codes replace the old ones. A code is required, except in a session younger than
 * 15 minutes (the spec's client sends no body): that user has just proved both factors.
 */
export function regenerateBackupCodes(
  ctx: AppContext,
  auth: RequestAuth,
  rawCode: string | undefined,
): Promise<BackupCodesResponse> {
  // the code may be left out, but one that is sent must not be blank
  const code = rawCode === undefined ? undefined : requireOtpCode(rawCode, 'token');
  return onLockedUser(ctx, auth.user.id, async (tx, user) => {
    if (!user.totp_enabled_at) return notEnabled();
    if (code !== undefined) {
      if (!(await verifySecondFactor(ctx, tx, user, code))) return invalidCode();
    } else if (Date.now() - auth.session.created_at.getTime() > FRESH_SESSION_MS) {
      return new ForbiddenError(
        ErrorCodes.TWO_FACTOR_REQUIRED,
        'Enter a current 2FA code to regenerate your backup codes',
        { requiresCode: true },
      );
    }
    const backupCodes = await storeNewBackupCodes(tx, user.id);
    return {
      enabled: true as const,
      backupCodes,
      message: 'New backup codes generated. The old ones no longer work.',
    };
  });
}
