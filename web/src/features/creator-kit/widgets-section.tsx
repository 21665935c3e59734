/** Settings → Widgets: the blocks shown on your profile (add, edit, hide, reorder, remove). */
import { WIDGET_TYPES, type Widget, type WidgetType } from '@fanspace/contracts';
import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Skeleton } from '../../ui/loading-state.tsx';
import { Switch } from '../../ui/switch.tsx';
import { SettingsCard } from '../settings/components/settings-card.tsx';
import { WIDGET_LABELS, WidgetForm } from './widget-form.tsx';
import { useDeleteWidget, useMyWidgets, useReorderWidgets, useUpdateWidget } from './queries.ts';

/** `ids` with the item at `index` moved by `delta` (−1 up, +1 down). */
export function moved(ids: string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function WidgetRow({ widget, ids, onEdit }: { widget: Widget; ids: string[]; onEdit: () => void }) {
  const update = useUpdateWidget();
  const remove = useDeleteWidget();
  const reorder = useReorderWidgets();
  const index = ids.indexOf(widget.id);
  return (
    <li className="rounded-2xl border border-line p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-fg">{widget.title}</p>
          <p className="text-xs text-muted">{WIDGET_LABELS[widget.type]}</p>
        </div>
        <Switch
          label={`Show ${widget.title}`}
          checked={widget.enabled}
          onChange={(enabled) => update.mutate({ id: widget.id, enabled })}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={index === 0 || reorder.isPending}
          onClick={() => reorder.mutate(moved(ids, index, -1))}
          aria-label={`Move ${widget.title} up`}
        >
          Up
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={index === ids.length - 1 || reorder.isPending}
          onClick={() => reorder.mutate(moved(ids, index, 1))}
          aria-label={`Move ${widget.title} down`}
        >
          Down
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${widget.title}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger-ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate(widget.id)}
          aria-label={`Remove ${widget.title}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

export function WidgetsSection() {
  const widgets = useMyWidgets();
  const [editing, setEditing] = useState<{ widget: Widget | null; type: WidgetType } | null>(null);
  const [newType, setNewType] = useState<WidgetType>('links');
  const list = widgets.data?.widgets ?? [];
  const ids = list.map((w) => w.id);
  return (
    <SettingsCard
      title="Profile widgets"
      description="Links, an about box, your schedule, top posts or a countdown on your profile."
    >
      {editing ? (
        <WidgetForm
          key={editing.widget?.id ?? `new-${editing.type}`}
          widget={editing.widget}
          type={editing.type}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium text-fg">
            Widget type
            <select
              className="mt-1.5 block h-10 rounded-xl border border-line bg-surface px-3 text-fg"
              value={newType}
              onChange={(e) => setNewType(e.target.value as WidgetType)}
            >
              {WIDGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WIDGET_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={() => setEditing({ widget: null, type: newType })}>Add widget</Button>
        </div>
      )}
      {widgets.isPending ? (
        <Skeleton className="mt-4 h-20" />
      ) : widgets.isError ? (
        <ErrorState message="Failed to load widgets" onRetry={() => void widgets.refetch()} />
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No widgets on your profile yet.</p>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Your widgets">
          {list.map((w) => (
            <WidgetRow
              key={w.id}
              widget={w}
              ids={ids}
              onEdit={() => setEditing({ widget: w, type: w.type })}
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
