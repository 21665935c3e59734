/**
 * Admin · Posts: every post (20 a page), search, reported-only filter, delete with a reason, and
 * each post's comments with delete.
 */
import { ADMIN_TOASTS, type AdminPost, type AdminSortField } from '@fanspace/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../lib/api/index.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminKeys, deleteComment, deletePost, fetchPostComments, fetchPosts } from '../api.ts';
import { Drawer } from '../components/drawer.tsx';
import { DataTable, Pagination, type Column } from '../components/data-table.tsx';
import { SectionHeader, formatDate } from '../components/fields.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { useTableSort } from '../components/use-table-sort.ts';

export function PostsPage() {
  useDocumentTitle('Admin · Posts');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [reported, setReported] = useState(false);
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  const [commentsOf, setCommentsOf] = useState<AdminPost | null>(null);
  const sorting = useTableSort<AdminSortField<'posts'>>(
    { sortBy: 'createdAt', order: 'desc' },
    () => setPage(1),
  );
  const query = { page, search, reported, ...sorting.params };
  const posts = useQuery({
    queryKey: adminKeys.postList(query),
    queryFn: () => fetchPosts(query),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminPost>[] = [
    {
      key: 'post',
      header: 'Post',
      render: (p) => (
        <div className="max-w-sm">
          <Link to={`/p/${p.id}`} className="font-medium text-fg hover:underline">
            {p.caption.trim() ? (
              p.caption.slice(0, 120)
            ) : (
              <em className="text-muted">No caption</em>
            )}
          </Link>
          <p className="text-xs text-muted">
            {p.type} · {p.accessLevel}
            {p.price !== null ? ` · $${p.price.toFixed(2)}` : ''} · {p.mediaCount} media
          </p>
        </div>
      ),
    },
    { key: 'author', header: 'Creator', render: (p) => `@${p.user.username}` },
    {
      key: 'likes',
      header: 'Likes',
      className: 'text-right tabular-nums',
      sortKey: 'likeCount',
      render: (p) => p.likeCount,
    },
    {
      key: 'comments',
      header: 'Comments',
      className: 'text-right tabular-nums',
      sortKey: 'commentCount',
      render: (p) => p.commentCount,
    },
    {
      key: 'reports',
      header: 'Open reports',
      className: 'text-right tabular-nums',
      sortKey: 'openReports',
      render: (p) =>
        p.openReports > 0 ? (
          <span className="font-semibold text-danger">{p.openReports}</span>
        ) : (
          '0'
        ),
    },
    {
      key: 'created',
      header: 'Posted',
      className: 'min-w-28',
      sortKey: 'createdAt',
      render: (p) => formatDate(p.createdAt),
    },
    {
      key: 'act',
      header: 'Actions',
      className: 'text-right',
      render: (p) => (
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setCommentsOf(p)}
            aria-label={`Comments on post by @${p.user.username}`}
            disabled={p.commentCount === 0}
          >
            Comments ({p.commentCount})
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDeleting(p)}
            aria-label={`Delete post by @${p.user.username}`}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="w-full">
      <SectionHeader title="Posts" description="Review and remove posts." />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchForm
          className="min-w-64 flex-1"
          label="Search posts"
          placeholder="Caption text or creator"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <label className="flex h-11 items-center gap-2 text-sm font-medium text-fg">
          <input
            type="checkbox"
            className="h-4 w-4 accent-[var(--fs-accent)]"
            checked={reported}
            onChange={(e) => {
              setReported(e.target.checked);
              setPage(1);
            }}
          />
          Reported only
        </label>
      </div>
      <DataTable
        caption="Posts"
        columns={columns}
        rows={posts.data?.posts}
        rowKey={(p) => p.id}
        sorting={sorting}
        isLoading={posts.isPending}
        error={posts.error}
        onRetry={() => void posts.refetch()}
        emptyTitle={reported ? 'No reported posts' : search ? 'No posts match' : 'No posts yet'}
      />
      {posts.data ? (
        <Pagination
          label="Post pages"
          page={posts.data.currentPage}
          totalPages={posts.data.totalPages}
          total={posts.data.total}
          onChange={setPage}
        />
      ) : null}
      {deleting ? <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} /> : null}
      {commentsOf ? <CommentsDrawer post={commentsOf} onClose={() => setCommentsOf(null)} /> : null}
    </div>
  );
}

function DeletePostDialog({ post, onClose }: { post: AdminPost; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () => deletePost(post.id, reason.trim() || undefined),
    onSuccess: () => {
      toast.success(ADMIN_TOASTS.postDeleted);
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
      onClose();
    },
    onError: () => toast.error(ADMIN_TOASTS.postDeleteFailed),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete this post?"
      description={`@${post.user.username} is notified. This cannot be undone.`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="delete-post-form"
            variant="danger"
            loading={mutation.isPending}
          >
            Delete post
          </Button>
        </>
      }
    >
      <form
        id="delete-post-form"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          mutation.mutate();
        }}
      >
        {post.caption ? <p className="text-sm text-muted">“{post.caption.slice(0, 200)}”</p> : null}
        <TextareaField
          label="Reason (optional)"
          hint="Included in the notification to the creator."
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {mutation.isError ? (
          <FormError message={errorMessageOf(mutation.error, ADMIN_TOASTS.postDeleteFailed)} />
        ) : null}
      </form>
    </Dialog>
  );
}

/** A post's comments for moderation; each live one can be removed (the author is told). */
function CommentsDrawer({ post, onClose }: { post: AdminPost; onClose: () => void }) {
  const queryClient = useQueryClient();
  const comments = useQuery({
    queryKey: adminKeys.postComments(post.id),
    queryFn: () => fetchPostComments(post.id),
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => deleteComment(post.id, commentId),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts() });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Failed to delete the comment.')),
  });
  return (
    <Drawer open onClose={onClose} title={`Comments on @${post.user.username}'s post`}>
      {comments.isPending ? (
        <LoadingState label="Loading comments…" />
      ) : comments.isError ? (
        <ErrorState title="Could not load the comments" onRetry={() => void comments.refetch()} />
      ) : comments.data.comments.length === 0 ? (
        <EmptyState title="No comments" />
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Comments">
          {comments.data.comments.map((c) => (
            <li
              key={c.id}
              className={cn(
                'rounded-xl border border-line p-3 text-sm',
                c.replyToCommentId && 'ml-6',
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-fg">@{c.user.username}</span>
                <span className="text-xs text-muted">{formatDate(c.createdAt)}</span>
              </div>
              <p className={cn('mt-1', c.isDeleted ? 'text-muted italic' : 'text-fg')}>
                {c.isDeleted ? '[message deleted]' : c.text}
              </p>
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="text-xs text-muted">
                  {c.openReports > 0 ? `${c.openReports} open report(s)` : ''}
                </span>
                {c.isDeleted ? null : (
                  <Button
                    size="sm"
                    variant="danger-ghost"
                    loading={remove.isPending && remove.variables === c.id}
                    aria-label={`Delete comment by @${c.user.username}`}
                    onClick={() => remove.mutate(c.id)}
                  >
                    Delete
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
