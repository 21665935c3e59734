import { CONTENT_SORTS, type AnalyticsPeriod, type ContentSort } from '@fanspace/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '../../../lib/money.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { useContent } from '../queries.ts';

const SORT_LABEL: Record<ContentSort, string> = {
  recent: 'Newest',
  views: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  earnings: 'Earnings',
  engagement: 'Engagement',
};

/** Every post with the period's numbers; sorted and paged on the server. */
export function ContentTable({ period }: { period: AnalyticsPeriod }) {
  const [sort, setSort] = useState<ContentSort>('views');
  const [page, setPage] = useState(1);
  const q = useContent(period, sort, page);
  const selectId = useId();
  return (
    <section
      aria-labelledby="content-heading"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="content-heading" className="text-lg font-semibold text-fg">
          Content
        </h2>
        <label htmlFor={selectId} className="flex items-center gap-2 text-sm text-muted">
          Sort by
          <select
            id={selectId}
            className="rounded-lg border border-line bg-surface-2 px-2 py-1 text-fg"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ContentSort);
              setPage(1);
            }}
          >
            {CONTENT_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isPending ? (
        <LoadingState label="Loading your posts…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <EmptyState
          title="No posts yet"
          description="Your posts and their numbers will show here."
        />
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">
                Your posts with views, likes, comments, unlocks and earnings
              </caption>
              <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Post
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Views
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Likes
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Comments
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Unlocks
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Earnings
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Engagement
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.items.map((row) => (
                  <tr key={row.postId} className="border-t border-line">
                    <th scope="row" className="max-w-56 truncate py-2 pr-3 font-normal">
                      <Link to={`/p/${row.postId}`} className="text-fg hover:underline">
                        {row.caption.trim() || 'Untitled post'}
                      </Link>
                      <span className="block text-xs text-muted">
                        {new Date(row.createdAt).toLocaleDateString()}
                        {row.price !== null ? ` · ${formatUsd(row.price)}` : ''}
                      </span>
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.views}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.likes}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.comments}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.purchases}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatUsd(row.earnings)}</td>
                    <td className="py-2 text-right tabular-nums">{row.engagementRate}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
