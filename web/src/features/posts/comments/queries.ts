/**
 * Comment hooks (spec §4 Posts and comments): adding appends to the loaded pages; deleting is
 * optimistic and reloads the post when the server refuses; likes flip at once and roll back.
 */
import {
  DELETED_COMMENT_TEXT,
  type Comment,
  type CommentPage,
  type CreateCommentBody,
} from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { errorMessageOf, isApiError } from '../../../lib/api/index.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import {
  createComment,
  deleteComment,
  fetchComments,
  toggleCommentLike,
  updateComment,
} from '../posts-api.ts';
import { bumpCommentsCount, nextPageOf, postKeys } from '../queries.ts';

type CommentData = InfiniteData<CommentPage>;

export function useCommentsQuery(postId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchComments(postId, pageParam),
    getNextPageParam: nextPageOf,
    retry: (count, error) => !(isApiError(error) && error.status === 403) && count < 2,
  });
}

/**
 * The loaded pages' comments, each once. A comment of one's own is shown at once on the last
 * loaded page (useAddCommentMutation); when the page that really holds it loads, that copy – at
 * its place in the order – is the one kept.
 */
export function commentsOfData(data: CommentData | undefined): Comment[] {
  const seen = new Set<string>();
  const out: Comment[] = [];
  const pages = data?.pages ?? [];
  for (let p = pages.length - 1; p >= 0; p--) {
    const comments = pages[p]!.comments;
    for (let c = comments.length - 1; c >= 0; c--) {
      const comment = comments[c]!;
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      out.push(comment);
    }
  }
  return out.reverse();
}

function patchComment(
  client: QueryClient,
  postId: string,
  commentId: string,
  patch: (comment: Comment) => Comment,
): void {
  client.setQueryData<CommentData>(postKeys.comments(postId), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            comments: page.comments.map((c) => (c.id === commentId ? patch(c) : c)),
          })),
        }
      : old,
  );
}

function commentById(client: QueryClient, postId: string, commentId: string): Comment | null {
  const data = client.getQueryData<CommentData>(postKeys.comments(postId));
  return commentsOfData(data).find((c) => c.id === commentId) ?? null;
}

export function useAddCommentMutation(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => createComment(postId, body),
    onSuccess: (comment) => {
      client.setQueryData<CommentData>(postKeys.comments(postId), (old) => {
        if (!old || old.pages.length === 0) return old;
        const pages = [...old.pages];
        const last = pages[pages.length - 1]!;
        // Oldest first: a new comment belongs at the end, a reply in its thread. Both show at
        // once, though later pages may not be loaded yet: when the page holding the comment
        // loads, commentsOfData keeps that copy instead.
        pages[pages.length - 1] = { ...last, comments: [...last.comments, comment] };
        return { ...old, pages };
      });
      bumpCommentsCount(client, postId, 1);
    },
  });
}

export function useEditCommentMutation(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: string; text: string }) =>
      updateComment(postId, commentId, text),
    onSuccess: (comment) => patchComment(client, postId, comment.id, () => comment),
  });
}

export function useDeleteCommentMutation(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onMutate: (commentId) => {
      patchComment(client, postId, commentId, (c) => ({
        ...c,
        isDeleted: true,
        text: DELETED_COMMENT_TEXT,
        likeCount: 0,
        likedBy: [],
        isLikedByCurrentUser: false,
        mentions: [],
      }));
    },
    onSuccess: (comment) => {
      patchComment(client, postId, comment.id, () => comment);
      bumpCommentsCount(client, postId, -1);
    },
    onError: (error) => {
      toast.error(errorMessageOf(error, 'Could not delete the comment.'));
      // Spec §4: on failure the post is reloaded, which brings the comment back as it is.
      void client.invalidateQueries({ queryKey: postKeys.detail(postId) });
      void client.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useCommentLikeMutation(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => toggleCommentLike(postId, commentId),
    onMutate: (commentId) => {
      const before = commentById(client, postId, commentId);
      patchComment(client, postId, commentId, (c) => {
        const liked = !c.isLikedByCurrentUser;
        return {
          ...c,
          isLikedByCurrentUser: liked,
          likeCount: Math.max(0, c.likeCount + (liked ? 1 : -1)),
        };
      });
      return before;
    },
    onError: (error, commentId, before) => {
      if (isApiError(error) && error.code === 'TIMEOUT') return;
      if (before) patchComment(client, postId, commentId, () => before);
      toast.error(errorMessageOf(error, 'Could not update your like. Please try again.'));
    },
    onSuccess: (response) =>
      patchComment(client, postId, response.commentId, (c) => ({
        ...c,
        isLikedByCurrentUser: response.isLikedByCurrentUser,
        likeCount: response.likeCount,
        likedBy: response.likedBy,
      })),
  });
}
