import type { Post } from '@fanspace/contracts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import { useDeletePostMutation } from '../queries.ts';

/** Confirm before deleting; the request itself is guarded against duplicates (spec §4). */
export function DeletePostDialog({
  post,
  open,
  onClose,
  onDeleted,
}: {
  post: Post;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePostMutation({ onDeleted });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title="Delete this post?"
      description="It disappears from your profile and every feed. Likes and comments go with it. This cannot be undone."
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            icon={<TrashIcon size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate(post.id, { onSuccess: onClose })}
          >
            Delete
          </Button>
        </>
      }
    />
  );
}
