import {
  ErrorCodes,
  GenerateInsightBody,
  Insight,
  InsightDeleted,
  InsightHistory,
  InsightHistoryQuery,
  InsightIdParams,
  MonthlyInsightQuery,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import {
  deleteInsight,
  generateInsight,
  insightHistory,
  monthlyInsight,
} from './insights.service.ts';

const tags = ['ai-insights'];
const E = ErrorCodes;
const forbidden = routeErrors(E.ONLY_CREATORS);

/** SPEC §7 "AI insights: generate, monthly, history, delete" (creators only). */
export async function insightsRoutes(app: App) {
  const { ctx } = app;
  // generating may call a model: a tighter budget than the reads
  const generate = perUserLimit(10, '1 minute');

  app.post(
    '/ai-insights/generate',
    {
      config: { auth: 'creator', rateLimit: generate },
      schema: {
        tags,
        summary:
          'Insights for a period (default 30d): statistical findings, an AI summary when configured',
        body: GenerateInsightBody,
        response: { 201: Insight, 400: routeErrors(E.VALIDATION_FAILED), 403: forbidden },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await generateInsight(ctx, currentUser(request).id, request.body.period)),
  );

  app.get(
    '/ai-insights/monthly',
    {
      config: { auth: 'creator', rateLimit: generate },
      schema: {
        tags,
        summary:
          'The insight of a calendar month (YYYY-MM, default this month), made on first request',
        querystring: MonthlyInsightQuery,
        response: { 200: Insight, 400: routeErrors(E.VALIDATION_FAILED), 403: forbidden },
      },
    },
    async (request) => monthlyInsight(ctx, currentUser(request).id, request.query.month),
  );

  app.get(
    '/ai-insights/history',
    {
      config: { auth: 'creator', rateLimit: perUserLimit(120, '1 minute') },
      schema: {
        tags,
        summary: 'Your past insights, newest first',
        querystring: InsightHistoryQuery,
        response: { 200: InsightHistory, 400: routeErrors(E.VALIDATION_FAILED), 403: forbidden },
      },
    },
    async (request) => insightHistory(ctx.db, currentUser(request).id, request.query),
  );

  app.delete(
    '/ai-insights/:id',
    {
      config: { auth: 'creator', rateLimit: perUserLimit(60, '1 minute') },
      schema: {
        tags,
        summary: 'Delete one of your insights',
        params: InsightIdParams,
        response: { 200: InsightDeleted, 403: forbidden, 404: routeErrors(E.INSIGHT_NOT_FOUND) },
      },
    },
    async (request) => deleteInsight(ctx.db, currentUser(request).id, request.params.id),
  );
}
