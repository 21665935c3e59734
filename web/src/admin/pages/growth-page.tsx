/** Admin · Growth stats: sign-ups, creators, posts and subscriptions per day. */
import type { GrowthStatsResponse } from '@fanspace/contracts';
import { useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { useGrowthQuery } from '../api.ts';
import { SectionHeader, StatCard } from '../components/fields.tsx';
import { LineChart } from '../components/line-chart.tsx';

export const GROWTH_COLORS = {
  signups: '#8b5cf6',
  creators: '#ec4899',
  posts: '#0ea5e9',
  subscriptions: '#10b981',
};

export function GrowthChart({ data, title }: { data: GrowthStatsResponse; title: string }) {
  return (
    <LineChart
      title={title}
      yLabel="Per day"
      labels={data.daily.map((d) => d.date)}
      series={[
        {
          name: 'Sign-ups',
          color: GROWTH_COLORS.signups,
          values: data.daily.map((d) => d.signups),
        },
        {
          name: 'New creators',
          color: GROWTH_COLORS.creators,
          values: data.daily.map((d) => d.creators),
        },
        { name: 'Posts', color: GROWTH_COLORS.posts, values: data.daily.map((d) => d.posts) },
        {
          name: 'Subscriptions',
          color: GROWTH_COLORS.subscriptions,
          values: data.daily.map((d) => d.subscriptions),
        },
      ]}
    />
  );
}

export function GrowthPage() {
  useDocumentTitle('Admin · Growth stats');
  const [days, setDays] = useState<'7' | '30' | '90'>('30');
  const growth = useGrowthQuery(Number(days));
  return (
    <div className="w-full">
      <SectionHeader
        title="Growth stats"
        description="Sign-ups, creators, posts and subscriptions over time."
      />
      <div className="mb-4 max-w-sm">
        <SegmentedControl
          label="Period"
          value={days}
          onChange={setDays}
          options={[
            { value: '7', label: '7 days' },
            { value: '30', label: '30 days' },
            { value: '90', label: '90 days' },
          ]}
        />
      </div>
      {growth.isPending ? (
        <LoadingState label="Loading growth stats…" />
      ) : growth.error && !growth.data ? (
        <ErrorState
          title="Could not load growth stats"
          message={errorMessageOf(growth.error, 'Check your connection and try again.')}
          onRetry={() => void growth.refetch()}
        />
      ) : (
        <>
          <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label="Users" value={growth.data.totals.users} />
            <StatCard label="Creators" value={growth.data.totals.creators} />
            <StatCard label="Posts" value={growth.data.totals.posts} />
            <StatCard label="Active subscriptions" value={growth.data.totals.activeSubscriptions} />
          </div>
          <GrowthChart data={growth.data} title={`Daily activity, last ${growth.data.days} days`} />
        </>
      )}
    </div>
  );
}
