/**
 * Composer hooks: publishing a post. Publishing
 * refreshes every post list; a 403 opens the become-creator modal through the creator gate.
 */
import type { CreatePostBody, Post } from '@fanspace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPost } from '../posts/posts-api.ts';
import { postKeys } from '../posts/queries.ts';
import { profileKeys } from '../profile/queries.ts';

export function useCreatePostMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => createPost(body),
    onSuccess: (post: Post) => {
      client.setQueryData(postKeys.detail(post.id), post);
      // the author's profile counts its posts
      void client.invalidateQueries({ queryKey: profileKeys.all });
      return client.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'posts' && query.queryKey[1] !== 'detail',
      });
    },
  });
}
