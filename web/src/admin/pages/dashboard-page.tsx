/** Admin · Dashboard: counters, revenue per day and growth at a glance. */
import { Link } from 'react-router';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useDashboardQuery, useFinancialsQuery, useGrowthQuery } from '../api.ts';
import { SectionHeader, StatCard, formatMoney } from '../components/fields.tsx';
import { LineChart } from '../components/line-chart.tsx';
import { GrowthChart } from './growth-page.tsx';

export function DashboardPage() {
  useDocumentTitle('Admin · Dashboard');
  const dashboard = useDashboardQuery();
  const financials = useFinancialsQuery();
  const growth = useGrowthQuery(30);

  return (
    <div className="w-full">
      <SectionHeader
        title="Dashboard"
        description="Platform health, sign-ups and revenue at a glance."
      />
      {dashboard.isPending ? (
        <LoadingState label="Loading counters…" />
      ) : dashboard.error ? (
        <ErrorState
          title="Could not load the dashboard"
          message={errorMessageOf(dashboard.error, 'Check your connection and try again.')}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
          <StatCard
            label="Users"
            value={dashboard.data.users.total}
            hint={`${dashboard.data.users.newToday} new today`}
          />
          <StatCard label="Creators" value={dashboard.data.users.creators} />
          <StatCard
            label="Posts"
            value={dashboard.data.content.posts}
            hint={`${dashboard.data.content.postsToday} today`}
          />
          <StatCard
            label="Banned / suspended"
            value={`${dashboard.data.users.banned} / ${dashboard.data.users.suspended}`}
          />
          <StatCard
            label="Pending reports"
            value={dashboard.data.moderation.pendingReports}
            hint={
              <Link className="text-accent-text hover:underline" to="/admin/reports">
                Review reports
              </Link>
            }
          />
          <StatCard
            label="Pending verifications"
            value={dashboard.data.moderation.pendingVerifications}
            hint={
              <Link className="text-accent-text hover:underline" to="/admin/verifications">
                Review submissions
              </Link>
            }
          />
          {financials.data ? (
            <>
              <StatCard
                label="Revenue, last 30 days"
                value={formatMoney(financials.data.revenueLast30Days, financials.data.currency)}
              />
              <StatCard
                label="Net revenue"
                value={formatMoney(financials.data.netRevenue, financials.data.currency)}
              />
            </>
          ) : null}
        </div>
      )}
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        {financials.isPending ? (
          <LoadingState label="Loading revenue…" />
        ) : financials.error ? (
          <ErrorState
            title="Could not load revenue"
            message={errorMessageOf(financials.error, 'Check your connection and try again.')}
            onRetry={() => void financials.refetch()}
          />
        ) : (
          <LineChart
            title="Revenue per day"
            labels={financials.data.dailyRevenue.map((d) => d.date)}
            series={[
              {
                name: 'Revenue',
                color: '#8b5cf6',
                values: financials.data.dailyRevenue.map((d) => d.amount),
              },
            ]}
            formatValue={(v) => formatMoney(v, financials.data.currency)}
            yLabel={`Revenue (${financials.data.currency})`}
          />
        )}
        {growth.isPending ? (
          <LoadingState label="Loading growth…" />
        ) : growth.error && !growth.data ? (
          <ErrorState
            title="Could not load growth stats"
            message={errorMessageOf(growth.error, 'Check your connection and try again.')}
            onRetry={() => void growth.refetch()}
          />
        ) : (
          <GrowthChart data={growth.data} title="Growth, last 30 days" />
        )}
      </div>
    </div>
  );
}
