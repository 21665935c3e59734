import type { AnalyticsPeriod, Insight } from '@fanspace/contracts';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { useDeleteInsight, useGenerateInsight, useInsightHistory } from '../queries.ts';

const SOURCE: Record<Insight['source'], string> = {
  statistical: 'Statistical',
  ai: 'AI summary',
  fallback: 'Statistical (AI unavailable)',
};

function InsightCard({ insight, onDelete }: { insight: Insight; onDelete: () => void }) {
  return (
    <article
      className="rounded-xl border border-line bg-surface-2 p-3"
      aria-label={`Insight of ${new Date(insight.createdAt).toLocaleString()}`}
    >
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          {insight.kind === 'monthly' ? `Monthly · ${insight.month}` : `Last ${insight.period}`} ·{' '}
          {SOURCE[insight.source]} · {new Date(insight.createdAt).toLocaleString()}
        </span>
        <Button size="sm" variant="danger-ghost" onClick={onDelete}>
          Delete
        </Button>
      </header>
      <p className="mb-2 text-sm text-fg">{insight.summary}</p>
      <ul className="mb-2 list-disc space-y-1 pl-5 text-sm text-fg">
        {insight.insights.map((item, i) => (
          <li key={i}>
            {item.text.startsWith(item.title) ? null : (
              <span className="font-medium">{item.title}: </span>
            )}
            {item.text}
          </li>
        ))}
      </ul>
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Recommendations</h4>
      <ul className="list-disc space-y-1 pl-5 text-sm text-fg">
        {insight.recommendations.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </article>
  );
}

/** Generate insights for the period or the month; the latest five stay listed. */
export function InsightsPanel({ period }: { period: AnalyticsPeriod }) {
  const history = useInsightHistory();
  const generate = useGenerateInsight();
  const remove = useDeleteInsight();
  return (
    <section
      aria-labelledby="insights-heading"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-heading" className="text-lg font-semibold text-fg">
          Insights
        </h2>
        <span className="flex gap-2">
          <Button
            size="sm"
            onClick={() => generate.mutate({ period })}
            disabled={generate.isPending}
          >
            {generate.isPending ? 'Generating…' : 'Generate insights'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => generate.mutate({ monthly: true })}
            disabled={generate.isPending}
          >
            This month
          </Button>
        </span>
      </div>
      {history.isPending ? (
        <LoadingState label="Loading insights…" />
      ) : history.isError ? (
        <ErrorState onRetry={() => void history.refetch()} />
      ) : history.data.insights.length === 0 ? (
        <p className="text-sm text-muted">
          No insights yet. Generate some to see trends, your best posting hours and price
          suggestions.
        </p>
      ) : (
        <div className="space-y-3" aria-live="polite">
          {history.data.insights.map((insight) => (
            <InsightCard
              key={insight.id}
              insight={insight}
              onDelete={() => remove.mutate(insight.id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
