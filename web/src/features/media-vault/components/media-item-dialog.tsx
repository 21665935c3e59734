/** One vault item: preview, title, description, folder, download and delete. */
import { MEDIA_DESCRIPTION_MAX, MEDIA_TITLE_MAX, type VaultMediaItem } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { DownloadIcon, TrashIcon } from '../../../ui/icons.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useDeleteMediaMutation, useUpdateMediaMutation } from '../queries.ts';
import { FolderSelect } from './folder-select.tsx';
import { formatBytes } from './vault-thumb.tsx';

function Preview({ item }: { item: VaultMediaItem }) {
  const alt = item.description || item.title || 'Vault item';
  if (item.mediaType === 'video') {
    return (
      <video
        src={item.mediaUrl ?? undefined}
        poster={item.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={alt}
        className="max-h-72 w-full rounded-2xl bg-black object-contain"
      />
    );
  }
  if (item.mediaType === 'audio') {
    return <audio src={item.mediaUrl ?? undefined} controls aria-label={alt} className="w-full" />;
  }
  return (
    <img
      src={item.mediaUrl ?? item.thumbnailUrl ?? undefined}
      alt={alt}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      className="max-h-72 w-full rounded-2xl bg-surface-2 object-contain"
    />
  );
}

export function MediaItemDialog({
  item,
  open,
  onClose,
}: {
  item: VaultMediaItem;
  open: boolean;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [folderId, setFolderId] = useState(item.folderId ?? '');
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateMediaMutation();
  const remove = useDeleteMediaMutation();
  const formId = `media-${item.id}`;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    update.mutate(
      {
        id: item.id,
        body: { title: title.trim(), description: description.trim(), folderId: folderId || null },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={item.title || 'Media item'}
      description={`${item.mimeType} · ${formatBytes(item.sizeBytes)}${item.width && item.height ? ` · ${item.width}×${item.height}` : ''} · added ${fullDateTime(item.createdAt)}`}
      className="sm:max-w-xl!"
      footer={
        confirming ? (
          <>
            <p className="mr-auto self-center text-sm text-fg">Delete this item for good?</p>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate([item.id], { onSuccess: onClose })}
            >
              Delete
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="danger-ghost"
              className="mr-auto"
              icon={<TrashIcon size={16} />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={update.isPending}>
              Save
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <Preview item={item} />
        {item.originalUrl ? (
          <a
            href={item.originalUrl}
            download
            className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-accent-text hover:underline"
          >
            <DownloadIcon size={16} /> Download original
          </a>
        ) : null}
        <form id={formId} onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label="Title"
            value={title}
            maxLength={MEDIA_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextareaField
            label="Description"
            hint="Also used as the alternative text when this item appears in a post."
            value={description}
            maxLength={MEDIA_DESCRIPTION_MAX}
            onChange={(event) => setDescription(event.target.value)}
          />
          <FolderSelect value={folderId} onChange={setFolderId} />
          {update.isError ? (
            <FormError message={errorMessageOf(update.error, 'Could not save the changes.')} />
          ) : null}
        </form>
      </div>
    </Dialog>
  );
}
