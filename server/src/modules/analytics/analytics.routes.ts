import {
  AccessLogBody,
  AccessLogResponse,
  AnalyticsAudience,
  AnalyticsComparative,
  AnalyticsContent,
  AnalyticsDashboard,
  AnalyticsEngagement,
  AnalyticsGrowth,
  AnalyticsOverview,
  AnalyticsPerformance,
  AnalyticsRealtime,
  AnalyticsTemplates,
  AnalyticsTopContent,
  CacheResponse,
  CsvFile,
  ContentQuery,
  ErrorCodes,
  ExportQuery,
  PeriodQuery,
  ProfileViewersQuery,
  ProfileViewersResponse,
  routeErrors,
  TopContentQuery,
} from '@fanspace/contracts';
import type { TSchema } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { clearCache, invalidateCreator } from './analytics.cache.ts';
import { pruneMinuteCounts } from './analytics.queries.ts';
import {
  comparative,
  exportCsv,
  logAccess,
  profileViewers,
  reportTemplates,
} from './analytics.reports.ts';
import {
  audience,
  content,
  dashboard,
  engagement,
  growth,
  overview,
  performance,
  realtime,
  topContent,
} from './analytics.service.ts';
import { startAnalyticsFlusher } from './recorder.ts';

const tags = ['analytics'];
const ANALYTICS_CACHE_SIGNAL = 'analytics.cache-invalidate';
const E = ErrorCodes;
const read = perUserLimit(240, '1 minute');
const errors = { 400: routeErrors(E.VALIDATION_FAILED), 403: routeErrors(E.ONLY_CREATORS) };

/** SPEC §7 Analytics (creators only) and the v2 family under /analytics/v2. */
export async function analyticsRoutes(app: App) {
  const { ctx } = app;
  const stop = startAnalyticsFlusher(ctx.db, ctx.log);
  // the report cache is per process: an invalidation made through one reaches them all
  const unsubscribe = ctx.bus.onSignal((signal) => {
    if (signal.name !== ANALYTICS_CACHE_SIGNAL) return;
    if (typeof signal.data.creatorId === 'string') invalidateCreator(signal.data.creatorId);
    else if (signal.data.all === true) clearCache();
  });
  let lastPrune = 0;
  const prune = setInterval(() => {
    if (Date.now() - lastPrune < 3_600_000) return;
    lastPrune = Date.now();
    pruneMinuteCounts(ctx.db).catch((err: unknown) =>
      ctx.log.warn({ err }, 'analytics prune failed'),
    );
  }, 60_000);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    unsubscribe();
    await stop();
  });

  const creator = { auth: 'creator' as const, rateLimit: read };
  /** The options of a period route; its handler returns the schema's type (checked by tests). */
  const periodOpts = (summary: string, response: TSchema) => ({
    config: creator,
    schema: { tags, summary, querystring: PeriodQuery, response: { 200: response, ...errors } },
  });
  const R = ctx.db;
  app.get(
    '/analytics',
    periodOpts(
      'Views, likes, comments, earnings and subscribers of a period (default 30d)',
      AnalyticsOverview,
    ),
    async (request) => overview(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/dashboard',
    periodOpts(
      'The dashboard: totals, comparison with the previous period, series, top posts',
      AnalyticsDashboard,
    ),
    async (request) => dashboard(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/engagement',
    periodOpts('Likes, comments, engagement rate and the best posting hours', AnalyticsEngagement),
    async (request) => engagement(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/audience',
    periodOpts(
      'Subscribers, followers, churn, renewals, profile viewers and top fans',
      AnalyticsAudience,
    ),
    async (request) => audience(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/growth',
    periodOpts(
      'New and lost subscribers, new followers and earnings by day (by month for 1y)',
      AnalyticsGrowth,
    ),
    async (request) => growth(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/v2/dashboard',
    periodOpts(
      'The dashboard by period (7d, 30d, 90d, 1y), cached for 30 seconds',
      AnalyticsDashboard,
    ),
    async (request) => dashboard(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/v2/comparative',
    periodOpts('The period against the one before, with significance', AnalyticsComparative),
    async (request) => comparative(R, currentUser(request).id, request.query.period),
  );
  app.get(
    '/analytics/v2/performance',
    periodOpts('Per-post averages, engagement and conversion rates', AnalyticsPerformance),
    async (request) => performance(R, currentUser(request).id, request.query.period),
  );

  app.get(
    '/analytics/content',
    {
      config: creator,
      schema: {
        tags,
        summary: 'Your posts with the period’s counts and earnings, sorted and paged',
        querystring: ContentQuery,
        response: { 200: AnalyticsContent, ...errors },
      },
    },
    async (request) => content(ctx.db, currentUser(request).id, request.query),
  );

  app.get(
    '/analytics/templates',
    {
      config: creator,
      schema: {
        tags,
        summary: 'Ready-made report views',
        response: { 200: AnalyticsTemplates, 403: errors[403] },
      },
    },
    async () => reportTemplates(),
  );

  app.get(
    '/analytics/profile-viewers',
    {
      config: creator,
      schema: {
        tags,
        summary: 'Who viewed your profile, most recent first (page or offset; 10 per page)',
        querystring: ProfileViewersQuery,
        response: { 200: ProfileViewersResponse, ...errors },
      },
    },
    async (request) => profileViewers(ctx.db, currentUser(request).id, request.query),
  );

  for (const kind of ['authorized', 'unauthorized'] as const)
    app.post(
      `/analytics/${kind}-access`,
      {
        config: { auth: 'user', rateLimit: perUserLimit(60, '1 minute') },
        schema: {
          tags,
          summary: `Log an ${kind} access to analytics (the client reports what it opened or was refused)`,
          body: AccessLogBody,
          response: { 201: AccessLogResponse, 400: errors[400] },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await logAccess(ctx.db, currentUser(request).id, kind, request.body)),
    );

  app.get(
    '/analytics/v2/top-content',
    {
      config: creator,
      schema: {
        tags,
        summary: 'Your best posts of the period by views, likes, comments, earnings or engagement',
        querystring: TopContentQuery,
        response: { 200: AnalyticsTopContent, ...errors },
      },
    },
    async (request) => topContent(ctx.db, currentUser(request).id, request.query),
  );

  app.get(
    '/analytics/v2/realtime',
    {
      config: creator,
      schema: {
        tags,
        summary: 'The last 30 minutes, minute by minute',
        response: { 200: AnalyticsRealtime, 403: errors[403] },
      },
    },
    async (request) => realtime(ctx.db, currentUser(request).id),
  );

  app.get(
    '/analytics/v2/export',
    {
      config: { auth: 'creator', rateLimit: perUserLimit(20, '1 minute') },
      schema: {
        tags,
        summary: 'The period as a CSV file (series, then posts)',
        querystring: ExportQuery,
        response: { 200: CsvFile, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportCsv(ctx.db, currentUser(request).id, request.query.period);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/analytics/v2/cache/invalidate',
    {
      config: creator,
      schema: {
        tags,
        summary: 'Forget your cached reports (in every server process)',
        response: { 200: CacheResponse, 403: errors[403] },
      },
    },
    async (request) => {
      const creatorId = currentUser(request).id;
      const removed = invalidateCreator(creatorId);
      await ctx.bus.signal({ name: ANALYTICS_CACHE_SIGNAL, data: { creatorId } });
      return { ok: true as const, removed };
    },
  );

  app.post(
    '/analytics/v2/cache/clear',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Admins: empty the whole report cache (in every server process)',
        response: { 200: CacheResponse, 403: routeErrors(E.FORBIDDEN) },
      },
    },
    async () => {
      const removed = clearCache();
      await ctx.bus.signal({ name: ANALYTICS_CACHE_SIGNAL, data: { all: true } });
      return { ok: true as const, removed };
    },
  );
}
