/** One comment: author, text with links, likes, reply, and edit/delete for its author. */
import { COMMENT_TEXT_MAX, DELETED_COMMENT_TEXT, type Comment } from '@fanspace/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { HeartIcon, TrashIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { MentionTextarea } from '../../search/components/mention-textarea.tsx';
import { PencilIcon, ReplyIcon } from '../icons.tsx';
import { RichText } from '../components/rich-text.tsx';
import {
  useCommentLikeMutation,
  useDeleteCommentMutation,
  useEditCommentMutation,
} from './queries.ts';

const action =
  'inline-flex h-8 items-center gap-1 rounded-full px-2 text-xs font-medium text-muted hover:bg-surface-2 hover:text-fg';

export function CommentItem({
  comment,
  postId,
  postOwnerId,
  onReply,
}: {
  comment: Comment;
  postId: string;
  postOwnerId: string;
  onReply?: (comment: Comment) => void;
}) {
  const me = useAuthStore((s) => s.user);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const like = useCommentLikeMutation(postId);
  const edit = useEditCommentMutation(postId);
  const remove = useDeleteCommentMutation(postId);
  const name = displayNameOf(comment.user);
  const mine = me?.id === comment.userId;
  const canDelete = mine || me?.id === postOwnerId;
  const profileHref = `/u/${encodeURIComponent(comment.user.username)}`;

  if (comment.isDeleted) {
    return (
      <div className="flex gap-3 py-2">
        <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded-full bg-surface-3" />
        <p className="pt-1.5 text-sm text-subtle italic">{DELETED_COMMENT_TEXT}</p>
      </div>
    );
  }

  return (
    <div className="flex gap-3 py-2">
      <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={name} src={avatarUrlOf(comment.user)} size={32} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to={profileHref}
            className="max-w-full min-w-0 truncate font-semibold text-fg hover:underline"
          >
            {name}
          </Link>
          <span className="max-w-full min-w-0 truncate text-muted">@{comment.user.username}</span>
          <time
            dateTime={comment.createdAt}
            title={fullDateTime(comment.createdAt)}
            className="text-xs text-subtle"
          >
            {relativeTime(comment.createdAt)}
          </time>
          {comment.isEdited ? <span className="text-xs text-subtle">(edited)</span> : null}
        </p>
        {editing ? (
          <form
            className="mt-2 flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!draft.trim()) return;
              edit.mutate(
                { commentId: comment.id, text: draft.trim() },
                { onSuccess: () => setEditing(false) },
              );
            }}
          >
            <MentionTextarea
              label="Edit comment"
              hideLabel
              value={draft}
              onValueChange={setDraft}
              maxLength={COMMENT_TEXT_MAX}
              rows={2}
              autoFocus
              error={edit.isError ? errorMessageOf(edit.error, 'Could not save.') : null}
            />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" loading={edit.isPending} disabled={!draft.trim()}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <RichText text={comment.text} className="mt-0.5 text-[0.92rem] text-fg" />
        )}
        {!editing && me ? (
          <div className="-ml-2 mt-1 flex flex-wrap items-center gap-0.5">
            <button
              type="button"
              aria-pressed={comment.isLikedByCurrentUser}
              aria-label={comment.isLikedByCurrentUser ? 'Unlike comment' : 'Like comment'}
              onClick={() => like.mutate(comment.id)}
              className={cn(action, comment.isLikedByCurrentUser && 'text-pink-500')}
            >
              <HeartIcon size={15} fill={comment.isLikedByCurrentUser ? 'currentColor' : 'none'} />
              {comment.likeCount > 0 ? comment.likeCount : null}
            </button>
            {onReply ? (
              <button
                type="button"
                className={action}
                aria-label={`Reply to @${comment.user.username}`}
                onClick={() => onReply(comment)}
              >
                <ReplyIcon size={15} /> Reply
              </button>
            ) : null}
            {mine ? (
              <button
                type="button"
                className={action}
                aria-label="Edit comment"
                onClick={() => {
                  setDraft(comment.text);
                  setEditing(true);
                }}
              >
                <PencilIcon size={14} /> Edit
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                className={cn(action, 'hover:text-danger')}
                aria-label="Delete comment"
                disabled={remove.isPending}
                onClick={() => remove.mutate(comment.id)}
              >
                <TrashIcon size={14} /> Delete
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
