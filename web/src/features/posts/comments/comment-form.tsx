import { COMMENT_TEXT_MAX } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { MentionTextarea } from '../../search/components/mention-textarea.tsx';
import { useAddCommentMutation } from './queries.ts';

/** New comment or reply; Ctrl/⌘+Enter sends. */
export function CommentForm({
  postId,
  replyTo,
  initialText = '',
  autoFocus,
  onDone,
  onCancel,
}: {
  postId: string;
  replyTo?: { id: string; username: string };
  initialText?: string;
  autoFocus?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initialText);
  const add = useAddCommentMutation(postId);
  const blank = text.trim() === '';

  function submit(event?: FormEvent<HTMLFormElement>): void {
    event?.preventDefault();
    if (blank || add.isPending) return;
    add.mutate(
      { text: text.trim(), replyToCommentId: replyTo?.id ?? null },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <MentionTextarea
        label={replyTo ? `Reply to @${replyTo.username}` : 'Add a comment'}
        hideLabel
        placeholder={replyTo ? `Reply to @${replyTo.username}…` : 'Add a comment…'}
        value={text}
        onValueChange={setText}
        maxLength={COMMENT_TEXT_MAX}
        rows={2}
        autoFocus={autoFocus}
        error={add.isError ? errorMessageOf(add.error, 'Could not post your comment.') : null}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={blank} loading={add.isPending}>
          {replyTo ? 'Reply' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
