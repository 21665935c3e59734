/** Labels and ticks of the chart wrapper (pure, tested). */
const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const MINUTE = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** A short label for an ISO day ('Jan 3'), month ('Jan 2026') or instant (time); else as is. */
export function dayLabel(iso: string, long = false): string {
  if (/^\d{4}-\d{2}$/.test(iso)) return MONTH.format(new Date(`${iso}-01T00:00:00Z`));
  if (/^\d{4}-\d{2}-\d{2}T/.test(iso)) {
    const t = new Date(iso);
    return Number.isNaN(t.getTime()) ? iso : MINUTE.format(t);
  }
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
