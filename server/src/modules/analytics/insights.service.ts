import {
  AI_INSIGHT_FALLBACK,
  ErrorCodes,
  INSIGHT_MESSAGES,
  PERIOD_DAYS,
  type AnalyticsPeriod,
  type Insight,
  type InsightHistory,
  type InsightHistoryQuery,
  type InsightItem,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AiInsightsTable } from '../../platform/db/schema.ts';
import type { Selectable } from 'kysely';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { aiConfigured, chatCompletion } from '../../platform/ai/chat-completions.ts';
import { contentPage, engagementByHour, renewalOutlook } from './analytics.queries.ts';
import { DEFAULT_PERIOD, presentContent, totalsBetween } from './analytics.service.ts';
import { buildInsights, type InsightResult } from './insights.engine.ts';
import { flushAnalytics } from './recorder.ts';

/** AI insights (SPEC §7: generate, monthly, history, delete; §8 the fallback text). */

type Ctx = Pick<AppContext, 'db' | 'config' | 'log'>;
type Row = Selectable<AiInsightsTable>;

export async function insightData(
  db: Db,
  creatorId: string,
  from: Date,
  to: Date,
  previousFrom: Date,
  label: string,
  now = new Date(),
) {
  await flushAnalytics(db);
  const [current, previous, byHour, posts, outlook, creator] = await Promise.all([
    totalsBetween(db, creatorId, from, to),
    totalsBetween(db, creatorId, previousFrom, from),
    engagementByHour(db, creatorId, from, to),
    contentPage(db, creatorId, from, to, { order: 'views', limit: 200, offset: 0 }),
    renewalOutlook(db, creatorId, now),
    db
      .selectFrom('users')
      .select('subscription_price_cents')
      .where('id', '=', creatorId)
      .executeTakeFirst(),
  ]);
  const rows = posts.map(presentContent);
  const paid = rows.filter((p) => p.price !== null);
  return buildInsights({
    label,
    current,
    previous,
    byHour,
    posts: rows,
    churn: {
      // the counter is today's; rollups older than it (or a demo) may not add up: never fewer than left
      subscribersAtStart: Math.max(
        current.unsubscriptions,
        current.subscribers - current.subscriptions + current.unsubscriptions,
      ),
      unsubscriptions: current.unsubscriptions,
      ...outlook,
    },
    price: {
      subscriptionPriceCents: creator?.subscription_price_cents ?? 0,
      profileViews: current.profileViews,
      subscriptions: current.subscriptions,
      paidViews: paid.reduce((a, p) => a + p.views, 0),
      paidPurchases: paid.reduce((a, p) => a + p.purchases, 0),
    },
  });
}

/**
 * With AI configured the summary is written by the model from the same numbers and sentences;
 * on any failure the §8 fallback text stands, with the statistical recommendations.
 */
export async function summarise(ctx: Ctx, result: InsightResult) {
  if (!aiConfigured(ctx.config)) return { source: 'statistical' as const, summary: result.summary };
  try {
    const summary = await chatCompletion(ctx.config, [
      {
        role: 'system',
        content:
          'You write a short analytics summary (3 to 5 sentences) for a creator on a fan platform. Use only the numbers given; never invent or estimate a number. Plain text, no markdown.',
      },
      {
        role: 'user',
        content: `Numbers: ${JSON.stringify(result.metrics)}\nFindings:\n${result.insights.map((i) => `- ${i.text}`).join('\n')}\nRecommendations:\n${result.recommendations.map((r) => `- ${r}`).join('\n')}`,
      },
    ]);
    return { source: 'ai' as const, summary };
  } catch (err) {
    ctx.log.warn({ err }, 'AI insight call failed; using the fallback summary');
    return { source: 'fallback' as const, summary: AI_INSIGHT_FALLBACK };
  }
}

export function presentInsight(row: Row): Insight {
  return {
    id: row.id,
    insightId: row.id,
    kind: row.kind,
    period: row.period,
    month: row.month,
    source: row.source,
    summary: row.summary,
    insights: row.insights as InsightItem[],
    recommendations: row.recommendations as string[],
    createdAt: row.created_at.toISOString(),
  };
}

const periodLabel = (p: AnalyticsPeriod) =>
  p === '1y' ? 'the last year' : `the last ${PERIOD_DAYS[p]} days`;

export async function generateInsight(
  ctx: Ctx,
  creatorId: string,
  period: AnalyticsPeriod = DEFAULT_PERIOD,
  now = new Date(),
) {
  const ms = PERIOD_DAYS[period] * 86_400_000;
  const from = new Date(now.getTime() - ms);
  const result = await insightData(
    ctx.db,
    creatorId,
    from,
    now,
    new Date(from.getTime() - ms),
    periodLabel(period),
    now,
  );
  const { source, summary } = await summarise(ctx, result);
  const row = await ctx.db
    .insertInto('ai_insights')
    .values({
      creator_id: creatorId,
      kind: 'generated',
      period,
      month: null,
      source,
      summary,
      insights: JSON.stringify(result.insights),
      recommendations: JSON.stringify(result.recommendations),
      metrics: JSON.stringify(result.metrics),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentInsight(row);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * GET /ai-insights/monthly: one insight per calendar month (UTC), made on first request. A past
 * month is final; the current month's is remade when older than a day.
 */
export async function monthlyInsight(
  ctx: Ctx,
  creatorId: string,
  month: string | undefined,
  now = new Date(),
) {
  const current = now.toISOString().slice(0, 7);
  const key = month ?? current;
  if (key > current)
    throw new BadRequestError(INSIGHT_MESSAGES.futureMonth, ErrorCodes.VALIDATION_FAILED, {
      field: 'month',
    });
  const existing = await ctx.db
    .selectFrom('ai_insights')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('kind', '=', 'monthly')
    .where('month', '=', key)
    .executeTakeFirst();
  const fresh =
    existing && (key < current || now.getTime() - existing.created_at.getTime() < 86_400_000);
  if (existing && fresh) return presentInsight(existing);
  const [y, m] = key.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  const to = end < now ? end : now;
  const previousFrom = new Date(Date.UTC(y, m - 2, 1));
  const result = await insightData(
    ctx.db,
    creatorId,
    from,
    to,
    previousFrom,
    `${MONTHS[m - 1]} ${y}`,
    now,
  );
  const { source, summary } = await summarise(ctx, result);
  const values = {
    source,
    summary,
    insights: JSON.stringify(result.insights),
    recommendations: JSON.stringify(result.recommendations),
    metrics: JSON.stringify(result.metrics),
  };
  const row = await ctx.db
    .insertInto('ai_insights')
    .values({ creator_id: creatorId, kind: 'monthly', period: 'month', month: key, ...values })
    .onConflict((oc) =>
      oc
        .columns(['creator_id', 'month'])
        .where('kind', '=', 'monthly')
        .doUpdateSet({ ...values, created_at: sql`now()` } as never),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentInsight(row);
}

export async function insightHistory(
  db: Db,
  creatorId: string,
  q: InsightHistoryQuery,
): Promise<InsightHistory> {
  const limit = q.limit ?? 10;
  const page = q.page ?? 1;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('ai_insights')
      .selectAll()
      .where('creator_id', '=', creatorId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('ai_insights')
      .select(sql<string>`count(*)`.as('n'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const totalPages = Math.ceil(total / limit);
  return {
    insights: rows.map(presentInsight),
    total,
    currentPage: page,
    totalPages,
    hasMore: page < totalPages,
  };
}

/** Another creator's insight is the same 404 as a missing one. */
export async function deleteInsight(db: Db, creatorId: string, id: string) {
  const row = await db
    .deleteFrom('ai_insights')
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new NotFoundError(INSIGHT_MESSAGES.notFound, ErrorCodes.INSIGHT_NOT_FOUND);
  return { ok: true as const, insightId: row.id };
}
