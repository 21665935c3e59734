import {
  ACCOUNT_DELETE_CONFIRMATION,
  ADMIN_TOASTS,
  ErrorCodes,
  type AdminUpdateUserBody,
  type AdminUser,
  type AdminUserResponse,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type AdminSortField,
  type SuspendBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Updateable } from 'kysely';
import type { UserRow, UsersTable } from '../../platform/db/schema.ts';
import { revokeSessions } from '../../platform/auth/sessions.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/errors.ts';
import { revokeSessionSocketsAfterCommit } from '../../platform/realtime/publish.ts';
import { notify } from '../notifications/notify.ts';
import { deleteAccount } from '../users/account-deletion.service.ts';
import { csvCell } from '../../platform/csv.ts';
import { assertUsername, cleanText } from '../users/profile-rules.ts';
import { approveVerification, rejectVerification } from '../verification/verification.service.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

type AdminCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'bus' | 'log'>;

const userNotFound = () => new NotFoundError('User not found', ErrorCodes.NOT_FOUND);

export function presentAdminUser(user: UserRow, warningsCount = 0, now = Date.now()): AdminUser {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  // A suspension ends by itself (login lets the user back in): the row keeps 'suspended'.
  const suspensionOver =
    user.status === 'suspended' &&
    user.suspended_until !== null &&
    user.suspended_until.getTime() <= now;
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    email: user.email,
    avatarUrl: user.avatar_url,
    accountType: user.account_type,
    isCreator: user.account_type === 'creator',
    isAdmin: user.is_admin,
    status: suspensionOver ? 'active' : user.status,
    statusReason: suspensionOver ? null : user.status_reason,
    suspendedUntil: suspensionOver ? null : iso(user.suspended_until),
    identityStatus: user.identity_status,
    isVerified: user.identity_status === 'verified',
    emailVerified: user.email_verified_at !== null,
    twoFactorEnabled: user.totp_enabled_at !== null,
    promotedUntil: iso(user.promoted_until),
    isPromoted: user.promoted_until !== null && user.promoted_until.getTime() > now,
    followersCount: user.followers_count,
    postsCount: user.posts_count,
    warningsCount,
    createdAt: user.created_at.toISOString(),
    lastLoginAt: iso(user.last_login_at),
  };
}

async function warningsOf(db: DbHandle, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('user_warnings')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

const USER_SORT: SortColumns<AdminSortField<'users'>> = {
  createdAt: 'created_at',
  username: 'username',
  lastLoginAt: { expr: 'last_login_at', nullable: true },
  followersCount: 'followers_count',
  postsCount: 'posts_count',
};

/**
 * GET /admin/users: page, limit (20), role, status, search, created range; newest first unless
 * sortBy/order (or the older sort=newest|oldest) say otherwise.
 */
export async function listUsers(db: DbHandle, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  let base = db.selectFrom('users');
  if (query.role === 'admin') base = base.where('is_admin', '=', true);
  else if (query.role) base = base.where('account_type', '=', query.role);
  const now = new Date();
  if (query.status === 'suspended') {
    base = base
      .where('status', '=', 'suspended')
      .where((eb) => eb.or([eb('suspended_until', 'is', null), eb('suspended_until', '>', now)]));
  } else if (query.status === 'active') {
    // an ended suspension counts as active, as presentAdminUser shows it
    base = base.where((eb) =>
      eb.or([
        eb('status', '=', 'active'),
        eb.and([eb('status', '=', 'suspended'), eb('suspended_until', '<=', now)]),
      ]),
    );
  } else if (query.status) base = base.where('status', '=', query.status);
  else base = base.where('status', '!=', 'deleted');
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    base = base.where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('display_name', 'ilike', pattern),
      ]),
    );
  }
  if (query.createdFrom) base = base.where('created_at', '>=', new Date(query.createdFrom));
  if (query.createdTo) base = base.where('created_at', '<=', new Date(query.createdTo));
  const byCreation = (query.sortBy ?? 'createdAt') === 'createdAt';
  const order = sortClauses(
    USER_SORT,
    query,
    { sortBy: 'createdAt', order: byCreation && query.sort === 'oldest' ? 'asc' : 'desc' },
    'id',
  );
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(base.selectAll(), order).limit(query.limit).offset(pageOffset(query)).execute(),
  ]);
  const warnings = await warningsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    users: rows.map((r) => presentAdminUser(r, warnings.get(r.id) ?? 0)),
    ...pageInfo(query, Number(total)),
  };
}

export async function getAdminUser(db: DbHandle, userId: string): Promise<AdminUser> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw userNotFound();
  return presentAdminUser(user, (await warningsOf(db, [user.id])).get(user.id) ?? 0);
}

/**
 * Runs one admin action on the locked account row, audit-logged in the same transaction.
 * Admins cannot act on themselves, and accounts that are admins can only be edited (ban,
 * suspend and delete need the admin flag removed first), so no admin locks out another by
 * accident.
 */
async function onTarget(
  ctx: AdminCtx,
  adminId: string,
  userId: string,
  action: string,
  reason: string | null,
  change: (tx: DbHandle, user: UserRow) => Promise<Record<string, unknown> | void>,
  options: { allowAdminTarget?: boolean } = {},
): Promise<AdminUserResponse> {
  const user = await withTransaction(ctx.db, async (tx) => {
    const target = await tx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!target || target.status === 'deleted') throw userNotFound();
    if (target.id === adminId)
      throw new BadRequestError(
        'Admins cannot do this to their own account',
        ErrorCodes.CANNOT_TARGET_SELF,
      );
    if (target.is_admin && !options.allowAdminTarget)
      throw new ForbiddenError(
        ErrorCodes.FORBIDDEN,
        'This account is an admin: remove its admin rights first',
      );
    const details = (await change(tx, target)) ?? {};
    await audit(tx, {
      adminId,
      action,
      targetType: 'user',
      targetId: userId,
      reason,
      details,
    });
    return tx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  });
  const warnings = (await warningsOf(ctx.db, [user.id])).get(user.id) ?? 0;
  return { user: presentAdminUser(user, warnings), message: ADMIN_TOASTS.userUpdated };
}

const reasonOf = (raw: string | undefined) => {
  const reason = cleanText(raw ?? '');
  return reason === '' ? null : reason;
};

const requireReason = (raw: string | undefined) => {
  const reason = reasonOf(raw);
  if (!reason)
    throw new BadRequestError('A reason is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'reason',
    });
  return reason;
};

/** Ends every session of the account now, and its open sockets after commit. */
async function endSessions(ctx: AdminCtx, tx: DbHandle, userId: string) {
  const sessionIds = await revokeSessions(tx, { userId });
  revokeSessionSocketsAfterCommit(ctx, tx, sessionIds);
  return sessionIds.length;
}

async function setStatus(
  tx: DbHandle,
  userId: string,
  values: Pick<UserRow, 'status' | 'status_reason' | 'suspended_until'>,
) {
  await tx
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function banUser(ctx: AdminCtx, adminId: string, userId: string, rawReason?: string) {
  const reason = reasonOf(rawReason);
  return onTarget(ctx, adminId, userId, 'user.ban', reason, async (tx) => {
    await setStatus(tx, userId, { status: 'banned', status_reason: reason, suspended_until: null });
    return { sessionsEnded: await endSessions(ctx, tx, userId) };
  });
}

export function unbanUser(ctx: AdminCtx, adminId: string, userId: string, rawReason?: string) {
  return onTarget(ctx, adminId, userId, 'user.unban', reasonOf(rawReason), async (tx, user) => {
    if (user.status !== 'banned')
      throw new ConflictError(ErrorCodes.CONFLICT, 'This account is not banned');
    await setStatus(tx, userId, { status: 'active', status_reason: null, suspended_until: null });
  });
}

const UNIT_HOURS: Record<string, number> = { m: 1 / 60, h: 1, d: 24, w: 24 * 7 };

/** Suspension length in hours: `hours`, or `duration` as hours or '30m' / '12h' / '7d' / '2w'. */
export function suspensionHours(body: SuspendBody): number {
  let hours: number | undefined = body.hours;
  if (hours === undefined && body.duration !== undefined) {
    if (typeof body.duration === 'number') hours = body.duration;
    else {
      const match = /^\s*(\d+(?:\.\d+)?)\s*([mhdw]?)\s*$/i.exec(body.duration);
      if (match) hours = Number(match[1]) * UNIT_HOURS[(match[2] || 'h').toLowerCase()]!;
    }
  }
  if (hours === undefined || !Number.isFinite(hours) || hours <= 0 || hours > 24 * 365)
    throw new BadRequestError(
      'Give the suspension length as hours (up to a year) or a duration such as 12h, 7d or 2w',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'hours' },
    );
  return hours;
}

export function suspendUser(ctx: AdminCtx, adminId: string, userId: string, body: SuspendBody) {
  const hours = suspensionHours(body);
  const reason = reasonOf(body.reason);
  const until = new Date(Date.now() + Math.round(hours * 3_600_000));
  return onTarget(ctx, adminId, userId, 'user.suspend', reason, async (tx, user) => {
    // a suspension ends by itself: over a ban it would quietly lift the ban when it runs out
    if (user.status === 'banned')
      throw new ConflictError(ErrorCodes.CONFLICT, 'This account is banned: unban it first');
    await setStatus(tx, userId, {
      status: 'suspended',
      status_reason: reason,
      suspended_until: until,
    });
    return { hours, until: until.toISOString(), sessionsEnded: await endSessions(ctx, tx, userId) };
  });
}

export function unsuspendUser(ctx: AdminCtx, adminId: string, userId: string, rawReason?: string) {
  return onTarget(ctx, adminId, userId, 'user.unsuspend', reasonOf(rawReason), async (tx, user) => {
    if (user.status !== 'suspended')
      throw new ConflictError(ErrorCodes.CONFLICT, 'This account is not suspended');
    await setStatus(tx, userId, { status: 'active', status_reason: null, suspended_until: null });
  });
}

/** A warning the user is notified of (type 'admin'); counted on the account. */
export function warnUser(ctx: AdminCtx, adminId: string, userId: string, rawReason?: string) {
  const reason = requireReason(rawReason);
  return onTarget(
    ctx,
    adminId,
    userId,
    'user.warn',
    reason,
    async (tx) => {
      await tx
        .insertInto('user_warnings')
        .values({ user_id: userId, admin_id: adminId, reason })
        .execute();
      await notify(tx, {
        userId,
        type: 'admin',
        relatedType: 'warning',
        data: { message: `You received a warning from the Fanspace team: ${reason}`, reason },
      });
    },
    { allowAdminTarget: true },
  );
}

/**
 * Marks the identity verified, as an approved submission does: the account becomes a creator
 * and may post. For verifying someone checked outside the app (a known partner).
 */
export function verifyUser(ctx: AdminCtx, adminId: string, userId: string, rawReason?: string) {
  return onTarget(
    ctx,
    adminId,
    userId,
    'user.verify',
    reasonOf(rawReason),
    async (tx) => {
      await tx
        .updateTable('users')
        .set({ identity_status: 'verified', account_type: 'creator', updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      // a submission still in the queue is settled by this: left pending, a later rejection
      // of it would mark the verified creator 'rejected'
      await tx
        .updateTable('identity_verifications')
        .set({ status: 'approved', reviewed_by: adminId, reviewed_at: new Date() })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .execute();
    },
    { allowAdminTarget: true },
  );
}

/** Promoted creators lead `/users/promoted-creators` until the promotion ends. */
export function promoteUser(ctx: AdminCtx, adminId: string, userId: string, hours: number) {
  const until = new Date(Date.now() + Math.round(hours * 3_600_000));
  return onTarget(
    ctx,
    adminId,
    userId,
    'user.promote',
    null,
    async (tx, user) => {
      if (user.account_type !== 'creator')
        throw new BadRequestError('Only creators can be promoted', ErrorCodes.VALIDATION_FAILED);
      await tx
        .updateTable('users')
        .set({ promoted_until: until, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      return { hours, until: until.toISOString() };
    },
    { allowAdminTarget: true },
  );
}

export function cancelPromotion(ctx: AdminCtx, adminId: string, userId: string) {
  return onTarget(
    ctx,
    adminId,
    userId,
    'user.cancel-promotion',
    null,
    async (tx) => {
      await tx
        .updateTable('users')
        .set({ promoted_until: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
    { allowAdminTarget: true },
  );
}

async function latestPendingSubmission(db: DbHandle, userId: string) {
  const row = await db
    .selectFrom('identity_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row)
    throw new NotFoundError(
      'This user has no pending verification submission',
      ErrorCodes.NOT_FOUND,
    );
  return row.id;
}

/** POST /admin/users/{id}/approve: approves the user's pending identity verification. */
export async function approveUser(ctx: AdminCtx, adminId: string, userId: string) {
  const submissionId = await latestPendingSubmission(ctx.db, userId);
  await approveVerification(ctx, submissionId, adminId);
  await audit(ctx.db, {
    adminId,
    action: 'verification.approve',
    targetType: 'user',
    targetId: userId,
    details: { submissionId },
  });
  return { user: await getAdminUser(ctx.db, userId), message: ADMIN_TOASTS.userUpdated };
}

/** POST /admin/users/{id}/reject {reason}: rejects it (a reason is required). */
export async function rejectUser(ctx: AdminCtx, adminId: string, userId: string, reason: string) {
  const submissionId = await latestPendingSubmission(ctx.db, userId);
  await rejectVerification(ctx, submissionId, adminId, reason);
  await audit(ctx.db, {
    adminId,
    action: 'verification.reject',
    targetType: 'user',
    targetId: userId,
    reason: reasonOf(reason),
    details: { submissionId },
  });
  return { user: await getAdminUser(ctx.db, userId), message: ADMIN_TOASTS.userUpdated };
}

/** PUT /admin/users/{id}: profile fields, email, username, account type, admin flag. */
export function updateUser(
  ctx: AdminCtx,
  adminId: string,
  userId: string,
  body: AdminUpdateUserBody,
) {
  if (body.isAdmin === false && userId === adminId)
    throw new BadRequestError(
      'You cannot remove your own admin rights',
      ErrorCodes.CANNOT_TARGET_SELF,
    );
  const changes: Updateable<UsersTable> = {};
  if (body.displayName !== undefined)
    changes.display_name = body.displayName === null ? null : cleanText(body.displayName) || null;
  if (body.bio !== undefined) changes.bio = cleanText(body.bio);
  if (body.email !== undefined) changes.email = body.email.trim().toLowerCase();
  // the same rule as one's own profile; the case is kept as typed (usernames are citext: unique
  // and looked up regardless of case)
  if (body.username !== undefined) changes.username = assertUsername(body.username.trim());
  if (body.accountType !== undefined) changes.account_type = body.accountType;
  if (body.isAdmin !== undefined) changes.is_admin = body.isAdmin;
  if (Object.keys(changes).length === 0)
    throw new BadRequestError('Nothing to update', ErrorCodes.VALIDATION_FAILED);
  const run = async () => {
    const apply = async (tx: DbHandle) => {
      await tx
        .updateTable('users')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      return { fields: Object.keys(changes) };
    };
    if (userId === adminId) {
      // editing one's own profile fields is fine; the lock-out rules are for other accounts
      const user = await withTransaction(ctx.db, async (tx) => {
        const details = await apply(tx);
        await audit(tx, {
          adminId,
          action: 'user.update',
          targetType: 'user',
          targetId: userId,
          details,
        });
        return tx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
      });
      return { user: presentAdminUser(user), message: ADMIN_TOASTS.userUpdated };
    }
    return onTarget(ctx, adminId, userId, 'user.update', reasonOf(body.reason), apply, {
      allowAdminTarget: true,
    });
  };
  return run().catch((error: unknown) => {
    if (isUniqueViolation(error))
      throw new ConflictError(
        changes.email !== undefined && changes.username === undefined
          ? ErrorCodes.EMAIL_TAKEN
          : ErrorCodes.USERNAME_TAKEN,
        'That email or username is already taken',
      );
    throw error;
  });
}

/** DELETE /admin/users/{id}: the same anonymising deletion as the user's own. */
export async function deleteUser(
  ctx: AdminCtx,
  adminId: string,
  userId: string,
  rawReason?: string,
) {
  if (userId === adminId)
    throw new BadRequestError(
      'Admins cannot delete their own account here',
      ErrorCodes.CANNOT_TARGET_SELF,
    );
  const target = await ctx.db
    .selectFrom('users')
    .select(['is_admin', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!target || target.status === 'deleted') throw userNotFound();
  if (target.is_admin)
    throw new ForbiddenError(
      ErrorCodes.FORBIDDEN,
      'This account is an admin: remove its admin rights first',
    );
  await deleteAccount(ctx, userId, { confirmation: ACCOUNT_DELETE_CONFIRMATION });
  await audit(ctx.db, {
    adminId,
    action: 'user.delete',
    targetType: 'user',
    targetId: userId,
    reason: reasonOf(rawReason),
  });
  return { ok: true as const, message: 'User deleted' };
}

const CSV_COLUMNS: Array<keyof AdminUser> = [
  'id',
  'username',
  'displayName',
  'email',
  'accountType',
  'isAdmin',
  'status',
  'identityStatus',
  'followersCount',
  'postsCount',
  'createdAt',
  'lastLoginAt',
];

/** GET /admin/export/users?format=csv|json: every account that is not deleted, oldest first. */
export async function exportUsers(ctx: AdminCtx, adminId: string, format: 'csv' | 'json') {
  const rows = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('status', '!=', 'deleted')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const users = rows.map((r) => presentAdminUser(r));
  await audit(ctx.db, {
    adminId,
    action: 'users.export',
    targetType: 'users',
    details: { format, count: users.length },
  });
  if (format === 'json')
    return { contentType: 'application/json', body: JSON.stringify({ users }) };
  const lines = [
    CSV_COLUMNS.join(','),
    ...users.map((u) => CSV_COLUMNS.map((c) => csvCell(u[c])).join(',')),
  ];
  return { contentType: 'text/csv; charset=utf-8', body: `${lines.join('\r\n')}\r\n` };
}
