/**
 * The media part of the composer: drop zone, device picker, vault picker, and the attached
 * items with their upload progress.
 */
import { POST_MEDIA_MAX } from '@fanspace/contracts';
import { useState, type DragEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { AlertIcon, CloseIcon, ImageIcon, UploadIcon } from '../../../ui/icons.tsx';
import { useUploadStore } from '../../media/store.ts';
import { FilePickerButton } from '../../media-vault/components/file-picker-button.tsx';
import { VaultPickerDialog } from '../../media-vault/components/vault-picker-dialog.tsx';
import { VaultThumb } from '../../media-vault/components/vault-thumb.tsx';
import { PlayIcon } from '../../posts/icons.tsx';
import type { Attachment, ComposerState } from '../use-composer.ts';
import { plural } from '../../../lib/plural.ts';

/** the picker's accessible name: it holds the visible "From device" (WCAG 2.5.3 label in name) */
export const FILE_INPUT_LABEL = 'Add photos or videos from device';
export const POST_ACCEPT = 'image/*,video/*';

function DeviceProgress({ uploadId, name }: { uploadId: string; name: string }) {
  const upload = useUploadStore((s) => s.uploads.find((u) => u.id === uploadId));
  const progress = upload?.progress ?? 0;
  return (
    <div className="absolute inset-x-2 bottom-2">
      <div
        role="progressbar"
        aria-label={`Uploading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-1.5 overflow-hidden rounded-full bg-black/50"
      >
        <div className="h-full bg-white transition-[width]" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

function AttachmentTile({
  attachment,
  onRemove,
}: {
  attachment: Attachment;
  onRemove: () => void;
}) {
  const name =
    attachment.source === 'vault' ? attachment.item.title || 'Vault item' : attachment.file.name;
  return (
    <div className="relative overflow-hidden rounded-2xl bg-surface-2">
      {attachment.source === 'vault' ? (
        <VaultThumb item={attachment.item} />
      ) : attachment.mediaType === 'video' ? (
        <span className="relative block aspect-square bg-black">
          {attachment.previewUrl ? (
            <video
              src={attachment.previewUrl}
              muted
              playsInline
              preload="metadata"
              aria-hidden="true"
              className="h-full w-full object-cover"
            />
          ) : null}
          <span className="absolute right-1.5 bottom-1.5 rounded-full bg-black/60 p-1 text-white">
            <PlayIcon size={12} />
          </span>
        </span>
      ) : attachment.previewUrl ? (
        <img
          src={attachment.previewUrl}
          alt={`Preview of ${name}`}
          className="aspect-square w-full object-cover"
        />
      ) : (
        <span className="flex aspect-square items-center justify-center text-muted">
          <ImageIcon size={26} />
        </span>
      )}
      {attachment.source === 'device' && attachment.status === 'uploading' ? (
        <DeviceProgress uploadId={attachment.uploadId} name={name} />
      ) : null}
      {attachment.source === 'device' && attachment.status === 'failed' ? (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/70 p-2 text-center text-xs text-white"
        >
          <AlertIcon size={18} />
          {attachment.error ?? 'Upload failed.'}
        </div>
      ) : null}
      <button
        type="button"
        aria-label={`Remove ${name}`}
        onClick={onRemove}
        className="absolute top-1.5 right-1.5 flex h-7 w-7 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
      >
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

export function ComposerAttachments({ composer }: { composer: ComposerState }) {
  const [dragging, setDragging] = useState(false);
  const [picking, setPicking] = useState(false);
  const { attachments } = composer;
  const room = POST_MEDIA_MAX - attachments.length;

  function drop(event: DragEvent<HTMLDivElement>): void {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) composer.addFiles(files);
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-5 text-center transition-colors',
          dragging ? 'border-accent bg-accent-soft' : 'border-line',
        )}
      >
        <p className="text-sm text-muted">Drag photos or videos here, or</p>
        <div className="flex flex-wrap justify-center gap-2">
          <FilePickerButton
            label={FILE_INPUT_LABEL}
            accept={POST_ACCEPT}
            onFiles={composer.addFiles}
            disabled={room <= 0}
            variant="secondary"
            icon={<UploadIcon size={18} />}
          >
            From device
          </FilePickerButton>
          <Button
            variant="secondary"
            icon={<ImageIcon size={18} />}
            disabled={room <= 0}
            onClick={() => setPicking(true)}
          >
            Choose from vault
          </Button>
        </div>
      </div>
      {attachments.length > 0 ? (
        <ul aria-label="Attached media" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {attachments.map((attachment) => (
            <li key={attachment.key}>
              <AttachmentTile
                attachment={attachment}
                onRemove={() => composer.remove(attachment.key)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {composer.uploading > 0 ? (
        <p role="status" className="text-sm text-muted">
          Uploading {plural(composer.uploading, 'file')}…
        </p>
      ) : null}
      {picking ? (
        <VaultPickerDialog
          open
          onClose={() => setPicking(false)}
          max={room}
          alreadyChosen={attachments.flatMap((a) =>
            a.source === 'vault' ? [a.item.id] : a.mediaId ? [a.mediaId] : [],
          )}
          onConfirm={composer.addVaultItems}
        />
      ) : null}
    </div>
  );
}
