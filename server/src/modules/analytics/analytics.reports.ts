import {
  AnalyticsLimits,
  type AccessLogBody,
  type AccessLogResponse,
  type AnalyticsComparative,
  type AnalyticsPeriod,
  type AnalyticsTemplates,
  type ProfileViewersQuery,
  type ProfileViewersResponse,
} from '@fanspace/contracts';
import type { Db } from '../../platform/db/database.ts';
import { csvRow } from '../../platform/csv.ts';
import { contentPage, profileViewersPage } from './analytics.queries.ts';
import { periodRange } from './analytics.math.ts';
import {
  changesOf,
  DEFAULT_PERIOD,
  overview,
  presentContent,
  totalsBetween,
} from './analytics.service.ts';
import { flushAnalytics } from './recorder.ts';

/** Profile viewers, access logs, report templates, the comparison and the CSV export. */

export async function profileViewers(
  db: Db,
  creatorId: string,
  q: ProfileViewersQuery,
): Promise<ProfileViewersResponse> {
  await flushAnalytics(db);
  const limit = q.limit ?? AnalyticsLimits.profileViewersPageSize;
  const offset = q.offset ?? ((q.page ?? 1) - 1) * limit;
  const page = Math.floor(offset / limit) + 1;
  const { rows, total } = await profileViewersPage(db, creatorId, limit, offset);
  const totalPages = Math.ceil(total / limit);
  return {
    viewers: rows.map((r) => ({
      user: {
        id: r.id,
        username: r.username,
        displayName: r.display_name,
        avatarUrl: r.avatar_url,
      },
      views: r.views,
      firstViewedAt: r.first_viewed_at.toISOString(),
      lastViewedAt: r.last_viewed_at.toISOString(),
    })),
    total,
    page,
    offset,
    limit,
    currentPage: page,
    totalPages,
    hasMore: offset + rows.length < total,
  };
}

/** POST /analytics/authorized-access and /unauthorized-access: who opened (or was refused) what. */
export async function logAccess(
  db: Db,
  userId: string,
  kind: 'authorized' | 'unauthorized',
  body: AccessLogBody,
): Promise<AccessLogResponse> {
  const row = await db
    .insertInto('analytics_access_log')
    .values({
      user_id: userId,
      kind,
      resource: body.resource ?? 'analytics',
      reason: body.reason ?? null,
    })
    .returning(['id', 'resource', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    logged: true,
    id: Number(row.id),
    kind,
    resource: row.resource,
    createdAt: row.created_at.toISOString(),
  };
}

/** The dashboard's ready-made views (GET /analytics/templates). */
export function reportTemplates(): AnalyticsTemplates {
  return {
    templates: [
      {
        id: 'weekly-pulse',
        name: 'Weekly pulse',
        description: 'Views, likes and comments of the last 7 days against the week before.',
        period: '7d',
        metrics: ['views', 'likes', 'comments'],
      },
      {
        id: 'monthly-earnings',
        name: 'Monthly earnings',
        description: 'Earnings, tips and unlocks of the last 30 days, from your statement.',
        period: '30d',
        metrics: ['earnings', 'tips', 'purchases'],
      },
      {
        id: 'audience-growth',
        name: 'Audience growth',
        description: 'New subscribers, cancellations and profile views over 90 days.',
        period: '90d',
        metrics: ['subscriptions', 'unsubscriptions', 'profileViews'],
      },
      {
        id: 'year-in-review',
        name: 'Year in review',
        description: 'Every metric month by month over the last year.',
        period: '1y',
        metrics: ['views', 'likes', 'comments', 'earnings', 'subscriptions'],
      },
    ],
  };
}

export async function comparative(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsComparative> {
  await flushAnalytics(db);
  const r = periodRange(period);
  const [current, previous] = await Promise.all([
    totalsBetween(db, creatorId, r.from, r.to),
    totalsBetween(db, creatorId, r.previousFrom, r.from),
  ]);
  return {
    period,
    current: { from: r.from.toISOString(), to: r.to.toISOString(), totals: current },
    previous: { from: r.previousFrom.toISOString(), to: r.from.toISOString(), totals: previous },
    changes: changesOf(current, previous),
  };
}

/** GET /analytics/v2/export: the series, then the posts, as one CSV (formula-safe cells). */
export async function exportCsv(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
) {
  const data = await overview(db, creatorId, period);
  const r = periodRange(period);
  const posts = await contentPage(db, creatorId, r.from, r.to, {
    order: 'views',
    limit: 1000,
    offset: 0,
  });
  const lines = [
    csvRow([
      'date',
      'views',
      'profile_views',
      'likes',
      'comments',
      'purchases',
      'tips',
      'subscriptions',
      'unsubscriptions',
      'earnings',
    ]),
    ...data.series.map((p) =>
      csvRow([
        p.date,
        p.views,
        p.profileViews,
        p.likes,
        p.comments,
        p.purchases,
        p.tips,
        p.subscriptions,
        p.unsubscriptions,
        p.earnings.toFixed(2),
      ]),
    ),
    '\r\n',
    csvRow([
      'post_id',
      'published_at',
      'caption',
      'views',
      'likes',
      'comments',
      'purchases',
      'earnings',
      'engagement_rate',
    ]),
    ...posts
      .map(presentContent)
      .map((c) =>
        csvRow([
          c.postId,
          c.createdAt,
          c.caption,
          c.views,
          c.likes,
          c.comments,
          c.purchases,
          c.earnings.toFixed(2),
          c.engagementRate,
        ]),
      ),
  ];
  return {
    filename: `fanspace-analytics-${period}-${new Date().toISOString().slice(0, 10)}.csv`,
    body: lines.join(''),
  };
}
