import { useState, type FormEvent } from 'react';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { TrashIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useReelCommentMutations, useReelCommentsQuery } from '../queries.ts';

/** A reel's comments in a dialog (a bottom sheet on phones), with the form to add one. */
export function ReelComments({
  reelId,
  open,
  onClose,
}: {
  reelId: string;
  open: boolean;
  onClose: () => void;
}) {
  const comments = useReelCommentsQuery(reelId, open);
  const { add, remove } = useReelCommentMutations(reelId);
  const [text, setText] = useState('');
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim()) add.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Comments">
      {comments.isPending ? (
        <Skeleton className="h-20" />
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-danger">
          Could not load the comments.
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">No comments yet. Be the first.</p>
      ) : (
        <ul className="flex max-h-72 flex-col gap-3 overflow-y-auto" aria-label="Comments">
          {list.map((c) => (
            <li key={c.id} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <span className="font-semibold text-fg">@{c.user?.username ?? 'someone'}</span>{' '}
                  <span className="text-fg">{c.content}</span>
                </p>
                <p className="text-xs text-muted">{relativeTime(c.createdAt)}</p>
              </div>
              {c.canDelete ? (
                <IconButton label="Delete comment" onClick={() => remove.mutate(c.id)}>
                  <TrashIcon size={14} />
                </IconButton>
              ) : null}
            </li>
          ))}
          {comments.hasNextPage ? (
            <li>
              <Button
                variant="ghost"
                size="sm"
                className="w-full"
                loading={comments.isFetchingNextPage}
                onClick={() => void comments.fetchNextPage()}
              >
                Show more comments
              </Button>
            </li>
          ) : null}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 flex items-end gap-2" aria-label="Write a comment">
        <div className="flex-1">
          <TextField
            label="Add a comment"
            value={text}
            maxLength={1000}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" loading={add.isPending} disabled={!text.trim()}>
          Send
        </Button>
      </form>
      <FormError message={add.error?.message} />
    </Dialog>
  );
}
