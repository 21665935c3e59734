/**
 * The back office's line chart (revenue, growth): one or more series over the same days, drawn
 * as inline SVG at the container's real width (so text stays readable on a phone), with
 * labelled axes and "nice" y ticks.
 *
 * Reading it without a mouse: the plot is one focusable element; the left and right arrow keys
 * (Home, End) move between days, the tooltip shows that day's values and a polite live region
 * reads them out. Pointer hover does the same. "Show as table" swaps the chart for a real data
 * table, and while the chart is shown the same table is there for screen readers (sr-only).
 *
 * In-house on purpose for now: the shared charting wrapper (web/src/ui/charts/) arrives with the
 * analytics work and replaces the drawing, not this component's props.
 */
import { useEffect, useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../ui/button.tsx';

export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

export interface LineChartProps {
  title: string;
  /** one ISO day (YYYY-MM-DD) per point */
  labels: string[];
  series: ChartSeries[];
  formatValue?: (value: number) => string;
  /** the y axis' label, e.g. 'Revenue (USD)' */
  yLabel?: string;
  xLabel?: string;
  height?: number;
}

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A short label for an ISO day ('Jan 3'); anything else as it is. */
export function dayLabel(iso: string, long = false): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime())) return iso;
  return (long ? LONG_DAY : DAY).format(date);
}

/** Round ticks from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number, integers: boolean, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  if (integers) step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length <= count + 1; v += step)
    ticks.push(Math.round(v * 100) / 100);
  if (ticks[ticks.length - 1]! < max) ticks.push(Math.round((ticks.at(-1)! + step) * 100) / 100);
  return ticks;
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

export function LineChart({
  title,
  labels,
  series,
  formatValue = (v) => String(v),
  yLabel,
  xLabel = 'Date',
  height = 240,
}: LineChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const [asTable, setAsTable] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const [measureRef, measured] = useWidth(600);
  const width = Math.max(280, measured);
  const narrow = width < 480;
  const pad = { top: 16, right: 16, bottom: 44, left: narrow ? 56 : 72 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const n = labels.length;
  const all = series.flatMap((s) => s.values);
  const integers = all.every((v) => Number.isInteger(v));
  const ticks = niceTicks(Math.max(0, ...all), integers, narrow ? 3 : 4);
  const top = ticks[ticks.length - 1] || 1;
  const x = (i: number) => pad.left + (n <= 1 ? innerW / 2 : (i / (n - 1)) * innerW);
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const labelEvery = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(innerW / 72))));
  const point = active === null ? null : Math.min(active, n - 1);

  const peak = series
    .map((s) => {
      const max = Math.max(...s.values);
      return { name: s.name, max, day: labels[s.values.indexOf(max)] ?? '' };
    })
    .filter((p) => Number.isFinite(p.max));
  const summary =
    n === 0
      ? ''
      : `${n} days from ${dayLabel(labels[0]!, true)} to ${dayLabel(labels[n - 1]!, true)}. ${peak
          .map((p) => `Highest ${p.name}: ${formatValue(p.max)} on ${dayLabel(p.day, true)}.`)
          .join(' ')} Use the left and right arrow keys to read each day.`;

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

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || n === 0) return;
    const px = ((event.clientX - rect.left) / rect.width) * width;
    const i = n <= 1 ? 0 : Math.round(((px - pad.left) / innerW) * (n - 1));
    setActive(Math.max(0, Math.min(n - 1, i)));
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
        <p className="py-8 text-center text-sm text-muted">No data for this period yet.</p>
      ) : asTable ? (
        <div className="max-h-80 overflow-auto">{table}</div>
      ) : (
        <div ref={measureRef} className="relative w-full">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="block h-auto w-full rounded-xl focus-visible:outline-2 focus-visible:outline-accent"
            role="img"
            tabIndex={0}
            aria-labelledby={titleId}
            aria-describedby={summaryId}
            onKeyDown={onKeyDown}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
            onBlur={() => setActive(null)}
          >
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={pad.left}
                  x2={width - pad.right}
                  y1={y(t)}
                  y2={y(t)}
                  stroke="currentColor"
                  className="text-line"
                  strokeDasharray={t === 0 ? undefined : '3 4'}
                />
                <text
                  x={pad.left - 8}
                  y={y(t) + 4}
                  textAnchor="end"
                  fontSize="11"
                  className="fill-current text-muted"
                >
                  {formatValue(t)}
                </text>
              </g>
            ))}
            <line
              x1={pad.left}
              x2={pad.left}
              y1={pad.top}
              y2={pad.top + innerH}
              stroke="currentColor"
              className="text-line"
            />
            {labels.map((label, i) =>
              i % labelEvery === 0 || i === n - 1 ? (
                <text
                  key={label}
                  x={x(i)}
                  y={pad.top + innerH + 16}
                  textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
                  fontSize="11"
                  className="fill-current text-muted"
                >
                  {dayLabel(label)}
                </text>
              ) : null,
            )}
            <text
              x={pad.left + innerW / 2}
              y={height - 4}
              textAnchor="middle"
              fontSize="11"
              fontWeight="600"
              className="fill-current text-muted"
            >
              {xLabel}
            </text>
            {yLabel ? (
              <text
                transform={`translate(12 ${pad.top + innerH / 2}) rotate(-90)`}
                textAnchor="middle"
                fontSize="11"
                fontWeight="600"
                className="fill-current text-muted"
              >
                {yLabel}
              </text>
            ) : null}
            {series.map((s) => (
              <polyline
                key={s.name}
                fill="none"
                stroke={s.color}
                strokeWidth="2.5"
                strokeLinejoin="round"
                strokeLinecap="round"
                points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
              />
            ))}
            {point !== null ? (
              <g>
                <line
                  x1={x(point)}
                  x2={x(point)}
                  y1={pad.top}
                  y2={pad.top + innerH}
                  stroke="currentColor"
                  className="text-muted"
                  strokeDasharray="2 3"
                />
                {series.map((s) => (
                  <circle
                    key={s.name}
                    cx={x(point)}
                    cy={y(s.values[point] ?? 0)}
                    r="4.5"
                    fill={s.color}
                    stroke="white"
                    strokeWidth="1.5"
                  />
                ))}
              </g>
            ) : null}
          </svg>
          {point !== null ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-2 z-10 min-w-36 rounded-xl border border-line bg-surface px-3 py-2 text-xs shadow-lg"
              style={
                x(point) > width / 2
                  ? { right: Math.max(4, width - x(point) + 12) }
                  : { left: Math.max(4, x(point) + 12) }
              }
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
