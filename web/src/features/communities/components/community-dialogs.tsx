import { CommunityLimits, type Community, type CommunityCategory } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { plural } from '../../../lib/plural.ts';
import { CATEGORY_OPTIONS } from '../labels.ts';
import {
  useCreateCommunityMutation,
  useJoinMutation,
  useUpdateCommunityMutation,
} from '../queries.ts';

/** The create modal (spec §2): name, description, category, private switch. */
export function CreateCommunityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<CommunityCategory>('general');
  const [isPrivate, setPrivate] = useState(false);
  const fields = {
    name,
    setName,
    description,
    setDescription,
    category,
    setCategory,
    isPrivate,
    setPrivate,
  };
  const create = useCreateCommunityMutation();
  const navigate = useNavigate();
  const tooShort = name.trim().length < CommunityLimits.nameMin;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooShort) return;
    create.mutate(
      { name: name.trim(), description: description.trim(), category, isPrivate },
      {
        onSuccess: (community) => {
          onClose();
          void navigate(`/communities/${community.id}`);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title="Create a community">
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Create a community">
        <CommunityFields fields={fields} />
        <FormError message={create.error?.message} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={tooShort}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The form's fields, shared by create and edit. */
interface FieldsState {
  name: string;
  setName: (v: string) => void;
  description: string;
  setDescription: (v: string) => void;
  category: CommunityCategory;
  setCategory: (v: CommunityCategory) => void;
  isPrivate: boolean;
  setPrivate: (v: boolean) => void;
}

function CommunityFields({ fields: f }: { fields: FieldsState }) {
  return (
    <>
      <TextField
        label="Name"
        value={f.name}
        maxLength={CommunityLimits.nameMax}
        required
        onChange={(e) => f.setName(e.target.value)}
        hint={`At least ${CommunityLimits.nameMin} characters`}
      />
      <TextareaField
        label="Description"
        value={f.description}
        rows={3}
        maxLength={CommunityLimits.descriptionMax}
        onChange={(e) => f.setDescription(e.target.value)}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
        Category
        <select
          value={f.category}
          onChange={(e) => f.setCategory(e.target.value as CommunityCategory)}
          className="h-11 rounded-xl border border-line bg-surface px-3 text-fg"
        >
          {CATEGORY_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <Switch
        label="Private"
        description="Only people you invite can see and join it."
        checked={f.isPrivate}
        onChange={f.setPrivate}
      />
    </>
  );
}

/** Edit (PUT /communities/{id}) for the owner and moderators: what changed, nothing else. */
export function EditCommunityDialog({
  community,
  open,
  onClose,
}: {
  community: Community;
  open: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(community.name);
  const [description, setDescription] = useState(community.description);
  const [category, setCategory] = useState<CommunityCategory>(community.category);
  const [isPrivate, setPrivate] = useState(community.isPrivate);
  const fields = {
    name,
    setName,
    description,
    setDescription,
    category,
    setCategory,
    isPrivate,
    setPrivate,
  };
  const update = useUpdateCommunityMutation(community.id);
  const tooShort = name.trim().length < CommunityLimits.nameMin;
  const changes = {
    ...(name.trim() !== community.name ? { name: name.trim() } : {}),
    ...(description.trim() !== community.description ? { description: description.trim() } : {}),
    ...(category !== community.category ? { category } : {}),
    ...(isPrivate !== community.isPrivate ? { isPrivate } : {}),
  };
  const unchanged = Object.keys(changes).length === 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooShort || unchanged) return;
    update.mutate(changes, { onSuccess: onClose });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Edit community">
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Edit community">
        <CommunityFields fields={fields} />
        <FormError message={update.error?.message} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={tooShort || unchanged}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The join modal (spec §2): what the community is, and the join action or the invite notice. */
export function JoinCommunityDialog({
  community,
  onClose,
}: {
  community: Community | null;
  onClose: () => void;
}) {
  const join = useJoinMutation();
  const navigate = useNavigate();
  const needsInvite = Boolean(community?.isPrivate && !community.isInvited);
  return (
    <Dialog
      open={community !== null}
      onClose={onClose}
      title={community ? `Join ${community.name}?` : 'Join'}
      description={
        community
          ? `${plural(community.memberCount, 'member')} · ${community.description || 'No description yet.'}`
          : undefined
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={needsInvite}
            loading={join.isPending}
            onClick={() =>
              community &&
              join.mutate(community.id, {
                onSuccess: () => {
                  onClose();
                  void navigate(`/communities/${community.id}`);
                },
              })
            }
          >
            Join community
          </Button>
        </>
      }
    >
      {needsInvite ? (
        <p className="text-sm text-muted" role="note">
          This community is private. You need an invite to join.
        </p>
      ) : null}
    </Dialog>
  );
}
