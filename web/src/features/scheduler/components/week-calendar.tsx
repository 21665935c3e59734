/**
 * The week view: seven days by 24 hours, each item in its hour. Drag a pending or failed item to
 * another day and hour to reschedule it (it keeps its minutes); past hours take no drops.
 * Clicking an item opens its actions, where "Reschedule" does the same from the keyboard.
 */
import type { ScheduledItem } from '@fanspace/contracts';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { cn } from '../../../ui/cn.ts';
import { isMovable, TYPE_CLASS, TYPE_LABEL } from '../labels.ts';
import { dayKey, formatDayHeading, formatTime, movedTo, weekDays } from '../time.ts';
import { previewText } from './item-summary.tsx';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DRAG_TYPE = 'application/x-fanspace-scheduled-item';
const hourLabel = (hour: number) =>
  new Date(2000, 0, 1, hour).toLocaleTimeString(undefined, { hour: 'numeric' });

export function WeekCalendar({
  weekStart,
  items,
  onOpen,
  onMove,
}: {
  weekStart: Date;
  items: ScheduledItem[];
  onOpen: (item: ScheduledItem) => void;
  onMove: (item: ScheduledItem, when: Date) => void;
}) {
  const days = useMemo(() => weekDays(weekStart), [weekStart]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [dragging, setDragging] = useState<ScheduledItem | null>(null);
  // past hours take no drops; the boundary moves on every minute
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const byCell = useMemo(() => {
    const map = new Map<string, ScheduledItem[]>();
    for (const item of items) {
      const at = new Date(item.scheduledFor);
      const key = `${dayKey(at)}|${at.getHours()}`;
      map.set(key, [...(map.get(key) ?? []), item]);
    }
    return map;
  }, [items]);

  // open on the working day rather than at midnight
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = 7 * 56;
  }, []);

  function dropTime(day: Date, hour: number): Date | null {
    if (!dragging) return null;
    const when = movedTo(new Date(dragging.scheduledFor), day, hour);
    return when.getTime() > now ? when : null;
  }

  function onDrop(event: DragEvent<HTMLDivElement>, day: Date, hour: number): void {
    event.preventDefault();
    setDropTarget(null);
    const item = dragging;
    const when = dropTime(day, hour);
    setDragging(null);
    if (item && when && when.toISOString() !== item.scheduledFor) onMove(item, when);
  }

  return (
    <div className="overflow-x-auto rounded-3xl border border-line bg-surface">
      <div className="min-w-[46rem]">
        <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] border-b border-line">
          <span />
          {days.map((day) => {
            const today = dayKey(day) === dayKey(new Date());
            return (
              <div
                key={dayKey(day)}
                className={cn(
                  'px-2 py-2.5 text-center text-xs font-semibold',
                  today ? 'text-accent-text' : 'text-muted',
                )}
              >
                {formatDayHeading(day)}
              </div>
            );
          })}
        </div>
        <div
          ref={scrollRef}
          className="max-h-[34rem] overflow-y-auto"
          role="grid"
          aria-label="Week"
        >
          {HOURS.map((hour) => (
            <div
              key={hour}
              role="row"
              className="grid min-h-14 grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] border-b border-line/60 last:border-b-0"
            >
              <span role="rowheader" className="px-2 pt-1 text-right text-[0.7rem] text-subtle">
                {hourLabel(hour)}
              </span>
              {days.map((day) => {
                const key = `${dayKey(day)}|${hour}`;
                const cellEnd = new Date(
                  day.getFullYear(),
                  day.getMonth(),
                  day.getDate(),
                  hour + 1,
                );
                const past = cellEnd.getTime() <= now;
                const cellItems = byCell.get(key) ?? [];
                return (
                  <div
                    key={key}
                    role="gridcell"
                    data-cell={key}
                    aria-label={`${formatDayHeading(day)}, ${hourLabel(hour)}`}
                    onDragOver={(event) => {
                      if (!dropTime(day, hour)) return;
                      event.preventDefault();
                      event.dataTransfer.dropEffect = 'move';
                      if (dropTarget !== key) setDropTarget(key);
                    }}
                    onDragLeave={() => setDropTarget((t) => (t === key ? null : t))}
                    onDrop={(event) => onDrop(event, day, hour)}
                    className={cn(
                      'flex min-w-0 flex-col gap-1 border-l border-line/60 p-1',
                      past && 'bg-surface-2/50',
                      dropTarget === key && 'bg-accent-soft ring-2 ring-accent ring-inset',
                    )}
                  >
                    {cellItems.map((item) => {
                      const movable = isMovable(item);
                      return (
                        <button
                          key={item.id}
                          type="button"
                          draggable={movable}
                          onDragStart={(event) => {
                            event.dataTransfer.setData(DRAG_TYPE, item.id);
                            event.dataTransfer.setData('text/plain', item.id);
                            event.dataTransfer.effectAllowed = 'move';
                            setDragging(item);
                          }}
                          onDragEnd={() => {
                            setDragging(null);
                            setDropTarget(null);
                          }}
                          onClick={() => onOpen(item)}
                          aria-label={`${TYPE_LABEL[item.type]} at ${formatTime(item.scheduledFor)}: ${previewText(item)} (${item.status})`}
                          className={cn(
                            'line-clamp-2 w-full rounded-lg border-l-4 bg-surface-2 px-1.5 py-1 text-left text-[0.7rem] leading-tight wrap-anywhere text-fg hover:bg-surface-3',
                            TYPE_CLASS[item.type],
                            movable ? 'cursor-grab active:cursor-grabbing' : 'opacity-70',
                            item.status === 'failed' && 'ring-1 ring-danger',
                            item.status === 'canceled' && 'line-through',
                          )}
                        >
                          <span className="font-semibold">{formatTime(item.scheduledFor)}</span>{' '}
                          {previewText(item)}
                        </button>
                      );
                    })}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
