/** The add/edit form of one profile widget: fields by type (links, about, schedule, top posts, countdown). */
import { WidgetLimits, type Widget, type WidgetConfig, type WidgetType } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { useCreateWidget, useUpdateWidget } from './queries.ts';

export const WIDGET_LABELS: Record<WidgetType, string> = {
  links: 'Links',
  about: 'About me',
  schedule: 'Schedule',
  'top-posts': 'Top posts',
  countdown: 'Countdown',
};

interface Fields {
  type: WidgetType;
  title: string;
  text: string;
  links: string;
  limit: string;
  targetAt: string;
  label: string;
}

/** "Label | https://…" per line ↔ links. */
const linksToText = (links: WidgetConfig['links']) =>
  (links ?? []).map((l) => `${l.label} | ${l.url}`).join('\n');

function fieldsOf(widget: Widget | null, type: WidgetType): Fields {
  const c = widget?.config ?? {};
  return {
    type: widget?.type ?? type,
    title: widget?.title ?? '',
    text: c.text ?? '',
    links: linksToText(c.links),
    limit: String(c.limit ?? 3),
    targetAt: c.targetAt ? c.targetAt.slice(0, 16) : '',
    label: c.label ?? '',
  };
}

/** The config the server expects, or the problem to show. */
export function configOf(f: Fields): WidgetConfig | string {
  switch (f.type) {
    case 'links': {
      const links = f.links
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [label = '', ...rest] = line.split('|');
          return { label: label.trim(), url: rest.join('|').trim() };
        });
      if (links.length === 0) return 'Add at least one link.';
      if (links.length > WidgetLimits.linksMax)
        return `Add at most ${WidgetLimits.linksMax} links.`;
      if (links.some((l) => !l.label || !l.url.startsWith('https://')))
        return 'Write each link as “Label | https://…”.';
      return { links };
    }
    case 'about':
    case 'schedule':
      return f.text.trim() ? { text: f.text } : 'Write the text to show.';
    case 'top-posts':
      return { limit: Math.min(Math.max(Number(f.limit) || 3, 1), WidgetLimits.topPostsMax) };
    case 'countdown': {
      const when = new Date(f.targetAt);
      if (!f.targetAt || Number.isNaN(when.getTime())) return 'Pick the date the countdown ends.';
      return { targetAt: when.toISOString(), ...(f.label.trim() ? { label: f.label } : {}) };
    }
  }
}

export function WidgetForm({
  widget,
  type,
  onDone,
}: {
  widget: Widget | null;
  type: WidgetType;
  onDone: () => void;
}) {
  const [f, setF] = useState(() => fieldsOf(widget, type));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWidget();
  const update = useUpdateWidget();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const config = configOf(f);
    if (typeof config === 'string') {
      setError(config);
      return;
    }
    setError(null);
    if (widget) update.mutate({ id: widget.id, title: f.title, config }, { onSuccess: onDone });
    else create.mutate({ type: f.type, title: f.title, config }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line p-4" noValidate>
      <p className="text-sm font-medium text-fg">{WIDGET_LABELS[f.type]}</p>
      <TextField
        label="Title (optional)"
        value={f.title}
        maxLength={WidgetLimits.titleMax}
        placeholder={WIDGET_LABELS[f.type]}
        onChange={(e) => setF({ ...f, title: e.target.value })}
      />
      {f.type === 'links' ? (
        <TextareaField
          label="Links"
          hint="One per line: Label | https://…"
          rows={3}
          value={f.links}
          onChange={(e) => setF({ ...f, links: e.target.value })}
        />
      ) : null}
      {f.type === 'about' || f.type === 'schedule' ? (
        <TextareaField
          label="Text"
          rows={3}
          maxLength={WidgetLimits.textMax}
          value={f.text}
          onChange={(e) => setF({ ...f, text: e.target.value })}
        />
      ) : null}
      {f.type === 'top-posts' ? (
        <TextField
          label="How many posts"
          type="number"
          min={1}
          max={WidgetLimits.topPostsMax}
          value={f.limit}
          onChange={(e) => setF({ ...f, limit: e.target.value })}
        />
      ) : null}
      {f.type === 'countdown' ? (
        <>
          <TextField
            label="Ends at"
            type="datetime-local"
            value={f.targetAt}
            onChange={(e) => setF({ ...f, targetAt: e.target.value })}
          />
          <TextField
            label="Label (optional)"
            maxLength={WidgetLimits.labelMax}
            value={f.label}
            onChange={(e) => setF({ ...f, label: e.target.value })}
          />
        </>
      ) : null}
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {widget ? 'Save widget' : 'Add widget'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
