import {
  ANALYTICS_METRICS,
  AnalyticsLimits,
  type AnalyticsAudience,
  type AnalyticsContent,
  type AnalyticsDashboard,
  type AnalyticsEngagement,
  type AnalyticsGrowth,
  type AnalyticsOverview,
  type AnalyticsPerformance,
  type AnalyticsPeriod,
  type AnalyticsRealtime,
  type AnalyticsTopContent,
  type AnalyticsTotals,
  type ContentQuery,
  type ContentRow,
  type ContentSort,
  type TopContentQuery,
} from '@fanspace/contracts';
import type { Db } from '../../platform/db/database.ts';
import {
  contentPage,
  countsBy,
  creatorCounters,
  earningsBy,
  engagementByHour,
  newFollowersBy,
  profileViewerStats,
  renewalOutlook,
  topFans,
  type ContentRowDb,
} from './analytics.queries.ts';
import { cached } from './analytics.cache.ts';
import {
  bestHours,
  bucketKeys,
  buildSeries,
  compare,
  percent,
  periodRange,
  sumCounts,
  units,
  type Range,
} from './analytics.math.ts';
import { flushAnalytics } from './recorder.ts';

/** The creator's numbers (SPEC §7 Analytics). Every read first writes this process's buffer. */

export const DEFAULT_PERIOD = AnalyticsLimits.defaultPeriod;
const iso = (d: Date) => d.toISOString();
const rangeOut = (r: Range) => ({ period: r.period, from: iso(r.from), to: iso(r.to) });

export async function totalsBetween(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
): Promise<AnalyticsTotals> {
  const [counts, earnings, counters] = await Promise.all([
    countsBy(db, creatorId, from, to, null),
    earningsBy(db, creatorId, from, to, null),
    creatorCounters(db, creatorId),
  ]);
  const cents = earnings.get('') ?? 0;
  return { ...sumCounts(counts), earnings: units(cents), earningsCents: cents, ...counters };
}

async function seriesOf(db: Db, creatorId: string, r: Range) {
  const [counts, earnings] = await Promise.all([
    countsBy(db, creatorId, r.from, r.to, r.unit),
    earningsBy(db, creatorId, r.from, r.to, r.unit),
  ]);
  return buildSeries(bucketKeys(r.from, r.to, r.unit), counts, earnings);
}

export function presentContent(row: ContentRowDb): ContentRow {
  return {
    postId: row.id,
    caption: row.caption,
    createdAt: iso(row.published_at),
    accessLevel: row.access_level,
    price: row.price_cents === null ? null : units(row.price_cents),
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    purchases: row.purchases,
    earnings: units(row.earnings_cents),
    earningsCents: row.earnings_cents,
    engagementRate: percent(row.likes + row.comments, row.views),
  };
}

export async function overview(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsOverview> {
  await flushAnalytics(db);
  const r = periodRange(period);
  const [totals, series] = await Promise.all([
    totalsBetween(db, creatorId, r.from, r.to),
    seriesOf(db, creatorId, r),
  ]);
  return {
    ...rangeOut(r),
    views: totals.views,
    likes: totals.likes,
    comments: totals.comments,
    earnings: totals.earnings,
    subscribers: totals.subscribers,
    totals,
    granularity: r.unit,
    series,
  };
}

export function changesOf(current: AnalyticsTotals, previous: AnalyticsTotals) {
  const changes: Record<string, ReturnType<typeof compare>> = {};
  for (const m of ANALYTICS_METRICS) changes[m] = compare(current[m], previous[m]);
  changes.earnings = compare(current.earnings, previous.earnings, false);
  return changes;
}

export async function dashboard(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsDashboard> {
  await flushAnalytics(db);
  const { value, cached: hit } = await cached(creatorId, `dashboard:${period}`, async () => {
    const r = periodRange(period);
    const [totals, previous, series, top] = await Promise.all([
      totalsBetween(db, creatorId, r.from, r.to),
      totalsBetween(db, creatorId, r.previousFrom, r.from),
      seriesOf(db, creatorId, r),
      contentPage(db, creatorId, r.from, r.to, { order: 'views', limit: 5, offset: 0 }),
    ]);
    return {
      ...rangeOut(r),
      previousFrom: iso(r.previousFrom),
      granularity: r.unit,
      totals,
      comparison: changesOf(totals, previous),
      series,
      topContent: top.map(presentContent),
      generatedAt: iso(new Date()),
    };
  });
  return { ...value, cached: hit };
}

export async function engagement(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsEngagement> {
  await flushAnalytics(db);
  const r = periodRange(period);
  const [series, byHour] = await Promise.all([
    seriesOf(db, creatorId, r),
    engagementByHour(db, creatorId, r.from, r.to),
  ]);
  const sum = (k: 'views' | 'likes' | 'comments') => series.reduce((a, p) => a + p[k], 0);
  const views = sum('views');
  const likes = sum('likes');
  const comments = sum('comments');
  return {
    ...rangeOut(r),
    views,
    likes,
    comments,
    engagementRate: percent(likes + comments, views),
    series,
    byHour: byHour.sort((a, b) => a.hour - b.hour),
    bestHours: bestHours(byHour),
  };
}

export async function audience(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
  now = new Date(),
): Promise<AnalyticsAudience> {
  await flushAnalytics(db);
  const r = periodRange(period, now);
  const [totals, unique, outlook, fans] = await Promise.all([
    totalsBetween(db, creatorId, r.from, r.to),
    profileViewerStats(db, creatorId, r.from),
    renewalOutlook(db, creatorId, now),
    topFans(db, creatorId, r.from, r.to),
  ]);
  const atStart = Math.max(
    totals.unsubscriptions,
    totals.subscribers - totals.subscriptions + totals.unsubscriptions,
  );
  return {
    ...rangeOut(r),
    subscribers: totals.subscribers,
    followers: totals.followers,
    newSubscribers: totals.subscriptions,
    unsubscriptions: totals.unsubscriptions,
    churnRate: percent(totals.unsubscriptions, atStart),
    profileViews: totals.profileViews,
    uniqueProfileViewers: unique,
    ...outlook,
    topFans: fans.map((f) => ({
      user: {
        id: f.id,
        username: f.username,
        displayName: f.display_name,
        avatarUrl: f.avatar_url,
      },
      spent: units(f.cents),
      spentCents: f.cents,
    })),
  };
}

export async function content(
  db: Db,
  creatorId: string,
  q: ContentQuery,
): Promise<AnalyticsContent> {
  await flushAnalytics(db);
  const r = periodRange(q.period ?? DEFAULT_PERIOD);
  const limit = q.limit ?? AnalyticsLimits.contentPageSize;
  const page = q.page ?? 1;
  const sort: ContentSort = q.sort ?? 'recent';
  const rows = await contentPage(db, creatorId, r.from, r.to, {
    order: sort,
    limit,
    offset: (page - 1) * limit,
  });
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((await contentPage(db, creatorId, r.from, r.to, { order: sort, limit: 1, offset: 0 }))[0]
          ?.total ?? 0)
      : 0);
  const totalPages = Math.ceil(total / limit);
  return {
    ...rangeOut(r),
    sort,
    items: rows.map(presentContent),
    total,
    page,
    limit,
    currentPage: page,
    totalPages,
    hasMore: page < totalPages,
  };
}

export async function growth(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsGrowth> {
  await flushAnalytics(db);
  const r = periodRange(period);
  const [series, followers, counters] = await Promise.all([
    seriesOf(db, creatorId, r),
    newFollowersBy(db, creatorId, r.from, r.to, r.unit),
    creatorCounters(db, creatorId),
  ]);
  return {
    ...rangeOut(r),
    granularity: r.unit,
    ...counters,
    series: series.map((p) => ({
      date: p.date,
      newSubscribers: p.subscriptions,
      unsubscriptions: p.unsubscriptions,
      netSubscribers: p.subscriptions - p.unsubscriptions,
      newFollowers: followers.get(p.date) ?? 0,
      earnings: p.earnings,
      earningsCents: p.earningsCents,
    })),
  };
}

export async function topContent(
  db: Db,
  creatorId: string,
  q: TopContentQuery,
): Promise<AnalyticsTopContent> {
  await flushAnalytics(db);
  const r = periodRange(q.period ?? DEFAULT_PERIOD);
  const metric = q.metric ?? 'views';
  const rows = await contentPage(db, creatorId, r.from, r.to, {
    order: metric,
    limit: q.limit ?? AnalyticsLimits.topContentDefault,
    offset: 0,
  });
  return { ...rangeOut(r), metric, items: rows.map(presentContent) };
}

export async function realtime(
  db: Db,
  creatorId: string,
  now = new Date(),
): Promise<AnalyticsRealtime> {
  await flushAnalytics(db);
  const windowMinutes = AnalyticsLimits.realtimeMinutes;
  const to = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000);
  const from = new Date(to.getTime() - windowMinutes * 60_000);
  const counts = await countsBy(db, creatorId, from, to, null, 'minute');
  const keys: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += 60_000)
    keys.push(new Date(t).toISOString().slice(0, 16));
  const points = buildSeries(keys, counts, new Map());
  return {
    windowMinutes,
    from: iso(from),
    to: iso(to),
    totals: sumCounts(counts),
    minutes: points.map(({ date, earnings: _e, earningsCents: _c, ...rest }) => ({
      minute: `${date}:00.000Z`,
      ...rest,
    })),
  };
}

export async function performance(
  db: Db,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
): Promise<AnalyticsPerformance> {
  await flushAnalytics(db);
  const r = periodRange(period);
  const [totals, byHour, posts] = await Promise.all([
    totalsBetween(db, creatorId, r.from, r.to),
    engagementByHour(db, creatorId, r.from, r.to),
    contentPage(db, creatorId, r.from, r.to, {
      order: 'recent',
      limit: 1000,
      offset: 0,
      publishedSince: r.from,
    }),
  ]);
  const published = byHour.reduce((a, h) => a + h.posts, 0);
  const paidViews = posts.filter((p) => p.price_cents !== null).reduce((a, p) => a + p.views, 0);
  const paidPurchases = posts
    .filter((p) => p.price_cents !== null)
    .reduce((a, p) => a + p.purchases, 0);
  const avg = (k: 'views' | 'likes' | 'comments') =>
    published > 0 ? Math.round((posts.reduce((a, p) => a + p[k], 0) / published) * 10) / 10 : 0;
  return {
    ...rangeOut(r),
    postsPublished: published,
    avgViewsPerPost: avg('views'),
    avgLikesPerPost: avg('likes'),
    avgCommentsPerPost: avg('comments'),
    engagementRate: percent(totals.likes + totals.comments, totals.views),
    subscribeConversion: percent(totals.subscriptions, totals.profileViews),
    unlockConversion: percent(paidPurchases, paidViews),
    earningsPerPost: published > 0 ? Math.round((totals.earnings / published) * 100) / 100 : 0,
    bestHours: bestHours(byHour),
  };
}
