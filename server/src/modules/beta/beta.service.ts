import { ErrorCodes, type BetaFeature, type VerifyBetaCodeResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { BetaCodeRow, UserRow } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/errors.ts';
import { cleanText } from '../users/profile-rules.ts';
import { generateBetaCode, normaliseBetaCode } from './beta-codes.ts';
import { hasBetaAccess } from './beta.policy.ts';
import {
  findActiveFeature,
  findCode,
  grantAccess,
  listFeatures,
  setUserFeature,
  takeCodeUse,
} from './beta.queries.ts';

type BetaCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

const INVITE_VALID_DAYS = 30;

/**
 * Signup with BETA_REQUIRED calls this inside its transaction: one use of the code is taken
 * atomically (never more than max_uses under concurrency), or it throws 403 BETA_REQUIRED.
 * Give the new account access with `grantBetaAccess` in the same transaction.
 */
export async function consumeBetaCode(db: DbHandle, code: string): Promise<void> {
  const normalised = normaliseBetaCode(code);
  if (!normalised || !(await takeCodeUse(db, normalised)))
    throw new ForbiddenError(ErrorCodes.BETA_REQUIRED, 'A valid beta code is required');
}

export async function grantBetaAccess(db: DbHandle, userId: string): Promise<void> {
  await grantAccess(db, userId);
}

/** Why a code cannot be used, in words, or null when it can. */
function codeProblem(row: BetaCodeRow | undefined): string | null {
  if (!row) return 'This beta code is not valid';
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return 'This beta code has expired';
  if (row.uses >= row.max_uses) return 'This beta code has already been used';
  return null;
}

const invalidCode = (message: string) =>
  new BadRequestError(message, ErrorCodes.INVALID_BETA_CODE, { valid: false, betaAccess: false });

/**
 * POST /beta/verify-code. A visitor only learns whether the code is valid (the use is taken at
 * signup); a signed-in account without access redeems it: one use, and access granted.
 */
export async function verifyBetaCode(
  ctx: Pick<AppContext, 'db'>,
  rawCode: string,
  user: UserRow | null,
): Promise<VerifyBetaCodeResponse> {
  const code = normaliseBetaCode(rawCode);
  if (!code) throw invalidCode('This beta code is not valid');
  if (user && !hasBetaAccess(user)) {
    const redeemed = await withTransaction(ctx.db, async (tx) => {
      if (!(await takeCodeUse(tx, code))) return false;
      await grantAccess(tx, user.id);
      return true;
    });
    if (!redeemed)
      throw invalidCode(codeProblem(await findCode(ctx.db, code)) ?? 'This beta code is not valid');
  } else {
    const problem = codeProblem(await findCode(ctx.db, code));
    if (problem) throw invalidCode(problem);
  }
  return { valid: true, betaAccess: true, message: 'Beta access granted' };
}

export interface NewBetaCode {
  /** a chosen code (e.g. 'LAUNCH-2026'); generated when omitted */
  code?: string;
  maxUses?: number;
  expiresAt?: Date | null;
  createdBy?: string | null;
  invitedEmail?: string | null;
}

/** Creates a code (admin tooling and invites). */
export async function createBetaCode(db: DbHandle, input: NewBetaCode = {}): Promise<BetaCodeRow> {
  const code = input.code === undefined ? generateBetaCode() : normaliseBetaCode(input.code);
  if (!code)
    throw new BadRequestError(
      'A beta code has 4–40 letters, digits or dashes',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'code' },
    );
  const maxUses = input.maxUses ?? 1;
  if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 1_000_000)
    throw new BadRequestError(
      'maxUses must be a whole number from 1',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'maxUses',
      },
    );
  try {
    return await db
      .insertInto('beta_codes')
      .values({
        code,
        max_uses: maxUses,
        expires_at: input.expiresAt ?? null,
        created_by: input.createdBy ?? null,
        invited_email: input.invitedEmail ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'beta_codes_code_key'))
      throw new ConflictError(ErrorCodes.CONFLICT, 'This beta code already exists');
    throw error;
  }
}

export async function listBetaFeatures(
  ctx: Pick<AppContext, 'db'>,
  userId: string | null,
): Promise<BetaFeature[]> {
  const rows = await listFeatures(ctx.db, userId);
  return rows.map((r) => ({ ...r, userEnabled: Boolean(r.userEnabled) }));
}

const betaAccessRequired = () =>
  new ForbiddenError(ErrorCodes.BETA_REQUIRED, 'Beta access is required for this');

export async function setBetaFeature(
  ctx: Pick<AppContext, 'db'>,
  user: UserRow,
  featureId: string,
  userEnabled: boolean,
): Promise<BetaFeature> {
  if (!hasBetaAccess(user)) throw betaAccessRequired();
  const feature = await findActiveFeature(ctx.db, featureId);
  if (!feature) throw new NotFoundError('Beta feature not found');
  await setUserFeature(ctx.db, user.id, feature.id, userEnabled);
  return { ...feature, userEnabled };
}

export async function submitBetaFeedback(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  input: { featureId?: string | undefined; message: string },
): Promise<void> {
  const message = cleanText(input.message);
  if (message === '')
    throw new BadRequestError('Feedback must not be blank', ErrorCodes.VALIDATION_FAILED, {
      field: 'message',
    });
  if (input.featureId !== undefined && !(await findActiveFeature(ctx.db, input.featureId)))
    throw new NotFoundError('Beta feature not found');
  await ctx.db
    .insertInto('beta_feedback')
    .values({ user_id: userId, feature_id: input.featureId ?? null, message })
    .execute();
}

/**
 * POST /beta/invite: a single-use code for one email, mailed through the outbox in the same
 * transaction (the mail exists exactly when the code does).
 */
export async function inviteToBeta(ctx: BetaCtx, inviter: UserRow, email: string): Promise<void> {
  if (!hasBetaAccess(inviter)) throw betaAccessRequired();
  await withTransaction(ctx.db, (tx) =>
    sendBetaInvite(ctx, tx, {
      email,
      inviterName: inviter.display_name ?? inviter.username,
      createdBy: inviter.id,
    }),
  );
}

/**
 * A single-use beta code for `email`, mailed in the caller's transaction. Used by members'
 * invites and by admins inviting from the waitlist.
 */
export async function sendBetaInvite(
  ctx: BetaCtx,
  tx: DbHandle,
  input: { email: string; inviterName: string; createdBy: string },
): Promise<void> {
  const to = input.email.trim().toLowerCase();
  const expiresAt = new Date(Date.now() + INVITE_VALID_DAYS * 86_400_000);
  const { code } = await createBetaCode(tx, {
    maxUses: 1,
    expiresAt,
    createdBy: input.createdBy,
    invitedEmail: to,
  });
  const name = input.inviterName;
  const link = ctx.config.PUBLIC_URL
    ? `\nSign up here: ${new URL(`/signup?betaCode=${encodeURIComponent(code)}`, ctx.config.PUBLIC_URL).toString()}\n`
    : '';
  await ctx.jobs.enqueue(tx, 'mail.send', {
    to,
    subject: `${name} invited you to the Fanspace beta`,
    text: [
      `${name} invited you to try the Fanspace beta.`,
      '',
      `Your beta code: ${code}`,
      link,
      `The code works once and expires on ${expiresAt.toISOString().slice(0, 10)}.`,
    ].join('\n'),
  });
}
