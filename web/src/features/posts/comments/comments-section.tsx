/** The conversation under a post: comments with one level of replies, and the forms. */
import type { Comment, Post } from '@fanspace/contracts';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/index.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LockIcon, MessageIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import { commentsOfData, useCommentsQuery } from './queries.ts';
import { threadComments } from './threads.ts';

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="flex flex-col gap-4 py-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="h-8 w-8 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="mt-2 h-3.5 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function CommentsSection({ post }: { post: Post }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const locked = !post.isUnlockedForUser;
  const query = useCommentsQuery(post.id, !locked);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const threads = threadComments(commentsOfData(query.data));

  let body;
  if (locked) {
    body = (
      <p className="flex items-center gap-2 rounded-2xl bg-surface-2 px-4 py-3 text-sm text-muted">
        <LockIcon size={16} /> Unlock this post to read and join the conversation.
      </p>
    );
  } else if (query.isPending) {
    body = <CommentsSkeleton />;
  } else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 403 ? (
        <p className="text-sm text-muted">You cannot see the comments of this post.</p>
      ) : (
        <ErrorState
          title="Could not load comments"
          onRetry={() => void query.refetch()}
          retryLabel="Retry"
        />
      );
  } else {
    body = (
      <>
        {threads.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">
            No comments yet. Start the conversation.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" aria-label="Comments">
            {threads.map(({ comment, replies }) => (
              <li key={comment.id} className="py-1">
                <CommentItem
                  comment={comment}
                  postId={post.id}
                  postOwnerId={post.userId}
                  onReply={signedIn ? setReplyTo : undefined}
                />
                {replies.length > 0 || replyTo?.id === comment.id ? (
                  <ul
                    className="ml-11 border-l border-line pl-3"
                    aria-label={`Replies to @${comment.user.username}`}
                  >
                    {replies.map((reply) => (
                      <li key={reply.id}>
                        <CommentItem
                          comment={reply}
                          postId={post.id}
                          postOwnerId={post.userId}
                          onReply={signedIn ? setReplyTo : undefined}
                        />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {replyTo &&
                (replyTo.id === comment.id || replies.some((r) => r.id === replyTo.id)) ? (
                  <div className="mb-3 ml-11 pl-3">
                    <CommentForm
                      key={replyTo.id}
                      postId={post.id}
                      replyTo={{ id: replyTo.id, username: replyTo.user.username }}
                      initialText={`@${replyTo.user.username} `}
                      autoFocus
                      onDone={() => setReplyTo(null)}
                      onCancel={() => setReplyTo(null)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load more comments
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section
      id="comments"
      aria-labelledby="comments-heading"
      className="mt-5 rounded-3xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id="comments-heading" className="mb-3 flex items-center gap-2 font-semibold text-fg">
        <MessageIcon size={18} /> Comments
        <span className="text-sm font-normal text-muted">({post.commentsCount})</span>
      </h2>
      {!locked && signedIn ? (
        <div className="mb-4">
          <CommentForm postId={post.id} />
        </div>
      ) : null}
      {!locked && !signedIn ? (
        <p className="mb-4 text-sm text-muted">
          <ButtonLink to="/login" size="sm" variant="secondary">
            Log in to comment
          </ButtonLink>
        </p>
      ) : null}
      {body}
    </section>
  );
}
