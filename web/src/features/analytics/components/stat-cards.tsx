import type { AnalyticsDashboard, MetricChange } from '@fanspace/contracts';
import { formatUsd } from '../../../lib/money.ts';
import { plural } from '../../../lib/plural.ts';

const CARDS: Array<{ key: string; label: string; money?: boolean }> = [
  { key: 'views', label: 'Post views' },
  { key: 'profileViews', label: 'Profile views' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'subscriptions', label: 'New subscribers' },
  { key: 'earnings', label: 'Earnings', money: true },
];

export function changeText(change: MetricChange, money = false): string {
  if (change.direction === 'flat') return 'No change vs previous period';
  const sign = change.change > 0 ? '+' : '−';
  const abs = Math.abs(change.change);
  const amount = money ? formatUsd(abs) : String(abs);
  const pct = change.changePercent === null ? '' : ` (${sign}${Math.abs(change.changePercent)}%)`;
  return `${sign}${amount}${pct} vs previous period`;
}

/** The period's totals, each against the period before (significance marked). */
export function StatCards({ data }: { data: AnalyticsDashboard }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Totals">
      {CARDS.map((card) => {
        const change = data.comparison[card.key];
        const value = card.money
          ? formatUsd(data.totals.earnings)
          : String(data.totals[card.key as 'views'] ?? 0);
        const tone =
          !change || change.direction === 'flat'
            ? 'text-muted'
            : change.direction === 'up'
              ? 'text-success'
              : 'text-danger';
        return (
          <li key={card.key} className="rounded-2xl border border-line bg-surface p-4">
            <p className="text-xs font-medium text-muted">{card.label}</p>
            <p className="mt-1 text-2xl font-bold text-fg tabular-nums">{value}</p>
            {change ? (
              <p className={`mt-1 text-xs ${tone}`}>
                {changeText(change, card.money)}
                {change.significant ? (
                  <span className="ml-1 rounded-full bg-accent-soft px-1.5 py-0.5 font-semibold text-accent">
                    significant
                  </span>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
      <li className="col-span-2 text-xs text-muted md:col-span-3 xl:col-span-6">
        {plural(data.totals.subscribers, 'active subscriber')} ·{' '}
        {plural(data.totals.followers, 'follower')} now
      </li>
    </ul>
  );
}
