/**
 * A small inline SVG line chart (no charting library): one or more series over the same dates,
 * with a y-axis scale, a few date labels and a data table for screen readers.
 */
import { useId } from 'react';

export interface ChartSeries {
  name: string;
  color: string;
  values: number[];
}

export function LineChart({
  title,
  labels,
  series,
  formatValue = (v) => String(v),
  height = 200,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  formatValue?: (value: number) => string;
  height?: number;
}) {
  const titleId = useId();
  const width = 600;
  const pad = { top: 12, right: 12, bottom: 24, left: 56 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const all = series.flatMap((s) => s.values);
  const max = Math.max(1, ...all);
  const n = labels.length;
  const x = (i: number) => pad.left + (n <= 1 ? innerW / 2 : (i / (n - 1)) * innerW);
  const y = (v: number) => pad.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.5, 1].map((f) => f * max);
  const labelEvery = Math.max(1, Math.ceil(n / 6));

  return (
    <figure className="rounded-2xl border border-line bg-surface p-4">
      <figcaption id={titleId} className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-fg">{title}</span>
        <span className="flex flex-wrap gap-3 text-xs text-muted">
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
      ) : (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full"
          role="img"
          aria-labelledby={titleId}
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
                strokeDasharray="3 4"
              />
              <text
                x={pad.left - 8}
                y={y(t) + 4}
                textAnchor="end"
                fontSize="11"
                className="fill-current text-muted"
              >
                {formatValue(Math.round(t * 100) / 100)}
              </text>
            </g>
          ))}
          {labels.map((label, i) =>
            i % labelEvery === 0 || i === n - 1 ? (
              <text
                key={label}
                x={x(i)}
                y={height - 6}
                textAnchor={i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
                fontSize="11"
                className="fill-current text-muted"
              >
                {label.slice(5)}
              </text>
            ) : null,
          )}
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
        </svg>
      )}
      {n > 0 ? (
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.name}>{formatValue(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}
