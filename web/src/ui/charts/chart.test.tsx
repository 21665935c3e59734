import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, LineChart, dayLabel, niceTicks } from './chart.tsx';

const labels = ['2026-01-01', '2026-01-02', '2026-01-03'];
const series = [
  { name: 'Sign-ups', color: '#8b5cf6', values: [1, 4, 2] },
  { name: 'Posts', color: '#0ea5e9', values: [0, 3, 7] },
];

describe('niceTicks', () => {
  it('gives round steps from 0 past the maximum, whole numbers for counts', () => {
    expect(niceTicks(7, true)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100, false)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(0.3, false)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(2, true)).toEqual([0, 1, 2]);
    expect(niceTicks(0, true)).toEqual([0, 1]);
  });
});

describe('LineChart', () => {
  it('labels both axes and describes the data for screen readers', () => {
    render(<LineChart title="Growth" labels={labels} series={series} yLabel="Per day" />);
    const chart = screen.getByRole('img', { name: 'Growth' });
    expect(chart.getAttribute('tabindex')).toBe('0');
    expect(within(chart).getByText('Date')).toBeTruthy();
    expect(within(chart).getByText('Per day')).toBeTruthy();
    expect(within(chart).getByText(dayLabel('2026-01-01'))).toBeTruthy();
    const description = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('3 days from');
    expect(description.textContent).toContain('Highest Posts: 7');
    expect(description.textContent).toContain('arrow keys');
    // the data as a table is there for screen readers while the chart shows
    const table = screen.getByRole('table', { name: 'Growth' });
    expect(table.parentElement!.className).toBe('sr-only');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
  });

  it('moves between days with the arrow keys and reads each one out', () => {
    render(<LineChart title="Growth" labels={labels} series={series} />);
    const chart = screen.getByRole('img', { name: 'Growth' });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(live.textContent).toBe(`${dayLabel('2026-01-01', true)}: Sign-ups 1, Posts 0`);
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(live.textContent).toBe(`${dayLabel('2026-01-02', true)}: Sign-ups 4, Posts 3`);
    fireEvent.keyDown(chart, { key: 'End' });
    expect(live.textContent).toContain('Posts 7');
    // the tooltip and the point markers follow
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(live.textContent).toContain('Posts 7');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(live.textContent).toContain('Sign-ups 1');
    fireEvent.keyDown(chart, { key: 'Escape' });
    expect(live.textContent).toBe('');
    expect(chart.querySelectorAll('circle')).toHaveLength(0);
  });

  it('shows the data as a visible table on request, and back', () => {
    render(
      <LineChart
        title="Revenue"
        labels={labels}
        series={[{ name: 'Revenue', color: '#8b5cf6', values: [1.5, 0, 12] }]}
        formatValue={(v) => `$${v.toFixed(2)}`}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByRole('img', { name: 'Revenue' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Revenue' });
    expect(table.parentElement!.className).not.toContain('sr-only');
    expect(within(table).getByText('$12.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show as chart' }));
    expect(screen.getByRole('img', { name: 'Revenue' })).toBeTruthy();
  });

  it('says so when there is no data', () => {
    render(<LineChart title="Growth" labels={[]} series={[]} />);
    expect(screen.getByText('No data for this period yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
  });
});

describe('BarChart and other labels', () => {
  it('draws bars, reads months and plain labels, and names its unit', () => {
    render(
      <BarChart
        title="By month"
        unit="months"
        labels={['2026-01', '2026-02']}
        series={[{ name: 'Views', color: '#000', values: [3, 5] }]}
      />,
    );
    const chart = screen.getByRole('img', { name: 'By month' });
    expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBe(2);
    const description = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain(`2 months from ${dayLabel('2026-01', true)}`);
    expect(dayLabel('2026-01')).toMatch(/2026/);
    expect(dayLabel('13:00')).toBe('13:00');
    fireEvent.keyDown(chart, { key: 'End' });
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toContain('Views 5');
  });
});
