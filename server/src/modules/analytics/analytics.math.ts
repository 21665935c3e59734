import {
  ANALYTICS_METRICS,
  PERIOD_DAYS,
  type AnalyticsMetric,
  type AnalyticsPeriod,
  type MetricChange,
  type SeriesPoint,
} from '@fanspace/contracts';
import type { CreatorMetric } from './recorder.ts';
import type { MetricCount, Unit } from './analytics.queries.ts';

/** Pure helpers of the analytics service: ranges, series, comparisons and significance. */

export interface Range {
  period: AnalyticsPeriod;
  from: Date;
  to: Date;
  previousFrom: Date;
  unit: Unit;
}

export function periodRange(period: AnalyticsPeriod, now = new Date()): Range {
  const ms = PERIOD_DAYS[period] * 86_400_000;
  const from = new Date(now.getTime() - ms);
  return {
    period,
    from,
    to: now,
    previousFrom: new Date(from.getTime() - ms),
    unit: period === '1y' ? 'month' : 'day',
  };
}

export const METRIC_OF: Record<CreatorMetric, AnalyticsMetric> = {
  post_view: 'views',
  profile_view: 'profileViews',
  like: 'likes',
  comment: 'comments',
  purchase: 'purchases',
  tip: 'tips',
  subscription: 'subscriptions',
  unsubscription: 'unsubscriptions',
};

export type Counts = Record<AnalyticsMetric, number>;
export const zeroCounts = (): Counts =>
  Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, 0])) as Counts;

export const units = (cents: number) => Math.round(cents) / 100;

/** Every bucket key of the range, oldest first (UTC days 'YYYY-MM-DD' or months 'YYYY-MM'). */
export function bucketKeys(from: Date, to: Date, unit: Unit): string[] {
  const keys: string[] = [];
  const cursor = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), unit === 'day' ? from.getUTCDate() : 1),
  );
  while (cursor <= to) {
    keys.push(cursor.toISOString().slice(0, unit === 'day' ? 10 : 7));
    if (unit === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return keys;
}

export function buildSeries(
  keys: string[],
  counts: MetricCount[],
  earnings: Map<string, number>,
): SeriesPoint[] {
  const byKey = new Map(keys.map((k) => [k, zeroCounts()]));
  for (const c of counts) {
    const point = byKey.get(c.key);
    if (point) point[METRIC_OF[c.metric]] += c.count;
  }
  return keys.map((date) => {
    const cents = earnings.get(date) ?? 0;
    return {
      date,
      ...(byKey.get(date) ?? zeroCounts()),
      earnings: units(cents),
      earningsCents: cents,
    };
  });
}

export function sumCounts(counts: MetricCount[]): Counts {
  const total = zeroCounts();
  for (const c of counts) total[METRIC_OF[c.metric]] += c.count;
  return total;
}

/**
 * Current vs previous period. For counts the difference is tested as two Poisson rates over equal
 * windows: z = (a − b) / √(a + b), significant at |z| ≥ 1.96 (95 %, two-sided). Money is not a
 * count, so it is compared but never called significant on its own.
 */
export function compare(current: number, previous: number, isCount = true): MetricChange {
  const change = Math.round((current - previous) * 100) / 100;
  const changePercent = previous === 0 ? null : Math.round((change / previous) * 1000) / 10;
  const z = current + previous > 0 ? (current - previous) / Math.sqrt(current + previous) : 0;
  return {
    current,
    previous,
    change,
    changePercent,
    direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
    significant: isCount && Math.abs(z) >= 1.96,
  };
}

export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

export function bestHours(
  byHour: { hour: number; posts: number; engagementPerPost: number }[],
  top = 3,
) {
  return [...byHour]
    .filter((h) => h.posts > 0)
    .sort(
      (a, b) => b.engagementPerPost - a.engagementPerPost || b.posts - a.posts || a.hour - b.hour,
    )
    .slice(0, top)
    .map((h) => h.hour);
}
