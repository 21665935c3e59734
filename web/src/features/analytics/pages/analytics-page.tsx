/**
 * /analytics – a creator's dashboard: the period picker (7d/30d/90d/1y, default 30d, kept in the
 * URL), totals against the previous period, charts (each with a table), engagement by hour, the
 * content table, audience, profile viewers, insights and the assistant.
 */
import { ANALYTICS_PERIODS, AnalyticsLimits, type AnalyticsPeriod } from '@fanspace/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { formatUsd } from '../../../lib/money.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { BarChart, LineChart } from '../../../ui/charts/chart.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { exportUrl, logAnalyticsAccess } from '../api.ts';
import { AssistantPanel } from '../components/assistant-panel.tsx';
import { AudiencePanel, ProfileViewers } from '../components/audience-panel.tsx';
import { ContentTable } from '../components/content-table.tsx';
import { InsightsPanel } from '../components/insights-panel.tsx';
import { RealtimeStrip } from '../components/realtime-strip.tsx';
import { StatCards } from '../components/stat-cards.tsx';
import { useDashboard, useEngagement } from '../queries.ts';

const PERIOD_LABEL: Record<AnalyticsPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
};

export function parsePeriod(value: string | null): AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsPeriod)
    : AnalyticsLimits.defaultPeriod;
}

function Charts({ period }: { period: AnalyticsPeriod }) {
  const dash = useDashboard(period);
  const eng = useEngagement(period);
  if (dash.isPending) return <LoadingState label="Loading your analytics…" />;
  if (dash.isError) return <ErrorState onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const labels = d.series.map((p) => p.date);
  const unit = d.granularity === 'month' ? 'months' : 'days';
  return (
    <div className="space-y-4">
      <StatCards data={d} />
      <div className="grid gap-4 lg:grid-cols-2">
        <LineChart
          title="Views and engagement"
          unit={unit}
          labels={labels}
          yLabel="Count"
          series={[
            { name: 'Post views', color: '#8b5cf6', values: d.series.map((p) => p.views) },
            { name: 'Likes', color: '#ec4899', values: d.series.map((p) => p.likes) },
            { name: 'Comments', color: '#0ea5e9', values: d.series.map((p) => p.comments) },
          ]}
        />
        <LineChart
          title="Earnings"
          unit={unit}
          labels={labels}
          yLabel="USD"
          formatValue={formatUsd}
          series={[{ name: 'Earnings', color: '#10b981', values: d.series.map((p) => p.earnings) }]}
        />
        <BarChart
          title="Subscribers gained and lost"
          unit={unit}
          labels={labels}
          series={[
            {
              name: 'New subscribers',
              color: '#10b981',
              values: d.series.map((p) => p.subscriptions),
            },
            {
              name: 'Cancellations',
              color: '#f43f5e',
              values: d.series.map((p) => p.unsubscriptions),
            },
          ]}
        />
        {eng.data ? (
          <BarChart
            title="Engagement by posting hour (UTC)"
            unit="hours"
            xLabel="Hour"
            yLabel="Per post"
            labels={eng.data.byHour.map((h) => `${String(h.hour).padStart(2, '0')}:00`)}
            series={[
              {
                name: 'Likes and comments per post',
                color: '#f59e0b',
                values: eng.data.byHour.map((h) => h.engagementPerPost),
              },
            ]}
            empty="No posts were published in this period."
          />
        ) : null}
      </div>
    </div>
  );
}

export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const user = useAuthStore((s) => s.user);
  const creator = isCreatorUser(user);
  const [params, setParams] = useSearchParams();
  const period = parsePeriod(params.get('period'));

  useEffect(() => {
    void logAnalyticsAccess(creator ? 'authorized' : 'unauthorized', 'dashboard').catch(
      () => undefined,
    );
  }, [creator]);

  if (!creator)
    return (
      <Page title="Analytics">
        <EmptyState
          title="Analytics are for creators"
          description="Become a creator to see who views, likes and buys your posts."
        />
      </Page>
    );

  return (
    <Page
      title="Analytics"
      width="wide"
      description="Your numbers, compared with the period before."
      actions={
        <a
          className="rounded-xl border border-line px-3 py-2 text-sm font-medium text-fg hover:bg-surface-2"
          href={exportUrl(period)}
          download
        >
          Export CSV
        </a>
      }
    >
      <div className="mb-4 max-w-md">
        <SegmentedControl
          label="Period"
          value={period}
          options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))}
          onChange={(p) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('period', p);
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
      <RealtimeStrip />
      <Charts period={period} />
      <div className="mt-4 space-y-4">
        <ContentTable period={period} />
        <div className="grid gap-4 lg:grid-cols-2">
          <AudiencePanel period={period} />
          <ProfileViewers />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <InsightsPanel period={period} />
          <AssistantPanel />
        </div>
      </div>
    </Page>
  );
}
