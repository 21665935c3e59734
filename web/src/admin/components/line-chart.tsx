/**
 * The back office's charts (dashboard revenue, growth) are the shared wrapper in
 * web/src/ui/charts/ (recharts underneath), with the same keyboard, live-region and
 * "Show as table" access as before.
 */
export {
  LineChart,
  dayLabel,
  niceTicks,
  type ChartSeries,
  type ChartProps as LineChartProps,
} from '../../ui/charts/chart.tsx';
