import {
  ErrorCodes,
  type AdminDashboardResponse,
  type AdminSortField,
  type AdminWaitlistQuery,
  type GrowthStatsResponse,
  type PlatformSettings,
  type SystemNotificationBody,
  type UpdatePlatformSettingsBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { sendBetaInvite } from '../beta/beta.service.ts';
import { getPlatformSetting } from '../auth/auth.queries.ts';
import { featureFlags, limits, moderationSettings } from '../../platform/settings.ts';
import { cleanTerms, invalidateFlaggedTerms } from './auto-flag.ts';
import { DEFAULT_FEE_PERCENT, parseFeePercent } from '../ledger/money.ts';
import { parseReferralMonths, parseReferralPercent } from '../referrals/referral-rules.ts';
import { notify } from '../notifications/notify.ts';
import { cleanText } from '../users/profile-rules.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';
import { isUuid } from '../../platform/ids.ts';

type PlatformCtx = Pick<AppContext, 'db' | 'config'>;

/**
 * The platform settings an admin can change, stored in `platform_settings` (key → JSON) and
 * read where they apply: feePercent, referralPercent and referralMonths by the ledger's fee
 * split, proPackPrice by the pro pack, betaRequired by signup. Absent keys fall back to the documented defaults and config.
 */
export async function getSettings(ctx: PlatformCtx): Promise<PlatformSettings> {
  const [fee, proPack, beta, referralPct, referralMonths] = await Promise.all([
    getPlatformSetting(ctx.db, 'feePercent'),
    getPlatformSetting(ctx.db, 'proPackPrice'),
    getPlatformSetting(ctx.db, 'betaRequired'),
    getPlatformSetting(ctx.db, 'referralPercent'),
    getPlatformSetting(ctx.db, 'referralMonths'),
  ]);
  return {
    feePercent: fee === undefined ? DEFAULT_FEE_PERCENT : parseFeePercent(fee),
    referralPercent: parseReferralPercent(referralPct),
    referralMonths: parseReferralMonths(referralMonths),
    proPackPrice: typeof proPack === 'number' && proPack > 0 ? proPack : ctx.config.PRO_PACK_PRICE,
    betaRequired: typeof beta === 'boolean' ? beta : ctx.config.BETA_REQUIRED,
    features: await featureFlags(ctx.db),
    limits: await limits(ctx.db),
    moderation: await moderationSettings(ctx.db),
  };
}

/** Settings stored whole as one JSON object: a partial update merges into the current one. */
const MERGED_KEYS = new Set(['features', 'limits', 'moderation']);

const twoDecimals = (n: number) => Math.round(n * 100) === n * 100;

/** PUT /admin/settings: only the keys sent change; each change is audit-logged with old → new. */
export async function updateSettings(
  ctx: PlatformCtx,
  adminId: string,
  body: UpdatePlatformSettingsBody,
): Promise<PlatformSettings> {
  if (body.feePercent !== undefined && Math.round(body.feePercent * 100) !== body.feePercent * 100)
    throw new BadRequestError('feePercent has at most two decimals', ErrorCodes.VALIDATION_FAILED, {
      field: 'feePercent',
    });
  if (body.referralPercent !== undefined && !twoDecimals(body.referralPercent))
    throw new BadRequestError(
      'referralPercent has at most two decimals',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'referralPercent' },
    );
  if (body.proPackPrice !== undefined && !twoDecimals(body.proPackPrice))
    throw new BadRequestError(
      'proPackPrice has at most two decimals',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'proPackPrice',
      },
    );
  const before = await getSettings(ctx);
  if (body.moderation?.flaggedTerms)
    body = {
      ...body,
      moderation: { ...body.moderation, flaggedTerms: cleanTerms(body.moderation.flaggedTerms) },
    };
  await withTransaction(ctx.db, async (tx) => {
    for (const [key, sent] of Object.entries(body)) {
      if (sent === undefined) continue;
      const value = MERGED_KEYS.has(key)
        ? { ...(before[key as keyof PlatformSettings] as object), ...(sent as object) }
        : sent;
      await tx
        .insertInto('platform_settings')
        .values({ key, value: JSON.stringify(value), updated_by: adminId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            value: JSON.stringify(value),
            updated_by: adminId,
            updated_at: new Date(),
          }),
        )
        .execute();
    }
    const changes = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        { from: before[key as keyof PlatformSettings], to: value },
      ]),
    );
    await audit(tx, {
      adminId,
      action: 'settings.update',
      targetType: 'settings',
      details: changes,
    });
  });
  if (body.moderation?.flaggedTerms) invalidateFlaggedTerms(ctx.db);
  return getSettings(ctx);
}

/**
 * POST /admin/notifications/system {message, targetUsers}: a 'system' notification (actor the
 * system {hash}) to everyone, all creators, all fans, or listed ids/usernames. Written in
 * batches; unknown names in a list are reported back, not silently dropped.
 */
export async function sendSystemNotification(
  ctx: PlatformCtx,
  adminId: string,
  body: SystemNotificationBody,
): Promise<{ message: string; recipients: number }> {
  const message = cleanText(body.message);
  if (!message)
    throw new BadRequestError('A message is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'message',
    });
  let query = ctx.db
    .selectFrom('users')
    .select('id')
    .where('status', 'in', ['active', 'suspended']);
  if (body.targetUsers === 'creators') query = query.where('account_type', '=', 'creator');
  else if (body.targetUsers === 'fans') query = query.where('account_type', '=', 'fan');
  else if (Array.isArray(body.targetUsers)) {
    const ids = body.targetUsers.filter((t) => isUuid(t));
    const names = body.targetUsers
      .filter((t) => !isUuid(t))
      .map((t) => t.replace(/^@/, '').toLowerCase());
    query = query.where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(names.length > 0 ? [eb('username', 'in', names)] : []),
      ]),
    );
  }
  const recipients = (await query.execute()).map((r) => r.id);
  if (Array.isArray(body.targetUsers) && recipients.length === 0)
    throw new BadRequestError('None of the target users exist', ErrorCodes.VALIDATION_FAILED, {
      field: 'targetUsers',
    });
  for (let i = 0; i < recipients.length; i += 500) {
    const batch = recipients.slice(i, i + 500);
    await withTransaction(ctx.db, async (tx) => {
      for (const userId of batch)
        await notify(tx, { userId, type: 'system', relatedType: 'system', data: { message } });
    });
  }
  await audit(ctx.db, {
    adminId,
    action: 'notification.system',
    targetType: 'users',
    details: {
      message,
      target: Array.isArray(body.targetUsers) ? 'list' : body.targetUsers,
      recipients: recipients.length,
    },
  });
  return {
    message: `System notification sent to ${recipients.length} users`,
    recipients: recipients.length,
  };
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** GET /admin/system/logs: the newest structured log lines of this process (ring buffer). */
export function systemLogs(
  ctx: Pick<AppContext, 'logs'>,
  limit: number,
  level: keyof typeof LEVELS | undefined,
) {
  return { logs: ctx.logs.recent(limit, level ? LEVELS[level] : 0) };
}

const WAITLIST_SORT: SortColumns<AdminSortField<'waitlist'>> = {
  createdAt: 'created_at',
  email: 'email',
  invitedAt: { expr: 'invited_at', nullable: true },
};

/** GET /admin/waitlist: newest first unless sortBy/order say otherwise; email, type, invited. */
export async function listWaitlist(db: DbHandle, query: AdminWaitlistQuery) {
  let base = db.selectFrom('waitlist_entries');
  const search = query.search?.trim();
  if (search) base = base.where('email', 'ilike', likePattern(search));
  if (query.userType) base = base.where('user_type', '=', query.userType);
  if (query.invited !== undefined)
    base = base.where('invited_at', query.invited ? 'is not' : 'is', null);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(
      base.selectAll(),
      sortClauses(WAITLIST_SORT, query, { sortBy: 'createdAt', order: 'desc' }, 'id'),
    )
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return {
    entries: rows.map((r) => ({
      id: String(r.id),
      email: r.email,
      userType: r.user_type,
      createdAt: r.created_at.toISOString(),
      invitedAt: r.invited_at?.toISOString() ?? null,
    })),
    ...pageInfo(query, Number(total)),
  };
}

/**
 * POST /admin/waitlist/{id}/invite: mails the entry a single-use beta code (the same invite a
 * member can send) and marks it invited; inviting again sends a fresh code.
 */
export async function inviteFromWaitlist(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs'>,
  adminId: string,
  entryId: number,
) {
  return withTransaction(ctx.db, async (tx) => {
    const entry = await tx
      .updateTable('waitlist_entries')
      .set({ invited_at: new Date() })
      .where('id', '=', entryId)
      .returning(['email', 'invited_at'])
      .executeTakeFirst();
    if (!entry) throw new NotFoundError('Waitlist entry not found', ErrorCodes.NOT_FOUND);
    await sendBetaInvite(ctx, tx, {
      email: entry.email,
      inviterName: 'The Fanspace team',
      createdBy: adminId,
    });
    await audit(tx, {
      adminId,
      action: 'waitlist.invite',
      targetType: 'waitlist',
      targetId: String(entryId),
    });
    return {
      message: `Beta invite sent to ${entry.email}`,
      email: entry.email,
      invitedAt: entry.invited_at!.toISOString(),
    };
  });
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** Rows per UTC day of `table.column` since `from`. */
async function perDay(
  db: DbHandle,
  table: 'users' | 'posts' | 'subscriptions',
  from: Date,
  filter?: 'creators',
) {
  const day = sql<string>`to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD')`;
  let query = db
    .selectFrom(table)
    .select([day.as('day'), sql<number>`count(*)::int`.as('n')])
    .where('created_at', '>=', from)
    .groupBy(day);
  if (filter === 'creators')
    query = (query as typeof query).where(sql<boolean>`account_type = 'creator'`);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** GET /admin/growth-stats?days=30: totals and a row per UTC day (sign-ups, creators, posts, subscriptions). */
export async function growthStats(
  db: DbHandle,
  days: number,
  now = new Date(),
): Promise<GrowthStatsResponse> {
  const start = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)),
  );
  const [signups, creators, posts, subscriptions, totals] = await Promise.all([
    perDay(db, 'users', start),
    perDay(db, 'users', start, 'creators'),
    perDay(db, 'posts', start),
    perDay(db, 'subscriptions', start),
    db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '!=', 'deleted')
          .as('users'),
        eb
          .selectFrom('users')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', '!=', 'deleted')
          .where('account_type', '=', 'creator')
          .as('creators'),
        eb
          .selectFrom('posts')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('deleted_at', 'is', null)
          .as('posts'),
        eb
          .selectFrom('subscriptions')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('status', 'in', ['active', 'canceled'])
          .where('current_period_end', '>', now)
          .as('subs'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const daily = Array.from({ length: days }, (_, i) => {
    const date = dayKey(new Date(start.getTime() + i * 86_400_000));
    return {
      date,
      signups: signups.get(date) ?? 0,
      creators: creators.get(date) ?? 0,
      posts: posts.get(date) ?? 0,
      subscriptions: subscriptions.get(date) ?? 0,
    };
  });
  return {
    days,
    totals: {
      users: Number(totals.users ?? 0),
      creators: Number(totals.creators ?? 0),
      posts: Number(totals.posts ?? 0),
      activeSubscriptions: Number(totals.subs ?? 0),
    },
    daily,
  };
}

/** The dashboard's counters (money figures come from GET /admin/financials). */
export async function dashboard(db: DbHandle, now = new Date()): Promise<AdminDashboardResponse> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const count = sql<number>`count(*)::int`;
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(count.as('n')).where('status', '!=', 'deleted').as('users'),
      eb
        .selectFrom('users')
        .select(count.as('n'))
        .where('status', '!=', 'deleted')
        .where('account_type', '=', 'creator')
        .as('creators'),
      eb.selectFrom('users').select(count.as('n')).where('created_at', '>=', today).as('new_today'),
      eb.selectFrom('users').select(count.as('n')).where('status', '=', 'banned').as('banned'),
      eb
        .selectFrom('users')
        .select(count.as('n'))
        .where('status', '=', 'suspended')
        .where((eb) => eb.or([eb('suspended_until', 'is', null), eb('suspended_until', '>', now)]))
        .as('suspended'),
      eb.selectFrom('posts').select(count.as('n')).where('deleted_at', 'is', null).as('posts'),
      eb
        .selectFrom('posts')
        .select(count.as('n'))
        .where('deleted_at', 'is', null)
        .where('created_at', '>=', today)
        .as('posts_today'),
      eb.selectFrom('reports').select(count.as('n')).where('status', '=', 'pending').as('reports'),
      eb
        .selectFrom('identity_verifications')
        .select(count.as('n'))
        .where('status', '=', 'pending')
        .as('verifications'),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    users: {
      total: n(row.users),
      creators: n(row.creators),
      newToday: n(row.new_today),
      banned: n(row.banned),
      suspended: n(row.suspended),
    },
    content: { posts: n(row.posts), postsToday: n(row.posts_today) },
    moderation: { pendingReports: n(row.reports), pendingVerifications: n(row.verifications) },
  };
}
