import { ReelLimits } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateReelMutation } from '../queries.ts';

/** Creators post a reel: a vertical video (through the media pipeline) and a caption. */
export function ReelComposer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [video, setVideo] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const create = useCreateReelMutation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!video) return;
    create.mutate(
      { video, caption: caption.trim() },
      {
        onSuccess: () => {
          setVideo(null);
          setCaption('');
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title="Post a reel">
      <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Post a reel">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          Video (up to {ReelLimits.maxSeconds} seconds)
          <input
            type="file"
            accept="video/*"
            required
            onChange={(e) => setVideo(e.target.files?.[0] ?? null)}
            className="text-sm text-muted"
          />
        </label>
        <TextField
          label="Caption"
          value={caption}
          maxLength={ReelLimits.captionMax}
          onChange={(e) => setCaption(e.target.value)}
        />
        <FormError message={create.error?.message} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!video}>
            Post reel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
