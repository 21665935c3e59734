/** Settings → Templates: a creator's saved message and post texts (with optional prices). */
import {
  CHAT_PRICE_CENTS,
  POST_PRICE_CENTS,
  TemplateLimits,
  type Template,
  type TemplateType,
} from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { formatUsd, parseMoneyInput } from '../../lib/money.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Skeleton } from '../../ui/loading-state.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { useAuthStore } from '../auth/store.ts';
import { isCreatorUser } from '../auth/user.ts';
import { SettingsCard } from '../settings/components/settings-card.tsx';
import { useDeleteTemplate, useSaveTemplate, useTemplates } from './queries.ts';

const TYPE_OPTIONS = [
  { value: 'message', label: 'Message' },
  { value: 'post', label: 'Post' },
] as const;

/** The price bounds of the composer a template fills (chat locks or paid posts). */
export const priceBounds = (type: TemplateType) =>
  type === 'message' ? CHAT_PRICE_CENTS : POST_PRICE_CENTS;

interface Draft {
  id?: string;
  type: TemplateType;
  name: string;
  body: string;
  price: string;
}

const emptyDraft: Draft = { type: 'message', name: '', body: '', price: '' };

function TemplateForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [value, setValue] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTemplate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.name.trim() || !value.body.trim()) {
      setError('Give the template a name and a text.');
      return;
    }
    let price: number | null = null;
    if (value.price.trim() !== '') {
      const bounds = priceBounds(value.type);
      const parsed = parseMoneyInput(value.price, bounds.min / 100, bounds.max / 100);
      if (typeof parsed === 'string') {
        setError(parsed);
        return;
      }
      price = parsed;
    }
    setError(null);
    save.mutate(
      { id: value.id, type: value.type, name: value.name, body: value.body, price },
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line p-4" noValidate>
      {value.id ? null : (
        <SegmentedControl
          label="Used in"
          value={value.type}
          options={TYPE_OPTIONS}
          onChange={(type) => setValue({ ...value, type })}
        />
      )}
      <TextField
        label="Name"
        value={value.name}
        maxLength={TemplateLimits.nameMax}
        onChange={(e) => setValue({ ...value, name: e.target.value })}
      />
      <TextareaField
        label="Text"
        rows={4}
        value={value.body}
        maxLength={TemplateLimits.bodyMax}
        onChange={(e) => setValue({ ...value, body: e.target.value })}
      />
      <TextField
        label={value.type === 'message' ? 'Locked price (optional)' : 'Post price (optional)'}
        inputMode="decimal"
        placeholder="e.g. 9.99"
        value={value.price}
        onChange={(e) => setValue({ ...value, price: e.target.value })}
      />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          Save template
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TemplateRow({ template, onEdit }: { template: Template; onEdit: () => void }) {
  const remove = useDeleteTemplate();
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line p-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-fg">{template.name}</p>
          <Badge>{template.type === 'message' ? 'Message' : 'Post'}</Badge>
          {template.price !== null ? <Badge>{formatUsd(template.price)}</Badge> : null}
        </div>
        <p className="mt-1 line-clamp-2 whitespace-pre-line text-sm text-muted">{template.body}</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${template.name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger-ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate(template.id)}
          aria-label={`Delete ${template.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function TemplatesSection() {
  const isCreator = useAuthStore((s) => isCreatorUser(s.user));
  const templates = useTemplates(undefined, isCreator);
  const [draft, setDraft] = useState<Draft | null>(null);

  if (!isCreator)
    return (
      <EmptyState
        title="Templates are for creators"
        description="Become a creator to save message and post templates."
      />
    );
  const list = templates.data?.templates ?? [];
  return (
    <SettingsCard
      title="Templates"
      description="Saved texts for chats and posts. Pick them with “Use template” in the composers."
      actions={
        draft ? null : (
          <Button size="sm" onClick={() => setDraft(emptyDraft)}>
            New template
          </Button>
        )
      }
    >
      {draft ? (
        <TemplateForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(null)} />
      ) : null}
      {templates.isPending ? (
        <Skeleton className="mt-4 h-20" />
      ) : templates.isError ? (
        <ErrorState message="Failed to load templates" onRetry={() => void templates.refetch()} />
      ) : list.length === 0 ? (
        draft ? null : (
          <p className="text-sm text-muted">No templates yet.</p>
        )
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Templates">
          {list.map((t) => (
            <TemplateRow
              key={t.id}
              template={t}
              onEdit={() =>
                setDraft({
                  id: t.id,
                  type: t.type,
                  name: t.name,
                  body: t.body,
                  price: t.price === null ? '' : t.price.toFixed(2),
                })
              }
            />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
