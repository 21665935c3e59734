/**
 * The shared chart wrapper (recharts underneath). Every chart, wherever it is used, is also
 * readable without seeing it: the plot is one focusable element (role img, labelled by the title,
 * described by a summary); the left and right arrow keys (Home, End) move between points, a
 * tooltip shows that point and a polite live region reads it out; pointer hover does the same.
 * "Show as table" swaps the chart for a real data table, and while the chart shows the same table
 * is there for screen readers. Pages pass data only, never recharts components.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import {
  Bar,
  CartesianGrid,
  BarChart as RBarChart,
  LineChart as RLineChart,
  Line,
  ReferenceLine,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '../button.tsx';
import { dayLabel, niceTicks } from './format.ts';

export { dayLabel, niceTicks } from './format.ts';

export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

export interface ChartProps {
  title: string;
  /** one label per point: ISO days, months, instants, or plain text */
  labels: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bar';
  formatValue?: (value: number) => string;
  yLabel?: string;
  xLabel?: string;
  /** what the points are, for the summary ('days', 'months', 'minutes', 'hours') */
  unit?: string;
  height?: number;
  /** the text when there are no points */
  empty?: string;
}

/** The width of an element, followed as it resizes (ResizeObserver where there is one). */
function useWidth(fallback: number): [(node: HTMLElement | null) => void, number] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!node) return;
    const measure = () => {
      const w = node.getBoundingClientRect().width;
      if (w > 0) setWidth(Math.round(w));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, width];
}

export function Chart({
  title,
  labels,
  series,
  kind = 'line',
  formatValue = (v) => String(v),
  yLabel,
  xLabel = 'Date',
  unit = 'days',
  height = 240,
  empty = 'No data for this period yet.',
}: ChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [measureRef, measured] = useWidth(600);
  const width = Math.max(260, measured);
  const n = labels.length;
  const point = active === null ? null : Math.min(active, n - 1);
  const all = series.flatMap((s) => s.values);
  const ticks = niceTicks(
    Math.max(0, ...all),
    all.every((v) => Number.isInteger(v)),
  );
  const rows = labels.map((label, i) => {
    const row: Record<string, string | number> = { label };
    for (const s of series) row[s.name] = s.values[i] ?? 0;
    return row;
  });

  const peak = series
    .map((s) => {
      const max = Math.max(...s.values);
      return { name: s.name, max, label: labels[s.values.indexOf(max)] ?? '' };
    })
    .filter((p) => Number.isFinite(p.max));
  const summary =
    n === 0
      ? ''
      : `${n} ${unit} from ${dayLabel(labels[0]!, true)} to ${dayLabel(labels[n - 1]!, true)}. ${peak
          .map((p) => `Highest ${p.name}: ${formatValue(p.max)} on ${dayLabel(p.label, true)}.`)
          .join(' ')} Use the left and right arrow keys to read each point.`;

  function onKeyDown(event: KeyboardEvent) {
    if (n === 0) return;
    const current = point ?? -1;
    const next: Record<string, number> = {
      ArrowRight: Math.min(n - 1, current + 1),
      ArrowLeft: Math.max(0, current < 0 ? n - 1 : current - 1),
      Home: 0,
      End: n - 1,
    };
    if (event.key in next) {
      event.preventDefault();
      setActive(next[event.key]!);
    } else if (event.key === 'Escape') setActive(null);
  }

  const readout =
    point === null
      ? ''
      : `${dayLabel(labels[point]!, true)}: ${series
          .map((s) => `${s.name} ${formatValue(s.values[point] ?? 0)}`)
          .join(', ')}`;

  const table = (
    <table className="w-full text-left text-sm">
      <caption className={asTable ? 'sr-only' : undefined}>{title}</caption>
      <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
        <tr>
          <th scope="col" className="py-2 pr-4">
            {xLabel}
          </th>
          {series.map((s) => (
            <th key={s.name} scope="col" className="py-2 pr-4 text-right">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, i) => (
          <tr key={label} className="border-t border-line">
            <th scope="row" className="py-1.5 pr-4 font-normal whitespace-nowrap">
              {dayLabel(label, true)}
            </th>
            {series.map((s) => (
              <td key={s.name} className="py-1.5 pr-4 text-right tabular-nums">
                {formatValue(s.values[i] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

  const axes = [
    <CartesianGrid
      key="grid"
      strokeDasharray="3 4"
      vertical={false}
      stroke="var(--color-line, #e5e7eb)"
    />,
    <XAxis
      key="x"
      dataKey="label"
      tickFormatter={(v: string) => dayLabel(v)}
      tick={{ fontSize: 11 }}
      minTickGap={24}
      label={{ value: xLabel, position: 'insideBottom', offset: -4, fontSize: 11, fontWeight: 600 }}
    />,
    <YAxis
      key="y"
      ticks={ticks}
      domain={[0, ticks.at(-1) ?? 1]}
      tickFormatter={(v: number) => formatValue(v)}
      tick={{ fontSize: 11 }}
      width={64}
      label={
        yLabel
          ? { value: yLabel, angle: -90, position: 'insideLeft', fontSize: 11, fontWeight: 600 }
          : undefined
      }
    />,
    point !== null ? (
      <ReferenceLine key="at" x={labels[point]} stroke="currentColor" strokeDasharray="2 3" />
    ) : null,
  ];
  const onMove = (state: { activeTooltipIndex?: number | string | null }) => {
    const i = Number(state.activeTooltipIndex);
    if (Number.isInteger(i) && i >= 0) setActive(i);
  };
  const frame = {
    width,
    height,
    data: rows,
    margin: { top: 8, right: 16, bottom: 16, left: 4 },
    onMouseMove: onMove,
    accessibilityLayer: false,
  };

  return (
    <figure className="min-w-0 rounded-2xl border border-line bg-surface p-4">
      <figcaption className="mb-3">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span id={titleId} className="text-sm font-semibold text-fg">
            {title}
          </span>
          {n > 0 ? (
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={asTable}
              onClick={() => setAsTable((on) => !on)}
            >
              {asTable ? 'Show as chart' : 'Show as table'}
            </Button>
          ) : null}
        </span>
        <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
          {series.map((s) => (
            <span key={s.name} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block h-2 w-3 rounded-full"
                style={{ background: s.color }}
              />
              {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      {n === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{empty}</p>
      ) : asTable ? (
        <div className="max-h-80 overflow-auto">{table}</div>
      ) : (
        <div ref={measureRef} className="relative w-full">
          <div
            className="rounded-xl text-muted focus-visible:outline-2 focus-visible:outline-accent"
            role="img"
            tabIndex={0}
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            onKeyDown={onKeyDown}
            onPointerLeave={() => setActive(null)}
            onBlur={() => setActive(null)}
          >
            {kind === 'bar' ? (
              <RBarChart {...frame}>
                {axes}
                {series.map((s) => (
                  <Bar
                    key={s.name}
                    dataKey={s.name}
                    fill={s.color}
                    radius={[4, 4, 0, 0]}
                    isAnimationActive={false}
                  />
                ))}
              </RBarChart>
            ) : (
              <RLineChart {...frame}>
                {axes}
                {series.map((s) => (
                  <Line
                    key={s.name}
                    dataKey={s.name}
                    stroke={s.color}
                    strokeWidth={2.5}
                    isAnimationActive={false}
                    dot={(p: { index?: number; cx?: number; cy?: number }) =>
                      p.index === point && p.cx !== undefined && p.cy !== undefined ? (
                        <circle
                          key={p.index}
                          cx={p.cx}
                          cy={p.cy}
                          r={4.5}
                          fill={s.color}
                          stroke="white"
                          strokeWidth={1.5}
                        />
                      ) : (
                        <g key={p.index} />
                      )
                    }
                  />
                ))}
              </RLineChart>
            )}
          </div>
          {point !== null ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-2 right-2 z-10 min-w-36 rounded-xl border border-line bg-surface px-3 py-2 text-xs shadow-lg"
            >
              <p className="mb-1 font-semibold text-fg">{dayLabel(labels[point]!, true)}</p>
              {series.map((s) => (
                <p key={s.name} className="flex items-center justify-between gap-3 text-muted">
                  <span className="inline-flex items-center gap-1.5">
                    <span
                      className="inline-block h-2 w-2 rounded-full"
                      style={{ background: s.color }}
                    />
                    {s.name}
                  </span>
                  <span className="font-semibold text-fg tabular-nums">
                    {formatValue(s.values[point] ?? 0)}
                  </span>
                </p>
              ))}
            </div>
          ) : null}
          <p id={summaryId} className="sr-only">
            {summary}
          </p>
          <p className="sr-only" aria-live="polite">
            {readout}
          </p>
          {/* the wrapper clips it: a table ignores the 1px width of sr-only */}
          <div className="sr-only">{table}</div>
        </div>
      )}
    </figure>
  );
}

/** A line chart (the admin's and the analytics dashboard's). */
export const LineChart = (props: Omit<ChartProps, 'kind'>) => <Chart {...props} kind="line" />;
/** A bar chart (counts by hour, by post). */
export const BarChart = (props: Omit<ChartProps, 'kind'>) => <Chart {...props} kind="bar" />;
