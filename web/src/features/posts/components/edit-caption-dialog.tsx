import type { Post } from '@fanspace/contracts';
import { EMPTY_POST_MESSAGE, POST_CAPTION_MAX } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { useUpdatePostMutation } from '../queries.ts';

export function EditCaptionDialog({
  post,
  open,
  onClose,
}: {
  post: Post;
  open: boolean;
  onClose: () => void;
}) {
  const [caption, setCaption] = useState(post.caption);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const update = useUpdatePostMutation();
  const formId = `edit-caption-${post.id}`;
  const hasMedia = post.mediaCount > 0 || post.media.length > 0;

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    // SPEC §5: a post without media needs a caption (the server refuses it with the same text)
    if (caption.trim() === '' && !hasMedia) {
      update.reset();
      setEmptyError(EMPTY_POST_MESSAGE);
      return;
    }
    setEmptyError(null);
    update.mutate({ postId: post.id, body: { caption } }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit caption"
      className="sm:max-w-lg!"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4">
        <TextareaField
          label="Caption"
          value={caption}
          maxLength={POST_CAPTION_MAX}
          onChange={(event) => setCaption(event.target.value)}
          hint="#hashtags in the caption are picked up again when you save."
        />
        <FormError message={emptyError} />
        {update.isError ? (
          <FormError message={errorMessageOf(update.error, 'Could not save the caption.')} />
        ) : null}
      </form>
    </Dialog>
  );
}
