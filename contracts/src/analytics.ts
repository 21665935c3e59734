import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, Uuid } from './common.ts';

/**
 * Creator analytics (SPEC §3 "Analytics data: views, likes, comments, earnings, subscribers",
 * §7 Analytics, §9 "Analytics default period is 30d", "Profile viewers: 10 per page").
 * Money is in currency units with the exact cents beside it, always read from the ledger.
 */
export const ANALYTICS_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
};

export const AnalyticsLimits = {
  defaultPeriod: '30d' as AnalyticsPeriod,
  profileViewersPageSize: 10,
  profileViewersMaxPageSize: 50,
  contentPageSize: 20,
  contentMaxPageSize: 100,
  topContentDefault: 10,
  topContentMax: 50,
  realtimeMinutes: 30,
  /** seconds a computed dashboard is served from the cache (SPEC §9 response cache 30 s) */
  cacheSeconds: 30,
} as const;

/** SPEC §8, exact. */
export const AI_INSIGHT_FALLBACK =
  'Analytics data loaded successfully. AI insights temporarily unavailable.';

export const AnalyticsPeriodSchema = Type.Union([
  Type.Literal('7d'),
  Type.Literal('30d'),
  Type.Literal('90d'),
  Type.Literal('1y'),
]);
export const PeriodQuery = Type.Object(
  { period: Type.Optional(AnalyticsPeriodSchema) },
  { additionalProperties: false },
);
export type PeriodQuery = Static<typeof PeriodQuery>;

/** The counted events; money comes from the ledger beside them. */
export const ANALYTICS_METRICS = [
  'views',
  'profileViews',
  'likes',
  'comments',
  'purchases',
  'tips',
  'subscriptions',
  'unsubscriptions',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

const n = () => Type.Number();
const counts = {
  views: n(),
  profileViews: n(),
  likes: n(),
  comments: n(),
  purchases: n(),
  tips: n(),
  subscriptions: n(),
  unsubscriptions: n(),
};
const money = { earnings: n(), earningsCents: Type.Integer() };

export const AnalyticsTotals = Type.Object({
  ...counts,
  ...money,
  /** active subscribers and followers now (not over the period) */
  subscribers: n(),
  followers: n(),
});
export type AnalyticsTotals = Static<typeof AnalyticsTotals>;

export const SeriesPoint = Type.Object({ date: Type.String(), ...counts, ...money });
export type SeriesPoint = Static<typeof SeriesPoint>;

export const MetricChange = Type.Object({
  current: n(),
  previous: n(),
  change: n(),
  /** null when the previous period had nothing to compare with */
  changePercent: Nullable(n()),
  direction: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('flat')]),
  /** a two-sided test at 95 % (Poisson counts: |z| ≥ 1.96) */
  significant: Type.Boolean(),
});
export type MetricChange = Static<typeof MetricChange>;
export const Changes = Type.Record(Type.String(), MetricChange);

export const ContentRow = Type.Object({
  postId: Uuid,
  caption: Type.String(),
  createdAt: Type.String(),
  accessLevel: Type.String(),
  price: Nullable(n()),
  views: n(),
  likes: n(),
  comments: n(),
  purchases: n(),
  ...money,
  /** (likes + comments) / views in percent, 0 without views */
  engagementRate: n(),
});
export type ContentRow = Static<typeof ContentRow>;

const range = { period: AnalyticsPeriodSchema, from: Type.String(), to: Type.String() };
const Granularity = Type.Union([Type.Literal('day'), Type.Literal('month')]);

/** GET /analytics: the spec's five figures on top, then totals and the daily series. */
export const AnalyticsOverview = Type.Object({
  ...range,
  views: n(),
  likes: n(),
  comments: n(),
  earnings: n(),
  subscribers: n(),
  totals: AnalyticsTotals,
  granularity: Granularity,
  series: Type.Array(SeriesPoint),
});
export type AnalyticsOverview = Static<typeof AnalyticsOverview>;

export const AnalyticsDashboard = Type.Object({
  ...range,
  previousFrom: Type.String(),
  granularity: Granularity,
  totals: AnalyticsTotals,
  comparison: Changes,
  series: Type.Array(SeriesPoint),
  topContent: Type.Array(ContentRow),
  generatedAt: Type.String(),
  cached: Type.Boolean(),
});
export type AnalyticsDashboard = Static<typeof AnalyticsDashboard>;

export const HourStat = Type.Object({
  hour: Type.Integer({ minimum: 0, maximum: 23 }),
  posts: n(),
  engagementPerPost: n(),
});
export type HourStat = Static<typeof HourStat>;

export const AnalyticsEngagement = Type.Object({
  ...range,
  views: n(),
  likes: n(),
  comments: n(),
  engagementRate: n(),
  series: Type.Array(SeriesPoint),
  /** posts published in the period by UTC hour, with their mean likes + comments */
  byHour: Type.Array(HourStat),
  bestHours: Type.Array(Type.Integer()),
});
export type AnalyticsEngagement = Static<typeof AnalyticsEngagement>;

export const SmallUser = Type.Object({
  id: Uuid,
  username: Type.String(),
  displayName: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
});
export type SmallUser = Static<typeof SmallUser>;

export const AnalyticsAudience = Type.Object({
  ...range,
  subscribers: n(),
  followers: n(),
  newSubscribers: n(),
  unsubscriptions: n(),
  /** unsubscriptions / subscribers at the start of the period, percent */
  churnRate: n(),
  profileViews: n(),
  uniqueProfileViewers: n(),
  /** active subscriptions ending within 7 days that will not renew, and those that will */
  cancelingSoon: n(),
  renewingSoon: n(),
  topFans: Type.Array(Type.Object({ user: SmallUser, spent: n(), spentCents: Type.Integer() })),
});
export type AnalyticsAudience = Static<typeof AnalyticsAudience>;

export const CONTENT_SORTS = [
  'recent',
  'views',
  'likes',
  'comments',
  'earnings',
  'engagement',
] as const;
export type ContentSort = (typeof CONTENT_SORTS)[number];
export const ContentSortSchema = Type.Union([
  Type.Literal('recent'),
  Type.Literal('views'),
  Type.Literal('likes'),
  Type.Literal('comments'),
  Type.Literal('earnings'),
  Type.Literal('engagement'),
]);

export const ContentQuery = Type.Object(
  {
    period: Type.Optional(AnalyticsPeriodSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AnalyticsLimits.contentMaxPageSize })),
    sort: Type.Optional(ContentSortSchema),
  },
  { additionalProperties: false },
);
export type ContentQuery = Static<typeof ContentQuery>;

export const AnalyticsContent = Type.Object({
  ...range,
  sort: ContentSortSchema,
  items: Type.Array(ContentRow),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  ...PageInfo.properties,
});
export type AnalyticsContent = Static<typeof AnalyticsContent>;

export const GrowthPoint = Type.Object({
  date: Type.String(),
  newSubscribers: n(),
  unsubscriptions: n(),
  netSubscribers: n(),
  newFollowers: n(),
  ...money,
});
export const AnalyticsGrowth = Type.Object({
  ...range,
  granularity: Granularity,
  subscribers: n(),
  followers: n(),
  series: Type.Array(GrowthPoint),
});
export type AnalyticsGrowth = Static<typeof AnalyticsGrowth>;

export const ReportTemplate = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  period: AnalyticsPeriodSchema,
  metrics: Type.Array(Type.String()),
});
export const AnalyticsTemplates = Type.Object({ templates: Type.Array(ReportTemplate) });
export type AnalyticsTemplates = Static<typeof AnalyticsTemplates>;

export const ProfileViewersQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: AnalyticsLimits.profileViewersMaxPageSize }),
    ),
  },
  { additionalProperties: false },
);
export type ProfileViewersQuery = Static<typeof ProfileViewersQuery>;

export const ProfileViewer = Type.Object({
  user: SmallUser,
  views: n(),
  firstViewedAt: Type.String(),
  lastViewedAt: Type.String(),
});
export const ProfileViewersResponse = Type.Object({
  viewers: Type.Array(ProfileViewer),
  total: Type.Integer(),
  page: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  ...PageInfo.properties,
});
export type ProfileViewersResponse = Static<typeof ProfileViewersResponse>;

export const AccessLogBody = Type.Object(
  {
    resource: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type AccessLogBody = Static<typeof AccessLogBody>;
export const AccessLogResponse = Type.Object({
  logged: Type.Literal(true),
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('authorized'), Type.Literal('unauthorized')]),
  resource: Type.String(),
  createdAt: Type.String(),
});
export type AccessLogResponse = Static<typeof AccessLogResponse>;

export const RangeTotals = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: AnalyticsTotals,
});
export const AnalyticsComparative = Type.Object({
  period: AnalyticsPeriodSchema,
  current: RangeTotals,
  previous: RangeTotals,
  changes: Changes,
});
export type AnalyticsComparative = Static<typeof AnalyticsComparative>;

export const TOP_CONTENT_METRICS = [
  'views',
  'likes',
  'comments',
  'earnings',
  'engagement',
] as const;
export const TopContentQuery = Type.Object(
  {
    period: Type.Optional(AnalyticsPeriodSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AnalyticsLimits.topContentMax })),
    metric: Type.Optional(
      Type.Union([
        Type.Literal('views'),
        Type.Literal('likes'),
        Type.Literal('comments'),
        Type.Literal('earnings'),
        Type.Literal('engagement'),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type TopContentQuery = Static<typeof TopContentQuery>;
export const AnalyticsTopContent = Type.Object({
  ...range,
  metric: Type.String(),
  items: Type.Array(ContentRow),
});
export type AnalyticsTopContent = Static<typeof AnalyticsTopContent>;

// a copy: an object handed to a call may be changed by it as far as the bundler knows, and
// every other schema spreading `counts` would then stay in the web build
const realtimeCounts = Type.Object({ ...counts });
export const AnalyticsRealtime = Type.Object({
  windowMinutes: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  totals: realtimeCounts,
  minutes: Type.Array(Type.Object({ minute: Type.String(), ...counts })),
});
export type AnalyticsRealtime = Static<typeof AnalyticsRealtime>;

export const AnalyticsPerformance = Type.Object({
  ...range,
  postsPublished: n(),
  avgViewsPerPost: n(),
  avgLikesPerPost: n(),
  avgCommentsPerPost: n(),
  engagementRate: n(),
  /** new subscriptions per 100 profile views */
  subscribeConversion: n(),
  /** purchases per 100 views of paid posts */
  unlockConversion: n(),
  earningsPerPost: n(),
  bestHours: Type.Array(Type.Integer()),
});
export type AnalyticsPerformance = Static<typeof AnalyticsPerformance>;

export const ExportQuery = Type.Object(
  {
    period: Type.Optional(AnalyticsPeriodSchema),
    format: Type.Optional(Type.Literal('csv')),
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;

export const CacheResponse = Type.Object({ ok: Type.Literal(true), removed: Type.Integer() });
export type CacheResponse = Static<typeof CacheResponse>;

// ---- insights ----
export const InsightItem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  /** one sentence with the numbers behind it */
  text: Type.String(),
  numbers: Type.Record(Type.String(), n()),
  significant: Type.Optional(Type.Boolean()),
});
export type InsightItem = Static<typeof InsightItem>;

export const INSIGHT_SOURCES = ['statistical', 'ai', 'fallback'] as const;
export const Insight = Type.Object({
  id: Uuid,
  insightId: Uuid,
  kind: Type.Union([Type.Literal('generated'), Type.Literal('monthly')]),
  period: Type.String(),
  month: Nullable(Type.String()),
  source: Type.Union([Type.Literal('statistical'), Type.Literal('ai'), Type.Literal('fallback')]),
  summary: Type.String(),
  insights: Type.Array(InsightItem),
  recommendations: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type Insight = Static<typeof Insight>;

export const GenerateInsightBody = Type.Object(
  { period: Type.Optional(AnalyticsPeriodSchema) },
  { additionalProperties: false },
);
export type GenerateInsightBody = Static<typeof GenerateInsightBody>;
export const MonthlyInsightQuery = Type.Object(
  { month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })) },
  { additionalProperties: false },
);
export type MonthlyInsightQuery = Static<typeof MonthlyInsightQuery>;
export const InsightHistoryQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type InsightHistoryQuery = Static<typeof InsightHistoryQuery>;
export const InsightHistory = Type.Object({
  insights: Type.Array(Insight),
  total: Type.Integer(),
  ...PageInfo.properties,
});
export type InsightHistory = Static<typeof InsightHistory>;
export const InsightIdParams = Type.Object({ id: Uuid });
export const InsightDeleted = Type.Object({ ok: Type.Literal(true), insightId: Uuid });

export const INSIGHT_MESSAGES = {
  notFound: 'Insight not found',
  futureMonth: 'Monthly insights are for the current or a past month',
} as const;

/** GET /analytics/v2/export answers the CSV text itself. */
export const CsvFile = Type.String({ description: 'text/csv' });
