import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { EdgeKey } from '../graph/graph-lists.queries.ts';

/** SQL of the referral programme. */

export async function findCodeOf(db: DbHandle, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('referral_codes')
    .select('code')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.code;
}

/** Inserts unless the user has a code or the code is taken (either way: undefined). */
export async function insertCode(db: DbHandle, userId: string, code: string) {
  const row = await db
    .insertInto('referral_codes')
    .values({ user_id: userId, code })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return row?.code;
}

/** The active account behind a code (suspended, banned and deleted accounts refer nobody). */
export function findReferrerByCode(db: DbHandle, code: string) {
  return db
    .selectFrom('referral_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.username', 'u.display_name', 'c.code'])
    .where('c.code', '=', code)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Records who referred `referredId`; a second referral of the same user is ignored. */
export async function insertReferral(
  db: DbHandle,
  referrerId: string,
  referredId: string,
  code: string,
): Promise<boolean> {
  const row = await db
    .insertInto('referrals')
    .values({ referrer_id: referrerId, referred_id: referredId, code })
    .onConflict((oc) => oc.column('referred_id').doNothing())
    .returning('referred_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function referralCounts(db: DbHandle, referrerId: string) {
  const row = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .select([
      sql<string>`count(*)`.as('signedUp'),
      sql<string>`count(*) filter (where u.account_type = 'creator')`.as('becameCreators'),
    ])
    .where('r.referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { signedUp: Number(row.signedUp), becameCreators: Number(row.becameCreators) };
}

/**
 * The referrer's earnings net of reversals, and the part still held: the unreleased holds of
 * their referral_share transactions (the rest has been released to their available balance).
 */
export async function referralEarningsOf(db: DbHandle, referrerId: string) {
  const [net, held] = await Promise.all([
    db
      .selectFrom('referral_earnings')
      .select(sql<string>`coalesce(sum(amount_cents - reversed_cents), 0)`.as('total'))
      .where('referrer_id', '=', referrerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ledger_pending_releases as h')
      .innerJoin('referral_earnings as re', 're.share_transaction_id', 'h.transaction_id')
      .select(sql<string>`coalesce(sum(h.amount_cents), 0)`.as('total'))
      .where('re.referrer_id', '=', referrerId)
      .where('h.creator_id', '=', referrerId)
      .where('h.released_transaction_id', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { totalCents: Number(net.total), pendingCents: Number(held.total) };
}

/** created_at as exact UTC text (the graph lists' cursor format keeps the microseconds). */
const edgeAt = sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One keyset page of the people `referrerId` referred, newest first. */
export function referredPage(
  db: DbHandle,
  referrerId: string,
  limit: number,
  after: EdgeKey | undefined,
) {
  let query = db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referred_id')
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.account_type',
      'u.deleted_at',
      'r.created_at',
      edgeAt.as('edge_at'),
      (eb) =>
        eb
          .selectFrom('referral_earnings as re')
          .select(sql<string>`coalesce(sum(re.amount_cents - re.reversed_cents), 0)`.as('e'))
          .where('re.referrer_id', '=', referrerId)
          .whereRef('re.referred_id', '=', 'r.referred_id')
          .as('earned'),
    ])
    .where('r.referrer_id', '=', referrerId);
  if (after)
    query = query.where(
      sql<boolean>`(r.created_at, r.referred_id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  return query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.referred_id', 'desc')
    .limit(limit)
    .execute();
}

export function referredBy(db: DbHandle, userId: string) {
  return db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referrer_id')
    .select(['u.id', 'u.username', 'r.created_at'])
    .where('r.referred_id', '=', userId)
    .executeTakeFirst();
}
