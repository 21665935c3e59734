/**
 * The queue view: items soonest first under day headings, each with a checkbox for bulk changes
 * and a menu of what can be done with it.
 */
import type { ScheduledItem } from '@fanspace/contracts';
import { useMemo } from 'react';
import { MoreIcon } from '../../../ui/icons.tsx';
import { Menu } from '../../../ui/menu.tsx';
import { ACTION_LABEL, availableActions, TYPE_LABEL, type ItemAction } from '../labels.ts';
import { dayKey, formatDayHeading, formatTime } from '../time.ts';
import { ItemSummary } from './item-summary.tsx';

export function QueueList({
  items,
  selected,
  onToggle,
  onAction,
}: {
  items: ScheduledItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onAction: (action: ItemAction, item: ScheduledItem) => void;
}) {
  const days = useMemo(() => {
    const groups: Array<{ key: string; label: string; items: ScheduledItem[] }> = [];
    for (const item of items) {
      const at = new Date(item.scheduledFor);
      const key = dayKey(at);
      const last = groups[groups.length - 1];
      if (last?.key === key) last.items.push(item);
      else groups.push({ key, label: formatDayHeading(at), items: [item] });
    }
    return groups;
  }, [items]);

  return (
    <div className="flex flex-col gap-6">
      {days.map((day) => (
        <section key={day.key} aria-labelledby={`day-${day.key}`}>
          <h2 id={`day-${day.key}`} className="mb-2 text-sm font-semibold text-muted">
            {day.label}
          </h2>
          <ul className="flex flex-col divide-y divide-line rounded-3xl border border-line bg-surface">
            {day.items.map((item) => {
              const name = `${TYPE_LABEL[item.type]} at ${formatTime(item.scheduledFor)}`;
              return (
                <li key={item.id} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    checked={selected.has(item.id)}
                    onChange={() => onToggle(item.id)}
                    className="h-4 w-4 shrink-0 accent-[var(--fs-accent)]"
                  />
                  <ItemSummary item={item} />
                  <Menu
                    label={`Actions for ${name}`}
                    trigger={
                      <span className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg">
                        <MoreIcon size={18} />
                      </span>
                    }
                    items={availableActions(item).map((action) => ({
                      label: ACTION_LABEL[action],
                      onSelect: () => onAction(action, item),
                      tone:
                        action === 'delete' || action === 'cancel'
                          ? ('danger' as const)
                          : 'default',
                    }))}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
