import type { AnalyticsPeriod } from '@fanspace/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../lib/money.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { useAudience, useProfileViewers } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

const box = 'rounded-2xl border border-line bg-surface p-4';

export function AudiencePanel({ period }: { period: AnalyticsPeriod }) {
  const q = useAudience(period);
  return (
    <section aria-labelledby="audience-heading" className={box}>
      <h2 id="audience-heading" className="mb-3 text-lg font-semibold text-fg">
        Audience
      </h2>
      {q.isPending ? (
        <LoadingState label="Loading your audience…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            {[
              ['Subscribers', q.data.subscribers],
              ['Followers', q.data.followers],
              ['New subscribers', q.data.newSubscribers],
              ['Cancellations', q.data.unsubscriptions],
              ['Churn', `${q.data.churnRate}%`],
              ['Unique profile viewers', q.data.uniqueProfileViewers],
              ['Renewing this week', q.data.renewingSoon],
              ['Ending this week', q.data.cancelingSoon],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="text-lg font-semibold text-fg tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-fg">Top fans</h3>
          {q.data.topFans.length === 0 ? (
            <p className="text-sm text-muted">
              No purchases, tips or subscriptions in this period.
            </p>
          ) : (
            <ol className="space-y-2">
              {q.data.topFans.map((f) => (
                <li key={f.user.id} className="flex items-center gap-3 text-sm">
                  <Avatar
                    name={f.user.displayName ?? f.user.username}
                    src={f.user.avatarUrl}
                    size={32}
                  />
                  <Link
                    to={`/profile/${f.user.username}`}
                    className="min-w-0 flex-1 truncate text-fg hover:underline"
                  >
                    {f.user.displayName ?? f.user.username}
                  </Link>
                  <span className="tabular-nums text-muted">{formatUsd(f.spent)}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** Who viewed your profile, 10 per page (spec §9). */
export function ProfileViewers() {
  const [page, setPage] = useState(1);
  const q = useProfileViewers(page);
  return (
    <section aria-labelledby="viewers-heading" className={box}>
      <h2 id="viewers-heading" className="mb-3 text-lg font-semibold text-fg">
        Profile viewers
      </h2>
      {q.isPending ? (
        <LoadingState label="Loading profile viewers…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.viewers.length === 0 ? (
        <EmptyState
          title="No profile viewers yet"
          description="Signed-in fans who visit your profile appear here."
        />
      ) : (
        <>
          <ul className="divide-y divide-line">
            {q.data.viewers.map((v) => (
              <li key={v.user.id} className="flex items-center gap-3 py-2 text-sm">
                <Avatar
                  name={v.user.displayName ?? v.user.username}
                  src={v.user.avatarUrl}
                  size={32}
                />
                <span className="min-w-0 flex-1">
                  <Link
                    to={`/profile/${v.user.username}`}
                    className="block truncate text-fg hover:underline"
                  >
                    {v.user.displayName ?? v.user.username}
                  </Link>
                  <span className="text-xs text-muted">
                    {plural(v.views, 'visit')} · last {new Date(v.lastViewedAt).toLocaleString()}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <Pager page={q.data.page} totalPages={q.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
