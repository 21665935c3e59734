import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { creatorEarningsOf, shareDelta } from '../collaborations/collaborations.earnings.ts';
import { COLLAB_SPLIT_KIND } from '../collaborations/collaborations.split.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import type { CreatorMetric } from './recorder.ts';

/** SQL of the analytics module. Every query is keyed by the creator and a time range (indexed). */

export type Unit = 'day' | 'month';
const fmt = (unit: Unit) => (unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM');

export interface MetricCount {
  key: string;
  metric: CreatorMetric;
  count: number;
}

/** Event counts of the hour rollup by day or month (UTC), or one total row per metric (key ''). */
export async function countsBy(
  db: DbHandle,
  creatorId: string,
  from: Date,
  to: Date,
  unit: Unit | null,
  grain: 'hour' | 'minute' = 'hour',
): Promise<MetricCount[]> {
  const key = unit
    ? sql<string>`to_char(bucket at time zone 'UTC', ${sql.lit(fmt(unit))})`
    : grain === 'minute'
      ? sql<string>`to_char(bucket at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`
      : sql<string>`''`;
  const rows = await db
    .selectFrom('analytics_creator_counts')
    .select([key.as('key'), 'metric', sql<string>`sum(count)`.as('count')])
    .where('creator_id', '=', creatorId)
    .where('grain', '=', grain)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .groupBy([sql`1`, 'metric'])
    .execute();
  return rows.map((r) => ({
    key: r.key,
    metric: r.metric as CreatorMetric,
    count: Number(r.count),
  }));
}

/**
 * The creator's net share by day/month, from the ledger: charges minus refunds and chargebacks,
 * a collaboration split counted for the collaborator and not for the post's owner.
 */
export async function earningsBy(
  db: DbHandle,
  creatorId: string,
  from: Date,
  to: Date,
  unit: Unit | null,
): Promise<Map<string, number>> {
  const key = unit
    ? sql<string>`to_char(created_at at time zone 'UTC', ${sql.lit(fmt(unit))})`
    : sql<string>`''`;
  const rows = await db
    .selectFrom('ledger_transactions')
    .select([key.as('key'), sql<string>`coalesce(sum(${shareDelta(creatorId)}), 0)`.as('cents')])
    .where(creatorEarningsOf(creatorId))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.cents)]));
}

export async function creatorCounters(db: DbHandle, creatorId: string) {
  const row = await db
    .selectFrom('users')
    .select(['subscriber_count', 'followers_count'])
    .where('id', '=', creatorId)
    .executeTakeFirst();
  return { subscribers: row?.subscriber_count ?? 0, followers: row?.followers_count ?? 0 };
}

export async function newFollowersBy(
  db: DbHandle,
  creatorId: string,
  from: Date,
  to: Date,
  unit: Unit,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('follows')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', ${sql.lit(fmt(unit))})`.as('key'),
      sql<string>`count(*)`.as('n'),
    ])
    .where('followee_id', '=', creatorId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

export type ContentOrder = 'recent' | 'views' | 'likes' | 'comments' | 'earnings' | 'engagement';

export interface ContentRowDb {
  id: string;
  caption: string;
  published_at: Date;
  access_level: string;
  price_cents: number | null;
  views: number;
  likes: number;
  comments: number;
  purchases: number;
  earnings_cents: number;
  total: number;
}

const ORDER: Record<ContentOrder, string> = {
  recent: 'p.published_at',
  views: 'views',
  likes: 'likes',
  comments: 'comments',
  earnings: 'earnings_cents',
  engagement: 'case when views > 0 then (likes + comments)::float / views else 0 end',
};

/**
 * The creator's live posts with the period's counts (post rollup) and unlock earnings (ledger),
 * sorted in SQL, one page. `publishedSince` limits to posts published in the period.
 */
export async function contentPage(
  db: DbHandle,
  creatorId: string,
  from: Date,
  to: Date,
  opts: { order: ContentOrder; limit: number; offset: number; publishedSince?: Date },
): Promise<ContentRowDb[]> {
  const since = opts.publishedSince ? sql`and p.published_at >= ${opts.publishedSince}` : sql``;
  const result = await sql<ContentRowDb>`
    with pc as (
      select post_id,
        sum(count) filter (where metric = 'post_view') as views,
        sum(count) filter (where metric = 'like') as likes,
        sum(count) filter (where metric = 'comment') as comments,
        sum(count) filter (where metric = 'purchase') as purchases
      from analytics_post_counts
      where creator_id = ${creatorId}
        and day >= (${from}::timestamptz at time zone 'UTC')::date
        and day <= (${to}::timestamptz at time zone 'UTC')::date
      group by post_id
    ), money as (
      select post_id, sum(cents) as cents from (
        select metadata->>'postId' as post_id, (metadata->>'shareCents')::bigint as cents
        from ledger_transactions
        where metadata->>'creatorId' = ${creatorId} and kind = 'unlock'
          and created_at >= ${from} and created_at < ${to} and metadata ? 'postId'
        union all
        -- a collaborator's part of an unlock is theirs, not the owner's
        select s.metadata->>'postId', -(s.metadata->>'partCents')::bigint
        from ledger_transactions s
        join ledger_transactions c
          on c.id::text = s.metadata->>'chargeTransactionId' and c.kind = 'unlock'
        where s.kind = ${COLLAB_SPLIT_KIND} and s.metadata->>'payerId' = ${creatorId}
          and s.created_at >= ${from} and s.created_at < ${to}
      ) x
      group by 1
    ), rows as (
      select p.id, p.caption, p.published_at, p.access_level, p.price_cents,
        coalesce(pc.views, 0)::int as views, coalesce(pc.likes, 0)::int as likes,
        coalesce(pc.comments, 0)::int as comments, coalesce(pc.purchases, 0)::int as purchases,
        coalesce(m.cents, 0)::bigint as earnings_cents
      from posts p
      left join pc on pc.post_id = p.id
      left join money m on m.post_id = p.id::text
      where p.user_id = ${creatorId} and p.deleted_at is null ${since}
    )
    select *, count(*) over () as total from rows p
    order by ${sql.raw(ORDER[opts.order])} desc, p.published_at desc, p.id desc
    limit ${opts.limit} offset ${opts.offset}`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    views: Number(r.views),
    likes: Number(r.likes),
    comments: Number(r.comments),
    purchases: Number(r.purchases),
    earnings_cents: Number(r.earnings_cents),
    total: Number(r.total),
  }));
}

/** Posts published in the range by UTC hour, with mean lifetime likes + comments. */
export async function engagementByHour(db: DbHandle, creatorId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('posts')
    .select([
      sql<number>`extract(hour from published_at at time zone 'UTC')::int`.as('hour'),
      sql<string>`count(*)`.as('posts'),
      sql<string>`avg(likes_count + comments_count)`.as('engagement'),
    ])
    .where('user_id', '=', creatorId)
    .where('deleted_at', 'is', null)
    .where('published_at', '>=', from)
    .where('published_at', '<', to)
    .groupBy(sql`1`)
    .execute();
  return rows.map((r) => ({
    hour: Number(r.hour),
    posts: Number(r.posts),
    engagementPerPost: Math.round(Number(r.engagement) * 100) / 100,
  }));
}

export async function profileViewerStats(db: DbHandle, creatorId: string, from: Date) {
  const row = await db
    .selectFrom('analytics_profile_viewers')
    .select(sql<string>`count(*)`.as('n'))
    .where('creator_id', '=', creatorId)
    .where('last_viewed_at', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function renewalOutlook(db: DbHandle, creatorId: string, now: Date) {
  const week = new Date(now.getTime() + 7 * 86_400_000);
  const row = await db
    .selectFrom('subscriptions')
    .select([
      sql<string>`count(*) filter (where canceled_at is not null or not is_recurring)`.as(
        'canceling',
      ),
      sql<string>`count(*) filter (where canceled_at is null and is_recurring)`.as('renewing'),
    ])
    .where('creator_id', '=', creatorId)
    .where('status', '=', 'active')
    .where('current_period_end', '>', now)
    .where('current_period_end', '<=', week)
    .executeTakeFirstOrThrow();
  return { cancelingSoon: Number(row.canceling), renewingSoon: Number(row.renewing) };
}

export async function topFans(db: DbHandle, creatorId: string, from: Date, to: Date, limit = 5) {
  const rows = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('users as u', (j) => j.on(sql`u.id::text`, '=', sql`t.metadata->>'payerId'`))
    .select([
      'u.id',
      'u.username',
      'u.display_name',
      'u.avatar_url',
      sql<string>`sum((t.metadata->>'grossCents')::bigint)`.as('cents'),
    ])
    .where(sql`t.metadata->>'creatorId'`, '=', creatorId)
    .where('t.kind', 'in', CHARGE_KINDS)
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to)
    .where('u.status', '!=', 'deleted')
    .groupBy(['u.id', 'u.username', 'u.display_name', 'u.avatar_url'])
    .orderBy(sql`5`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, cents: Number(r.cents) }));
}

export async function profileViewersPage(
  db: DbHandle,
  creatorId: string,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('analytics_profile_viewers as v')
      .innerJoin('users as u', 'u.id', 'v.viewer_id')
      .select([
        'u.id',
        'u.username',
        'u.display_name',
        'u.avatar_url',
        'v.views',
        'v.first_viewed_at',
        'v.last_viewed_at',
      ])
      .where('v.creator_id', '=', creatorId)
      .where('u.status', '!=', 'deleted')
      .orderBy('v.last_viewed_at', 'desc')
      .orderBy('v.viewer_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('analytics_profile_viewers as v')
      .innerJoin('users as u', 'u.id', 'v.viewer_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('v.creator_id', '=', creatorId)
      .where('u.status', '!=', 'deleted')
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Minute rollups older than two days are no longer shown (realtime is the last 30 minutes). */
export async function pruneMinuteCounts(db: DbHandle, now = new Date()) {
  await db
    .deleteFrom('analytics_creator_counts')
    .where('grain', '=', 'minute')
    .where('bucket', '<', new Date(now.getTime() - 2 * 86_400_000))
    .execute();
}
