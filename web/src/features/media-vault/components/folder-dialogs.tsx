import type { MediaFolder } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  useCreateFolderMutation,
  useDeleteFolderMutation,
  useRenameFolderMutation,
} from '../queries.ts';

/** Create (no folder) or rename (a folder) in one small form dialog. */
export function FolderNameDialog({
  folder,
  open,
  onClose,
}: {
  folder?: MediaFolder;
  open: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(folder?.name ?? '');
  const create = useCreateFolderMutation();
  const rename = useRenameFolderMutation();
  const mutation = folder ? rename : create;
  const formId = folder ? `rename-${folder.id}` : 'new-folder';

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const clean = name.trim();
    if (!clean) return;
    if (folder) rename.mutate({ id: folder.id, name: clean }, { onSuccess: onClose });
    else create.mutate(clean, { onSuccess: onClose });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={folder ? 'Rename folder' : 'New folder'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={mutation.isPending} disabled={!name.trim()}>
            {folder ? 'Rename' : 'Create folder'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Folder name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, 'Could not save the folder.')} />
        ) : null}
      </form>
    </Dialog>
  );
}

export function DeleteFolderDialog({
  folder,
  open,
  onClose,
  onDeleted,
}: {
  folder: MediaFolder;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFolderMutation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={`Delete “${folder.name}”?`}
      description="The folder goes away; its items stay in your vault as unfiled media."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(folder.id, {
                onSuccess: () => {
                  onClose();
                  onDeleted();
                },
              })
            }
          >
            Delete folder
          </Button>
        </>
      }
    />
  );
}
