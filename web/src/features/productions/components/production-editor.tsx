import {
  PRODUCTION_STATUSES,
  ProductionLimits,
  type CreateProductionBody,
  type Production,
  type ProductionStatus,
} from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { PlusIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useReleasesQuery } from '../../releases/queries.ts';
import { STATUS_LABELS } from '../labels.ts';
import { useSaveProductionMutation } from '../queries.ts';
import { PostPicker } from './post-picker.tsx';

interface Collaborator {
  name: string;
  role: string;
}

/** The production editor: every field of a production, for a new one or an existing one. */
export function ProductionEditor({
  production,
  open,
  onClose,
}: {
  production: Production | null;
  open: boolean;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(production?.title ?? '');
  const [description, setDescription] = useState(production?.description ?? '');
  const [status, setStatus] = useState<ProductionStatus>(production?.status ?? 'planned');
  const [shootDate, setShootDate] = useState(production?.shootDate ?? '');
  const [releaseIds, setReleaseIds] = useState<string[]>(production?.releaseIds ?? []);
  const [collaborators, setCollaborators] = useState<Collaborator[]>(
    production?.collaborators.map((c) => ({ name: c.name, role: c.role })) ?? [],
  );
  const [postIds, setPostIds] = useState<string[]>(production?.postIds ?? []);
  const releases = useReleasesQuery(open);
  const save = useSaveProductionMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const kept = production?.collaborators ?? [];
    const body: CreateProductionBody = {
      title: title.trim(),
      description: description.trim(),
      status,
      shootDate: shootDate || null,
      releaseIds,
      postIds,
      collaborators: collaborators
        .filter((c) => c.name.trim())
        .map((c, i) => ({
          name: c.name.trim(),
          role: c.role.trim(),
          // keep the account link of collaborators that were not renamed
          userId: kept[i]?.name === c.name.trim() ? (kept[i]?.userId ?? null) : null,
        })),
    };
    save.mutate({ id: production?.id ?? null, body }, { onSuccess: onClose });
  }

  const toggleRelease = (id: string) =>
    setReleaseIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <Dialog open={open} onClose={onClose} title={production ? 'Edit production' : 'New production'}>
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Production">
        <TextField
          label="Title"
          required
          value={title}
          maxLength={ProductionLimits.titleMax}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextareaField
          label="Description"
          rows={3}
          value={description}
          maxLength={ProductionLimits.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Status
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value as ProductionStatus)}
              className="h-11 rounded-xl border border-line bg-surface px-3 text-fg"
            >
              {PRODUCTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label="Shoot date"
            type="date"
            value={shootDate}
            onChange={(e) => setShootDate(e.target.value)}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">Model releases</legend>
          {(releases.data ?? []).length === 0 ? (
            <p className="text-sm text-muted">No model releases yet.</p>
          ) : (
            (releases.data ?? []).map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  checked={releaseIds.includes(r.id)}
                  onChange={() => toggleRelease(r.id)}
                />
                {r.modelName} <span className="text-muted">({r.status})</span>
              </label>
            ))
          )}
        </fieldset>
        <PostPicker
          open={open}
          value={postIds}
          linked={production?.posts ?? []}
          onChange={setPostIds}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">Collaborators</legend>
          {collaborators.map((c, i) => (
            <div key={i} className="flex items-end gap-2">
              <TextField
                label={`Collaborator ${i + 1} name`}
                value={c.name}
                maxLength={80}
                onChange={(e) =>
                  setCollaborators((list) =>
                    list.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                  )
                }
              />
              <TextField
                label="Role"
                value={c.role}
                maxLength={60}
                onChange={(e) =>
                  setCollaborators((list) =>
                    list.map((x, j) => (j === i ? { ...x, role: e.target.value } : x)),
                  )
                }
              />
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove collaborator ${i + 1}`}
                onClick={() => setCollaborators((list) => list.filter((_, j) => j !== i))}
              >
                <TrashIcon size={16} />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="self-start"
            icon={<PlusIcon size={14} />}
            disabled={collaborators.length >= ProductionLimits.collaboratorsMax}
            onClick={() => setCollaborators((list) => [...list, { name: '', role: '' }])}
          >
            Add collaborator
          </Button>
        </fieldset>
        <FormError message={save.error?.message} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!title.trim()}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
