/**
 * Calendar arithmetic of the scheduler in the browser's local time, as pure functions
 * (unit-tested): weeks start on Monday, a datetime-local field reads and writes
 * 'YYYY-MM-DDTHH:mm', and dropping an item on a day and hour keeps its minutes.
 */
import { SchedulerLimits } from '@fanspace/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
  );
}

/** Monday 00:00 of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const sinceMonday = (day.getDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

export function weekDays(start: Date): Date[] {
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** 'YYYY-MM-DD' of the local day: a stable key for grouping. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The list query of one week: from Monday 00:00 to the next Monday 00:00. */
export function weekRange(start: Date): { from: string; to: string } {
  return { from: start.toISOString(), to: addDays(start, 7).toISOString() };
}

/** The value of an <input type="datetime-local"> for an instant. */
export function toLocalInput(date: Date): string {
  return `${dayKey(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant from a datetime-local value, or null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, s!);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The item moved to another day (and hour, when given), keeping its minutes. */
export function movedTo(original: Date, day: Date, hour?: number): Date {
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    hour ?? original.getHours(),
    original.getMinutes(),
  );
}

/** A sensible default for "Schedule for later": the next full quarter hour at least an hour ahead. */
export function defaultScheduleTime(now = new Date()): Date {
  const at = new Date(now.getTime() + 60 * 60_000);
  at.setSeconds(0, 0);
  at.setMinutes(Math.ceil(at.getMinutes() / 15) * 15);
  return at;
}

/** Why a chosen time cannot be used, in words, or null when it can. */
export function scheduleTimeProblem(value: Date | null, now = Date.now()): string | null {
  if (!value) return 'Pick a date and time.';
  if (value.getTime() <= now) return 'Pick a time in the future.';
  if (value.getTime() > now + SchedulerLimits.maxDaysAhead * 86_400_000)
    return 'Pick a time within the next year.';
  return null;
}

export function formatDayHeading(date: Date): string {
  return date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
}
