import { describe, expect, it } from 'vitest';
import { availableActions } from './labels.ts';
import {
  dayKey,
  defaultScheduleTime,
  fromLocalInput,
  movedTo,
  scheduleTimeProblem,
  startOfWeek,
  toLocalInput,
  weekDays,
  weekRange,
} from './time.ts';

describe('scheduler time helpers', () => {
  it('starts weeks on Monday and spans seven days', () => {
    const sunday = new Date(2026, 10, 29, 18, 30); // Sun 29 Nov 2026
    const start = startOfWeek(sunday);
    expect(dayKey(start)).toBe('2026-11-23');
    expect(start.getHours()).toBe(0);
    expect(weekDays(start).map(dayKey)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const range = weekRange(start);
    expect(new Date(range.to).getTime() - new Date(range.from).getTime()).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 3_600_000,
    );
    expect(startOfWeek(new Date(2026, 10, 23, 0, 0)).getDate()).toBe(23);
  });

  it('reads and writes datetime-local values', () => {
    const at = new Date(2026, 0, 5, 9, 7);
    expect(toLocalInput(at)).toBe('2026-01-05T09:07');
    expect(fromLocalInput('2026-01-05T09:07')?.getTime()).toBe(at.getTime());
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('moves an item to a day and hour, keeping its minutes', () => {
    const original = new Date(2026, 10, 24, 9, 45);
    const moved = movedTo(original, new Date(2026, 10, 27), 14);
    expect(toLocalInput(moved)).toBe('2026-11-27T14:45');
    expect(toLocalInput(movedTo(original, new Date(2026, 10, 28)))).toBe('2026-11-28T09:45');
  });

  it('refuses past and far times, and defaults to a quarter hour an hour ahead', () => {
    const now = new Date(2026, 10, 24, 10, 5).getTime();
    expect(scheduleTimeProblem(null, now)).toMatch(/Pick a date/);
    expect(scheduleTimeProblem(new Date(now - 1000), now)).toMatch(/future/);
    expect(scheduleTimeProblem(new Date(now + 400 * 86_400_000), now)).toMatch(/year/);
    expect(scheduleTimeProblem(new Date(now + 60_000), now)).toBeNull();
    expect(toLocalInput(defaultScheduleTime(new Date(now)))).toBe('2026-11-24T11:15');
  });

  it('offers the actions each status allows', () => {
    expect(availableActions({ status: 'pending', resultUrl: null })).toContain('publish-now');
    expect(availableActions({ status: 'failed', resultUrl: null })).toContain('reschedule');
    expect(availableActions({ status: 'canceled', resultUrl: null })).toEqual([
      'restore',
      'delete',
    ]);
    expect(availableActions({ status: 'published', resultUrl: '/p/1' })).toEqual([
      'open',
      'delete',
    ]);
  });
});
