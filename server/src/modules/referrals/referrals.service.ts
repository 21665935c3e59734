import {
  ErrorCodes,
  ReferralLimits,
  type AdminUserReferrals,
  type ReferralCodeCheck,
  type ReferralsOverview,
  type ReferralsQuery,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { getPlatformSetting } from '../auth/auth.queries.ts';
import { publicBaseUrl } from '../auth/auth.mails.ts';
import { decodeCursor, encodeCursor } from '../graph/graph-lists.service.ts';
import { units } from '../ledger/money.ts';
import { notify } from '../notifications/notify.ts';
import {
  generateReferralCode,
  normaliseReferralCode,
  parseReferralMonths,
  parseReferralPercent,
} from './referral-rules.ts';
import * as q from './referrals.queries.ts';

/** The referral programme's use cases (rules: referral-rules.ts; money: referrals.split.ts). */

const unknownCode = () =>
  new NotFoundError('This referral code does not exist', ErrorCodes.NOT_FOUND);

/**
 * The user's code, made on first use and never changed after (a shared link keeps working).
 * A clash with another user's code (about one in 10^12 per pair) just draws again.
 */
export async function ensureReferralCode(db: DbHandle, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await q.findCodeOf(db, userId);
    if (existing) return existing;
    const made = await q.insertCode(db, userId, generateReferralCode());
    if (made) return made;
  }
  throw new Error('could not allocate a referral code');
}

export const referralLink = (ctx: Pick<AppContext, 'config'>, code: string) =>
  `${publicBaseUrl(ctx.config)}/signup?ref=${encodeURIComponent(code)}`;

/** GET /referrals/code/{code}: 404 for a code nobody (active) has. */
export async function checkReferralCode(db: DbHandle, raw: string): Promise<ReferralCodeCheck> {
  const code = normaliseReferralCode(raw);
  const referrer = code ? await q.findReferrerByCode(db, code) : undefined;
  if (!referrer) throw unknownCode();
  return {
    code: referrer.code,
    valid: true,
    referrer: { username: referrer.username, displayName: referrer.display_name },
  };
}

/**
 * At signup, in its transaction: records the referral of a valid code and tells the referrer.
 * Anything else (no code, a malformed or unknown one, one's own) is ignored: a referral code
 * never makes a signup fail.
 */
export async function applySignupReferral(
  tx: DbHandle,
  user: Pick<UserRow, 'id' | 'username'>,
  raw: string | null | undefined,
): Promise<boolean> {
  const code = normaliseReferralCode(raw);
  if (!code) return false;
  const referrer = await q.findReferrerByCode(tx, code);
  if (!referrer || referrer.id === user.id) return false;
  if (!(await q.insertReferral(tx, referrer.id, user.id, code))) return false;
  await notify(tx, {
    userId: referrer.id,
    type: 'system',
    actorId: user.id,
    relatedId: user.id,
    relatedType: 'user',
    data: {
      kind: 'referral_signup',
      username: user.username,
      message: `@${user.username} signed up with your referral link.`,
    },
  });
  return true;
}

async function programmeTerms(db: DbHandle) {
  const [pct, months] = await Promise.all([
    getPlatformSetting(db, 'referralPercent'),
    getPlatformSetting(db, 'referralMonths'),
  ]);
  return { ratePercent: parseReferralPercent(pct), windowMonths: parseReferralMonths(months) };
}

/** GET /referrals: my code and link, counts, one page of the people I referred, my earnings. */
export async function referralsOverview(
  ctx: Pick<AppContext, 'db' | 'config'>,
  me: Pick<UserRow, 'id'>,
  query: ReferralsQuery,
): Promise<ReferralsOverview> {
  const limit = query.limit ?? ReferralLimits.pageDefault;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const code = await ensureReferralCode(ctx.db, me.id);
  const [counts, earnings, terms, rows] = await Promise.all([
    q.referralCounts(ctx.db, me.id),
    q.referralEarningsOf(ctx.db, me.id),
    programmeTerms(ctx.db),
    q.referredPage(ctx.db, me.id, limit + 1, after),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  const availableCents = Math.max(0, earnings.totalCents - earnings.pendingCents);
  return {
    code,
    link: referralLink(ctx, code),
    counts,
    earnings: {
      total: units(earnings.totalCents),
      totalCents: earnings.totalCents,
      pending: units(earnings.pendingCents),
      pendingCents: earnings.pendingCents,
      available: units(availableCents),
      availableCents,
      ...terms,
    },
    referred: page.map((r) => ({
      // a deleted account keeps its anonymised name and no display name
      username: r.username,
      displayName: r.deleted_at ? null : r.display_name,
      joinedAt: new Date(r.created_at).toISOString(),
      isCreator: r.account_type === 'creator',
      earnedCents: Number(r.earned ?? 0),
    })),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor({ at: last.edge_at, id: last.id }) : null,
  };
}

/** GET /admin/users/{id}/referrals: the account's code, referrer and what it earned. */
export async function adminUserReferrals(
  db: DbHandle,
  userId: string,
): Promise<AdminUserReferrals> {
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!exists) throw new NotFoundError('User not found');
  const [code, by, counts, earnings] = await Promise.all([
    q.findCodeOf(db, userId),
    q.referredBy(db, userId),
    q.referralCounts(db, userId),
    q.referralEarningsOf(db, userId),
  ]);
  return {
    code: code ?? null,
    referredBy: by ? { id: by.id, username: by.username } : null,
    referredAt: by ? new Date(by.created_at).toISOString() : null,
    ...counts,
    earnedCents: earnings.totalCents,
  };
}
